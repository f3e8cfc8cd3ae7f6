"""`robustgym mcp` driven by the MCP SDK's own client over stdio: list the tools, solve a Clean task, abstain on a
Noise task, refuse bad calls, record everything once in eval's format, and resume after a restart."""

import json
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from gym_fixtures import build_mini_ehr, write_task_split
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from pipeline.gym.trajectories import read_jsonl

ROBUSTGYM = str(Path(sys.executable).with_name("robustgym"))


@pytest.fixture(scope="module")
def mini(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    base = tmp_path_factory.mktemp("mcp")
    return build_mini_ehr(base / "ehr.duckdb"), write_task_split(base / "dataset")


def _text(result: Any) -> str:
    return "".join(c.text for c in result.content)


async def _session(url: str, ds: Path, run: Path, script) -> Any:
    params = StdioServerParameters(command=ROBUSTGYM, args=["mcp", "--dataset", str(ds), "--db", url, "--out", str(run),
                                                            "--model", "client-under-test"])
    async with Client(params, read_timeout_seconds=60) as client:
        return await script(client)


def _find(tasks: list[dict[str, Any]], intent: str, question_start: str, questions: dict[str, str]) -> str:
    return next(t["task_id"] for t in tasks if t["intent"] == intent and questions[t["task_id"]].startswith(question_start))


def test_an_mcp_client_solves_abstains_and_is_recorded_once(mini: tuple[str, Path], tmp_path: Path) -> None:
    url, ds = mini
    run = tmp_path / "run"

    async def script(client: Any) -> dict[str, Any]:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        assert list(tools) == ["list_tasks", "start_task", "execute_sql", "execute_python", "submit_answer"]
        assert tools["execute_sql"].input_schema["required"] == ["query"]
        listing = json.loads(_text(await client.call_tool("list_tasks", {"limit": 100})))
        assert listing["total"] == 14 and not any("clean" in t["task_id"] or "noise" in t["task_id"]
                                                  for t in listing["tasks"])
        demographics = json.loads(_text(await client.call_tool("list_tasks", {"intent": "demographics"})))["tasks"]
        assert len(demographics) == 2

        bad = await client.call_tool("execute_sql", {"query": "SELECT 1"})  # before start_task
        assert bad.is_error and "no task in progress: call start_task" in _text(bad)
        bad = await client.call_tool("start_task", {"task_id": "p01-clean"})
        assert bad.is_error and "unknown task id 'p01-clean'" in _text(bad)

        seen: dict[str, str] = {}
        for t in demographics:
            text = _text(await client.call_tool("start_task", {"task_id": t["task_id"]}))
            seen[t["task_id"]] = text
            busy = await client.call_tool("start_task", {"task_id": t["task_id"]})
            assert busy.is_error and "in progress" in _text(busy)
            question = text.rsplit("\n", 1)[-1]
            assert "`premise_issue`" in text and "Submit `null` as the answer when" in text  # eval's base prompt
            patient = question.rstrip("?").rsplit(" ", 1)[-1]
            py = await client.call_tool("execute_python", {"code": "print(sql('SELECT 20 + 1 AS x')['x'][0] * 2)"})
            assert not py.is_error and _text(py).strip() == "42"  # the same sandbox, reaching the EHR via sql()
            crash = await client.call_tool("execute_python", {"code": "1 / 0"})
            assert crash.is_error and "ZeroDivisionError" in _text(crash)
            malformed = await client.call_tool("execute_sql", {"query": ""})
            assert malformed.is_error and "execute_sql needs a non-empty string argument 'query'" in _text(malformed)
            rows = _text(await client.call_tool(
                "execute_sql", {"query": f"SELECT gender FROM mimiciv_hosp.patients WHERE subject_id = {patient}"}))
            answer = rows.splitlines()[2] if rows.startswith("1 row") else None  # the Clean one has it, Noise not
            done = await client.call_tool("submit_answer", {"answer": answer})
            assert not done.is_error and _text(done) == "Answer submitted."  # never the verdict
            again = await client.call_tool("submit_answer", {"answer": answer})
            assert again.is_error and "already finished" in _text(again)
        finished = await client.call_tool("start_task", {"task_id": demographics[0]["task_id"]})
        assert finished.is_error and "is done" in _text(finished)
        return seen

    started = anyio.run(_session, url, ds, run, script)

    rows = list(read_jsonl(run / "results.jsonl"))
    assert sorted(r["task_id"] for r in rows) == ["p01-clean", "p01-noise"]
    assert all(r["correct"] and r["agent"] == "mcp" and r["model"] == "client-under-test" for r in rows)
    by_id = {r["task_id"]: r for r in rows}
    assert by_id["p01-clean"]["answer"] == "F" and by_id["p01-noise"]["answer"] is None
    assert by_id["p01-clean"]["malformed_calls"] == 0 and by_id["p01-clean"]["turns"] == 4  # refused calls not stepped
    assert by_id["p01-clean"]["tool_errors"] == 1  # the ZeroDivisionError
    trajectories = list(read_jsonl(run / "trajectories.jsonl"))
    assert len(trajectories) == 2 and trajectories[0]["messages"][0]["role"] == "system"
    summary = json.loads((run / "summary.json").read_text())  # rendered when the server stopped
    assert summary["n_episodes"] == 2 and summary["by_intent"]["demographics"] == {"clean": 1.0, "noise": 1.0}
    assert json.loads((run / "run.json").read_text())["agent"] == "mcp"

    assert len(bytes.fromhex((run / "mcp_key").read_text())) == 32
    # a restarted server resumes: the two finished tasks are done, another is still open
    async def resume(client: Any) -> None:
        listing = json.loads(_text(await client.call_tool("list_tasks", {"limit": 100})))["tasks"]
        assert {t["task_id"] for t in listing if t["done"]} == set(started)  # same handles after the restart
        open_task = next(t["task_id"] for t in listing if not t["done"])
        assert not (await client.call_tool("start_task", {"task_id": open_task})).is_error
        bad = await client.call_tool("list_tasks", {"limit": 0})
        assert bad.is_error and "list_tasks needs an integer argument 'limit'" in _text(bad)
        assert not (await client.call_tool("submit_answer", {"answer": 1})).is_error

    anyio.run(_session, url, ds, run, resume)
    rows = list(read_jsonl(run / "results.jsonl"))
    assert len(rows) == 3 and len({r["task_id"] for r in rows}) == 3


def test_a_premise_issue_scores_noise_one_and_clean_zero_over_mcp(mini: tuple[str, Path], tmp_path: Path) -> None:
    """The cost pair (admission 20000001, and its twin naming 20000009): the same answer with a premise note is a
    success on the Noise twin and a false alarm on the Clean one."""
    url, ds = mini
    run = tmp_path / "run"

    async def script(client: Any) -> list[str]:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        assert set(tools["submit_answer"].input_schema["properties"]) == {"answer", "premise_issue"}
        cost = json.loads(_text(await client.call_tool("list_tasks", {"intent": "cost"})))["tasks"]
        texts = []
        for t in cost:
            texts.append(_text(await client.call_tool("start_task", {"task_id": t["task_id"]})))
            bad = await client.call_tool("submit_answer", {"answer": 42.75, "premise_issue": ["not", "text"]})
            assert bad.is_error and "needs a string argument 'premise_issue'" in _text(bad)
            done = await client.call_tool("submit_answer", {"answer": 42.75,
                                                            "premise_issue": "admission 20000009 is not on record"})
            assert _text(done) == "Answer submitted."
        return texts

    texts = anyio.run(_session, url, ds, run, script)
    assert not any(w in x.casefold() for x in texts for w in ("p05", "clean", "noise"))
    rows = {r["task_id"]: r for r in read_jsonl(run / "results.jsonl")}
    assert set(rows) == {"p05-clean", "p05-noise"}
    assert (rows["p05-noise"]["reward"], rows["p05-noise"]["outcome"]) == (1.0, "flagged")
    assert (rows["p05-clean"]["reward"], rows["p05-clean"]["outcome"]) == (0.0, "false_alarm")
    assert rows["p05-noise"]["premise_issue"] == "admission 20000009 is not on record"
    summary = json.loads((run / "summary.json").read_text())
    assert summary["noise_success"] == 1.0 and summary["noise_success_strict"] == 0.0
    assert summary["outcomes"]["false_alarm"] == 1 and summary["error_categories"] == {"false_alarm": 1}


def test_streamable_http_on_localhost_records_and_reports_on_sigterm(mini: tuple[str, Path], tmp_path: Path) -> None:
    import socket
    import subprocess
    import time

    url, ds = mini
    run = tmp_path / "run"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([ROBUSTGYM, "mcp", "--dataset", str(ds), "--db", url, "--out", str(run), "--port", str(port)],
                            stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.2)

        async def script() -> None:
            async with Client(f"http://127.0.0.1:{port}/mcp") as client:
                first = json.loads(_text(await client.call_tool("list_tasks", {"limit": 1})))["tasks"][0]["task_id"]
                await client.call_tool("start_task", {"task_id": first})
                assert _text(await client.call_tool("submit_answer", {"answer": None})) == "Answer submitted."

        anyio.run(script)
    finally:
        proc.terminate()
        assert proc.wait(timeout=60) == 0, proc.stderr.read().decode()[-2000:]
    assert len(list(read_jsonl(run / "results.jsonl"))) == 1
    assert json.loads((run / "summary.json").read_text())["n_episodes"] == 1
