"""The agent boundary: tools as one registry, agents that never see the Task, and the two system prompts."""

import inspect
import json
from pathlib import Path
from typing import Any

import pytest
from gym_fixtures import build_mini_ehr, write_task_split

from pipeline.gym.agents import Agent, make_agent
from pipeline.gym.agents.base import AGENT_INFO_KEYS
from pipeline.gym.env import ENV_TOOLS, TOOLS, EnvConfig, RobustGymEnv, system_prompt
from pipeline.gym.evaluate import run_episode, run_evaluation
from pipeline.gym.tasks import Task, load_tasks
from pipeline.gym.tools import ToolCallError
from pipeline.gym.trajectories import read_jsonl


@pytest.fixture(scope="module")
def mini(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    base = tmp_path_factory.mktemp("tools")
    return build_mini_ehr(base / "ehr.duckdb"), write_task_split(base / "dataset")


def test_the_registry_is_what_agents_are_shown() -> None:
    assert ENV_TOOLS.openai_schemas() == TOOLS
    assert [t["function"]["name"] for t in TOOLS] == ["execute_sql", "execute_python", "submit_answer"]


@pytest.mark.parametrize(("name", "raw", "message"), [
    ("execute_sql", "{}", "execute_sql needs a non-empty string argument 'query'"),
    ("execute_sql", '{"query": "  "}', "execute_sql needs a non-empty string argument 'query'"),
    ("execute_sql", '{"query": 5}', "execute_sql needs a non-empty string argument 'query'"),
    ("execute_python", '{"code": null}', "execute_python needs a non-empty string argument 'code'"),
    ("submit_answer", '{"value": 3}', "submit_answer needs an argument 'answer' (use null for no answer)"),
    ("submit_answer", "[1]", "arguments of submit_answer must be a JSON object"),
    ("submit_answer", '{"answer": ', "arguments of submit_answer are not valid JSON"),
    ("drop_database", "{}", "unknown tool 'drop_database'; available tools: execute_sql, execute_python, submit_answer"),
])
def test_arguments_are_checked_against_the_schema(name: str, raw: str, message: str) -> None:
    with pytest.raises(ToolCallError) as err:
        ENV_TOOLS.resolve(name, raw)
    assert str(err.value).startswith(message)


def test_valid_arguments_pass_and_null_is_an_answer() -> None:
    assert ENV_TOOLS.resolve("submit_answer", '{"answer": null}')[1] == {"answer": None}
    assert ENV_TOOLS.resolve("execute_sql", {"query": "SELECT 1"})[1] == {"query": "SELECT 1"}


class RecordingAgent:
    """Records everything it is handed, then answers from what it saw."""

    name = "recording"
    model = None

    def __init__(self) -> None:
        self.seen: list[tuple[Any, ...]] = []

    def act(self, messages: list[dict[str, Any]], info: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        self.seen.append((messages, info, dict(state)))
        return {"role": "assistant", "content": None, "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "submit_answer", "arguments": '{"answer": null}'}}]}


def test_an_agent_never_receives_the_task(mini: tuple[str, Path]) -> None:
    assert "task" not in inspect.signature(Agent.act).parameters
    url, ds = mini
    tasks = load_tasks(ds)
    env = RobustGymEnv(tasks, url, config=EnvConfig(max_turns=3))
    agent = RecordingAgent()
    try:
        for task in tasks:
            run_episode(env, agent, task, seed=1)
    finally:
        env.close()
    assert len(agent.seen) == len(tasks)
    for messages, info, state in agent.seen:
        assert set(info) <= set(AGENT_INFO_KEYS) and "variant" not in info
        blob = json.dumps([messages, {k: v for k, v in info.items() if k != "tools"}, state], default=str)
        assert "failed_condition" not in blob and "reference_sql" not in blob
        assert not any(isinstance(v, Task) for v in (*info.values(), *state.values()))
    # the gold answers are nowhere in what the agent saw (Clean answers of the mini split are distinctive)
    everything = json.dumps([s[:2] for s in agent.seen], default=str)
    assert "42.75" not in everything and "Furosemide" not in everything


def test_only_ground_truth_baselines_get_the_tasks(mini: tuple[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    tasks = load_tasks(mini[1])
    assert make_agent("oracle", tasks=tasks).tasks and make_agent("premise-blind", tasks=tasks).tasks
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    assert not hasattr(make_agent("openai", tasks=tasks, model="m"), "tasks")


def test_base_prompt_is_neutral_and_evidence_adds_premise_checks(mini: tuple[str, Path], tmp_path: Path) -> None:
    base, evidence = system_prompt(EnvConfig()), system_prompt(EnvConfig(), prompt="evidence")
    assert "Submit `null` when the record holds no answer." in base
    for hint in ("premise", "does not exist", "contradicts", "Do not guess"):
        assert hint not in base and hint in evidence
    assert "premise" not in json.dumps(TOOLS)
    url, ds = mini
    run_evaluation(agent="null", dataset=ds, out=tmp_path, db_url=url, limit=2, progress=False, prompt="evidence")
    run = json.loads((tmp_path / "run.json").read_text())
    assert run["prompt"] == "evidence" and len(run["prompt_sha256"]) == 64
    trajectory = next(iter(read_jsonl(tmp_path / "trajectories.jsonl")))
    assert trajectory["messages"][0]["content"] == evidence
    with pytest.raises(ValueError, match="prompt"):
        run_evaluation(agent="null", dataset=ds, out=tmp_path, db_url=url, limit=2, progress=False, prompt="base")
    with pytest.raises(ValueError, match="unknown prompt 'terse'"):
        system_prompt(EnvConfig(), prompt="terse")
