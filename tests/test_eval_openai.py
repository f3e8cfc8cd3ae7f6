"""End to end: the `openai` agent against a local OpenAI-compatible server (stdlib http.server, scripted tool calls
including malformed ones and one HTTP 500) → results, summary, report, plots and TRL-valid trajectories."""

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from gym_fixtures import build_mini_ehr, make_tasks, write_task_split
from trl_format import check_trl_conversational

from pipeline.cli import main as cli_main
from pipeline.gym.trajectories import read_jsonl

API_KEY = "sk-test-local-key-not-secret-0001"
ANSWERS = {t.question: t.answer for t in make_tasks()}
WRONG_ON = "What is the gender of patient 10000001?"  # the scripted model gets this clean one wrong


def _call(cid: str, name: str, arguments: str) -> dict[str, Any]:
    return {"id": cid, "type": "function", "function": {"name": name, "arguments": arguments}}


def scripted_reply(messages: list[dict[str, Any]]) -> dict[str, Any]:
    """The scripted 'model': what it says depends only on the question and how many turns it has had."""
    question = next(m["content"] for m in messages if m["role"] == "user")
    turn = sum(1 for m in messages if m["role"] == "assistant")
    if turn == 0:  # an unknown tool and bad JSON in one message
        return {"role": "assistant", "content": "Let me look.", "tool_calls": [
            _call("c0a", "drop_database", "{}"), _call("c0b", "execute_sql", '{"query": "SELECT 1"')]}
    if turn == 1:  # wrong argument type, then a good query in the same message
        return {"role": "assistant", "content": None, "tool_calls": [
            _call("c1a", "execute_sql", json.dumps({"query": 5})),
            _call("c1b", "execute_sql", json.dumps({"query": "SELECT COUNT(*) AS n FROM mimiciv_hosp.patients"}))]}
    if turn == 2:
        return {"role": "assistant", "content": None, "tool_calls": [
            _call("c2", "execute_python", json.dumps({"code": "df = sql('SELECT 2 AS x')\nprint(df['x'][0] * 21)"}))]}
    if turn == 3:  # text without a tool call
        return {"role": "assistant", "content": "I think I have enough information."}
    answer = ANSWERS.get(question)
    if question == WRONG_ON:
        answer = "M"
    return {"role": "assistant", "content": None, "tool_calls": [_call("c4", "submit_answer", json.dumps({"answer": answer}))]}


class ScriptedServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.requests: list[dict[str, Any]] = []
        self.auth: set[str] = set()
        self.failed_once = False
        self.lock = threading.Lock()


class _Handler(BaseHTTPRequestHandler):
    server: ScriptedServer

    def log_message(self, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
        with self.server.lock:
            self.server.requests.append(body)
            self.server.auth.add(self.headers.get("Authorization", ""))
            fail = not self.server.failed_once
            self.server.failed_once = True
        if self.path != "/v1/chat/completions":
            return self._send(404, {"error": {"message": "not found"}})
        if fail:
            return self._send(500, {"error": {"message": "scripted internal error", "type": "server_error"}})
        message = scripted_reply(body["messages"])
        self._send(200, {
            "id": f"chatcmpl-{len(self.server.requests)}", "object": "chat.completion", "created": 0,
            "model": body["model"], "choices": [{"index": 0, "message": message,
                                                 "finish_reason": "tool_calls" if message.get("tool_calls") else "stop"}],
            "usage": {"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110},
        })

    def _send(self, status: int, payload: dict[str, Any]) -> None:
        raw = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    srv = ScriptedServer()
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()
    srv.server_close()


def test_openai_agent_end_to_end(server: ScriptedServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", API_KEY)
    url = build_mini_ehr(tmp_path / "ehr.duckdb")
    ds = write_task_split(tmp_path / "dataset")
    run = tmp_path / "run"
    base_url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    argv = ["eval", "--agent", "openai", "--model", "scripted-1", "--base-url", base_url, "--dataset", str(ds),
            "--db", url, "--split", "test", "--trials", "2", "--concurrency", "3", "--out", str(run),
            "--temperature", "0.7", "--seed", "11", "--timeout", "10", "--retries", "2", "--no-progress"]
    assert cli_main(argv) == 0

    rows = list(read_jsonl(run / "results.jsonl"))
    assert len(rows) == 28 and all(r["model"] == "scripted-1" and r["turns"] == 5 for r in rows)
    assert all(r["malformed_calls"] == 3 and r["tool_errors"] == 3 for r in rows)
    summary = json.loads((run / "summary.json").read_text())
    assert summary["clean_success"] == pytest.approx(6 / 7) and summary["noise_success"] == 1.0
    assert summary["by_intent"]["demographics"] == {"clean": 0.0, "noise": 1.0}
    assert summary["pass_hat_k"] == {"1": pytest.approx(13 / 14), "2": pytest.approx(13 / 14)}
    assert summary["tool_error_rate"] == pytest.approx(3 / 6) and summary["mean_turns"] == 5
    assert summary["n_tasks"] == 14 and summary["n_trials"] == 2
    report = (run / "report.md").read_text()
    assert "| scripted-1 | 0.0 / 100.0 |" in report and "pass^k" in report
    assert (run / "success_by_intent.png").read_bytes()[:4] == b"\x89PNG" and (run / "pass_hat_k.png").exists()

    # the request carried tools, temperature, seed and the key from the environment; the 500 was retried
    assert server.failed_once and len(server.requests) == 28 * 5 + 1
    req = server.requests[-1]
    assert {t["function"]["name"] for t in req["tools"]} == {"execute_sql", "execute_python", "submit_answer"}
    assert req["temperature"] == 0.7 and isinstance(req["seed"], int) and req["model"] == "scripted-1"
    assert server.auth == {f"Bearer {API_KEY}"}
    tool_msgs = [m for m in req["messages"] if m["role"] == "tool"]
    assert any("unknown tool 'drop_database'" in m["content"] for m in tool_msgs)
    assert any("not valid JSON" in m["content"] for m in tool_msgs)
    assert any(m["content"] == "42" for m in tool_msgs)
    for f in ("results.jsonl", "trajectories.jsonl", "summary.json", "report.md", "run.json"):
        assert API_KEY not in (run / f).read_text()

    # trajectories: OpenAI messages with metadata; export-sft output passes the TRL format check
    trajs = list(read_jsonl(run / "trajectories.jsonl"))
    assert len(trajs) == 28
    meta = trajs[0]["metadata"]
    for key in ("task_id", "pair_id", "variant", "noise_level", "intent", "reward", "model", "seed", "dataset_version"):
        assert key in meta
    out = tmp_path / "sft.jsonl"
    assert cli_main(["export-sft", "--runs", str(run), "--out", str(out)]) == 0
    examples = list(read_jsonl(out))
    assert len(examples) == 28
    for ex in examples:
        assert check_trl_conversational(ex) == [], check_trl_conversational(ex)
    assert cli_main(["export-sft", "--runs", str(run), "--out", str(out), "--arguments", "string"]) == 0
    as_text = list(read_jsonl(out))
    assert all(check_trl_conversational(ex) == [] for ex in as_text)
    call0 = as_text[0]["messages"][2]["tool_calls"][0]["function"]
    assert isinstance(call0["arguments"], str) and json.loads(call0["arguments"]) == {}
    roles = [m["role"] for m in examples[0]["messages"]]
    assert roles[:3] == ["system", "user", "assistant"] and roles[-1] == "assistant" and "tool" in roles

    # resumable: a rerun does nothing new
    n_before = len(server.requests)
    assert cli_main(argv) == 0
    assert len(server.requests) == n_before and len(list(read_jsonl(run / "results.jsonl"))) == 28


def test_a_premise_issue_scores_noise_one_and_clean_zero_through_the_openai_agent(tmp_path: Path) -> None:
    """The fake model (tests/fake_llm.py) answers every question with its Clean twin's gold and, on the cost and
    gender pairs, a premise note: the noted Noise twins succeed, the noted Clean twins are false alarms. What it
    was sent names no task, pair or variant."""
    from fake_llm import FakeLLM

    from pipeline.gym.evaluate import run_evaluation

    tasks = make_tasks()
    gold = {t.question: next(c.answer for c in tasks if c.pair_id == t.pair_id and c.variant == "clean") for t in tasks}
    pair_of = {t.question: t.pair_id for t in tasks}
    noted = {"p01", "p05"}

    def agent(messages: list[dict[str, Any]]) -> dict[str, Any]:
        question = next(m["content"] for m in messages if m["role"] == "user")
        args: dict[str, Any] = {"answer": gold[question]}
        if pair_of[question] in noted:
            args["premise_issue"] = "a stated id is not in the record"
        return {"role": "assistant", "content": None, "tool_calls": [_call("c1", "submit_answer", json.dumps(args))]}

    fake = FakeLLM()
    fake.agent = agent
    try:
        url = build_mini_ehr(tmp_path / "ehr.duckdb")
        ds = write_task_split(tmp_path / "dataset", tasks)
        s = run_evaluation(agent="openai", dataset=ds, out=tmp_path / "run", db_url=url, model="fake",
                           base_url=fake.url, agent_options={"api_key": "sk-local", "max_retries": 0}, progress=False)
    finally:
        fake.close()
    rows = {r["task_id"]: r for r in read_jsonl(tmp_path / "run" / "results.jsonl")}
    assert {k: (r["reward"], r["outcome"]) for k, r in rows.items() if k[:3] in noted} == {
        "p01-noise": (1.0, "flagged"), "p05-noise": (1.0, "flagged"),
        "p01-clean": (0.0, "false_alarm"), "p05-clean": (0.0, "false_alarm")}
    assert s["clean_success"] == 5 / 7 and s["noise_success"] == 2 / 7 and s["noise_success_strict"] == 0.0
    assert s["pair_success"] == 0.0 and s["robust_given_clean"] == 0.0
    assert s["detection"] == {"precision": 0.5, "recall": 2 / 7}
    assert all("premise_issue" in json.dumps(b["tools"]) for b in fake.bodies)
    sent = json.dumps([b["messages"] for b in fake.bodies]).casefold()
    assert not any(f"p0{i}" in sent for i in range(1, 8)) and "clean" not in sent and "noise" not in sent
    # trajectories and the TRL export carry the note: the last assistant turn's submit_answer call has it
    from pipeline.gym.trajectories import export_sft

    out = tmp_path / "sft.jsonl"
    assert export_sft([tmp_path / "run"], out, successful_only=True, variant="noise") == 2  # the two noted twins
    calls = [ex["messages"][-1]["tool_calls"][0]["function"]["arguments"] for ex in read_jsonl(out)]
    assert [c["premise_issue"] for c in calls] == ["a stated id is not in the record"] * 2
    assert all(check_trl_conversational(ex) == [] for ex in read_jsonl(out))
    traj = {t["metadata"]["task_id"]: t["metadata"] for t in read_jsonl(tmp_path / "run" / "trajectories.jsonl")}
    assert traj["p05-noise"]["premise_issue"] == "a stated id is not in the record"
    assert traj["p05-noise"]["outcome"] == "flagged"


def test_unreachable_endpoint_records_errors_not_results(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", API_KEY)
    url = build_mini_ehr(tmp_path / "ehr.duckdb")
    ds = write_task_split(tmp_path / "dataset", make_tasks()[:2])
    srv = ScriptedServer()  # take a free port, then close it: nothing listens there
    port = srv.server_address[1]
    srv.server_close()
    from pipeline.gym.evaluate import run_evaluation

    with pytest.raises(ValueError, match="no results"):
        run_evaluation(agent="openai", dataset=ds, out=tmp_path / "run", db_url=url, model="m",
                       base_url=f"http://127.0.0.1:{port}/v1", agent_options={"timeout_s": 2, "max_retries": 0},
                       progress=False)
    errors = list(read_jsonl(tmp_path / "run" / "errors.jsonl"))
    assert len(errors) == 2 and "Connection" in errors[0]["error"]
