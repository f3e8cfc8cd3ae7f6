"""1,000 fuzzed tool calls (random JSON, huge strings, wrong types, broken messages): the environment never raises,
always answers every call id, and still works afterwards."""

import json
import random
import string
from pathlib import Path
from typing import Any

import pytest
from gym_fixtures import build_mini_ehr, make_tasks

from pipeline.gym.env import TOOL_NAMES, EnvConfig, RobustGymEnv
from pipeline.gym.sandbox import SandboxLimits

N_CALLS = 1000


def _random_json(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([0, -1, 2**63, -(2**70), rng.randint(-10**6, 10**6)])
    if kind == 3:
        return rng.choice([0.0, -0.0, 1e308, -1e-308, rng.uniform(-1e6, 1e6)])
    if kind in (4, 5):
        return _random_text(rng)
    if kind in (6, 7):
        return [_random_json(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {_random_text(rng, 12): _random_json(rng, depth + 1) for _ in range(rng.randrange(4))}


def _random_text(rng: random.Random, max_len: int = 40) -> str:
    pools = [string.printable, "'\";\\\0\n\t{}[]()%$", "αβγ€漢字🙂\u202e\ufeff", "SELECT FROM WHERE ; -- /* */"]
    pool = rng.choice(pools)
    return "".join(rng.choice(pool) for _ in range(rng.randrange(max_len)))


def _random_arguments(rng: random.Random, name: str) -> Any:
    r = rng.random()
    if r < 0.15:
        return _random_text(rng, 60)  # not JSON
    if r < 0.2:
        return "x" * rng.choice([10_000, 300_000])  # huge string
    if r < 0.3:
        return json.dumps(_random_json(rng))  # JSON, usually not an object
    if r < 0.4:
        return {"query": _random_json(rng), "code": _random_json(rng)}  # wrong types, dict instead of string
    if r < 0.45:
        return None
    if name == "execute_sql":
        q = rng.choice(["SELECT 1", "SELECT * FROM mimiciv_hosp.patients", _random_text(rng, 80), "SELECT '" + "a" * 5000 + "'",
                        "SELECT " + ", ".join(["1"] * 300)])
        return json.dumps({"query": q, **({"extra": _random_json(rng)} if rng.random() < 0.3 else {})})
    if name == "execute_python":
        code = rng.choice(["print(1)", "1/0", _random_text(rng, 30), "sql(" + repr(_random_text(rng, 20)) + ")"])
        return json.dumps({"code": code})
    if name == "submit_answer":
        return json.dumps({"answer": _random_json(rng)})
    return json.dumps(_random_json(rng))


def _random_action(rng: random.Random, turn: int) -> Any:
    r = rng.random()
    if r < 0.03:
        return _random_json(rng)  # not a message at all
    if r < 0.06:
        return {"role": "assistant", "content": _random_json(rng)}
    calls = []
    for i in range(rng.choice([1, 1, 1, 2, 3])):
        # python is the slow tool (a fork per call): keep it rare so the test stays fast
        name = rng.choices([*TOOL_NAMES, "", "rm_rf", None, 7], weights=[45, 4, 10, 3, 3, 2, 2])[0]
        call: Any = {"id": rng.choice([f"c{turn}_{i}", "", None, 5, "dup"]), "type": "function",
                     "function": {"name": name, "arguments": _random_arguments(rng, str(name))}}
        if rng.random() < 0.05:
            call = rng.choice([None, "call", [], {"function": "x"}, {"id": "z"}])
        calls.append(call)
    return {"role": "assistant", "content": rng.choice([None, "", _random_text(rng)]), "tool_calls": calls}


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory):
    path: Path = tmp_path_factory.mktemp("fuzz") / "ehr.duckdb"
    build_mini_ehr(path)
    e = RobustGymEnv(make_tasks(), f"duckdb:///{path}", config=EnvConfig(
        max_turns=30, sql_timeout_s=2.0, python=SandboxLimits(timeout_s=2.0, cpu_s=2)))
    yield e
    e.close()


def test_thousand_fuzzed_tool_calls_never_crash(env: RobustGymEnv) -> None:
    rng = random.Random(20261129)
    task_ids = sorted(env.tasks)
    env.reset(options={"task_id": task_ids[0]})
    n_calls = 0
    episodes = 1
    while n_calls < N_CALLS:
        action = _random_action(rng, n_calls)
        obs, reward, terminated, truncated, info = env.step(action)
        assert isinstance(obs, list) and obs, action
        assert reward in (0.0, 1.0)
        for m in obs:
            assert m["role"] in ("tool", "user") and isinstance(m["content"], str)
        sent = env.messages[-len(obs) - 1]
        assert sent["role"] == "assistant"
        ids = [c["id"] for c in sent.get("tool_calls", [])]
        assert len(ids) == len(set(ids)), "tool call ids must be unique after normalisation"
        assert [m["tool_call_id"] for m in obs if m["role"] == "tool"] == ids
        json.dumps(env.messages)  # the transcript stays serialisable
        n_calls += max(1, len(ids))
        if terminated or truncated:
            env.reset(options={"task_id": rng.choice(task_ids)})
            episodes += 1
    env.reset(options={"task_id": "p01-clean"})
    obs, *_ = env.step({"role": "assistant", "tool_calls": [{"id": "ok", "type": "function", "function": {
        "name": "execute_sql", "arguments": '{"query": "SELECT gender FROM mimiciv_hosp.patients WHERE subject_id = 10000001"}'}}]})
    assert obs[0]["content"] == "1 row\ngender\nF"
    assert episodes > 10
