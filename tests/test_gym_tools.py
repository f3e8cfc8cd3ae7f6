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
        assert set(info) <= set(AGENT_INFO_KEYS) and "variant" not in info and "task_id" not in info
        blob = json.dumps([messages, {k: v for k, v in info.items() if k != "tools"}, state], default=str)
        assert "failed_condition" not in blob and "reference_sql" not in blob
        assert not any(isinstance(v, Task) for v in (*info.values(), *state.values()))
    keys = [info["episode"] for _, info, _ in agent.seen]
    assert len(set(keys)) == len(tasks) and all(k.startswith("t") and len(k) == 13 for k in keys)
    # the gold answers are nowhere in what the agent saw (Clean answers of the mini split are distinctive)
    everything = json.dumps([s[:2] for s in agent.seen], default=str)
    assert "42.75" not in everything and "Furosemide" not in everything


def test_every_error_text_and_result_is_free_of_ids_and_variants(mini: tuple[str, Path]) -> None:
    """The leak probe's calls (unknown tool, bad JSON, failing SQL, the reference SQL, a bad premise_issue, a
    crashing Python call, two submits) on every mini task: no string it receives names the task."""
    from leak_probe import LeakProbe, walk

    url, ds = mini
    tasks = load_tasks(ds)
    env = RobustGymEnv(tasks, url, config=EnvConfig(max_turns=4))
    probe = LeakProbe(tasks, env.episode_keys, python=True)
    try:
        walk(env, tasks, probe)
        assert probe.episodes == {t.task_id for t in tasks} and probe.leaks() == []
        text = json.dumps(env.messages)
        assert "[not executed: the answer was already submitted]" in text and "ZeroDivisionError" in text
        assert "needs a string argument 'premise_issue'" in text  # the probe's premise_issue 5
        # the probe can fail: the dataset's id in a tool result is caught
        env.reset(options={"task_id": "p01-noise"})
        probe.check(tasks[1], [{"role": "tool", "content": "row p01 of 3"}])
        assert [f[:2] for f in probe.leaks()] == [("p01-noise", "p01")]
        # what the agent sent itself (the reference SQL and its comments) is not something it received
        probe.check(tasks[1], [{"role": "assistant", "content": "-- conditions and noise candidates"}])
        assert [f[:2] for f in probe.leaks()] == [("p01-noise", "p01")]
    finally:
        env.close()


def test_only_ground_truth_baselines_get_the_tasks(mini: tuple[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    tasks = load_tasks(mini[1])
    keys = {t.task_id: f"k{i}" for i, t in enumerate(tasks)}
    for name in ("oracle", "premise-blind", "flagger"):
        assert set(make_agent(name, tasks=tasks, episode_keys=keys).tasks) == set(keys.values())
    with pytest.raises(ValueError, match="no episode key for 14 task"):
        make_agent("oracle", tasks=tasks)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    assert not hasattr(make_agent("openai", tasks=tasks, model="m"), "tasks")


def test_base_prompt_states_the_contract_and_evidence_adds_premise_checks(mini: tuple[str, Path],
                                                                          tmp_path: Path) -> None:
    base, evidence = system_prompt(EnvConfig()), system_prompt(EnvConfig(), prompt="evidence")
    # the contract: stated details are premises; the answer, plus a premise_issue when the record contradicts one
    for clause in ("the details it states are premises about that record", "`premise_issue`",
                   "Submit `null` as the answer when\n  nothing can be answered"):
        assert clause in base, clause
    # the evidence prompt (Table 3's PE) stays the stronger instruction; neither teaches the noise operators
    for hint in ("Check every premise", "does not exist", "Do not guess", "do not substitute"):
        assert hint not in base and hint in evidence
    for operator_word in ("care unit", "cohort size", "title", "shift", "swap"):
        assert operator_word not in base.split("## Database schema")[0]
    assert "premise_issue" in json.dumps(TOOLS)
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
