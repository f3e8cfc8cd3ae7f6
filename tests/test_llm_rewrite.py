"""The LLM rewriter and judge through a local OpenAI-compatible server started by the test (stdlib http.server):
success with an on-disk cache, and every fault becoming a rejection with its reason — timeout, HTTP 500,
malformed JSON, a rewrite that drops a slot, a judge that says the meaning changed."""

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import polars as pl
import pytest

from pipeline.construction.config import BuildConfig, LLMConfig
from pipeline.construction.requests.family import load_synonyms
from pipeline.construction.rewriting.pipeline import rewrite_pairs
from pipeline.construction.sqlexec import SetRunner
from pipeline.construction.steps import (
    families_from_frame,
    step_bind,
    step_contracts,
    step_families,
    step_noise,
)
from pipeline.ehr.database import connect

DATA = Path(__file__).parent / "data" / "families"


class FakeLLM:
    """Answers chat.completions like a model would, in the mode the test sets."""

    def __init__(self) -> None:
        self.mode = "ok"
        self.judge = "yes"
        self.requests = 0
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def reply(self, prompt: str) -> tuple[int, str]:
        payload = json.loads(prompt[prompt.rindex("\n{\n") + 1:])
        if prompt.startswith("You check"):
            ok = self.judge == "yes"
            return 200, json.dumps({"clean_same_meaning": True, "noise_same_meaning": ok,
                                    "reason": "" if ok else "the threshold became a different condition"})
        if self.mode == "garbage":
            return 200, "Sure! Here are the rewrites: clean -> ..., noise -> ..."
        clean, noise = payload["clean"], payload["noise"]
        if self.mode == "drop":
            kept = max((str(v) for k, v in payload["keep"]["clean"].items() if k not in payload["differs"]), key=len)
            clean, noise = clean.replace(kept, "it"), noise.replace(kept, "it")
        reword = lambda q: "For the record: " + q[0].lower() + q[1:]  # noqa: E731
        return 200, "```json\n" + json.dumps({"clean": reword(clean), "noise": reword(noise)}) + "\n```"

    def _handler(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # quiet
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                fake.requests += 1
                if fake.mode == "timeout":
                    time.sleep(2.0)
                if fake.mode == "500":
                    self.send_response(500)
                    self.send_header("Content-Type", "application/json")
                    self.end_headers()
                    self.wfile.write(b'{"error": {"message": "boom"}}')
                    return
                status, content = fake.reply(body["messages"][-1]["content"])
                data = json.dumps({"id": "x", "object": "chat.completion", "created": 0, "model": body["model"],
                                   "choices": [{"index": 0, "finish_reason": "stop",
                                                "message": {"role": "assistant", "content": content}}],
                                   "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        return Handler

    def close(self) -> None:
        self.server.shutdown()


@pytest.fixture(scope="module")
def fake_llm():
    f = FakeLLM()
    yield f
    f.close()


@pytest.fixture(scope="module")
def built(tiny_duckdb_url, tmp_path_factory):
    cfg = BuildConfig(contracts_dir=str(DATA / "contracts"), sql_dir=str(DATA / "sql"), per_family_cap=20,
                      outputs_dir=str(tmp_path_factory.mktemp("out")))
    db = connect(tiny_duckdb_url)
    fams = families_from_frame(step_families(cfg))
    bindings, _ = step_bind(db, fams, cfg)
    contracts, _ = step_contracts(db, fams, bindings, cfg)
    pairs, _ = step_noise(db, fams, contracts, cfg)
    pairs = pairs.filter(pl.col("status") == "accepted").head(6)
    assert pairs.height == 6
    yield db, fams, pairs, load_synonyms(DATA / "contracts" / "synonyms.yaml")
    db.close()


def _run(built, fake, tmp_path, **llm):
    db, fams, pairs, syn = built
    cfg = LLMConfig(enabled=True, base_url=fake.url, model="fake-model", timeout_s=llm.pop("timeout_s", 5.0),
                    max_retries=llm.pop("max_retries", 0), concurrency=3, cache_dir=str(tmp_path / "cache"), **llm)
    frame, stats = rewrite_pairs(SetRunner(db), fams, pairs, syn, seed=0, llm=cfg)
    return frame, stats


def test_llm_rewrite_ok_and_cached(built, fake_llm, tmp_path):
    fake_llm.mode, fake_llm.judge = "ok", "yes"
    before = fake_llm.requests
    frame, stats = _run(built, fake_llm, tmp_path)
    assert frame["status"].to_list() == ["accepted"] * 6, frame["detail"].to_list()
    assert all(q.startswith("For the record: ") for q in frame["clean_question"].to_list())
    assert set(frame["rewriter"].to_list()) == {"llm:fake-model"}
    assert fake_llm.requests - before == 12  # 6 rewrites + 6 judgements
    assert stats["llm_calls"] == 12
    again = fake_llm.requests
    frame2, stats2 = _run(built, fake_llm, tmp_path)
    assert fake_llm.requests == again and stats2["llm_cache_hits"] == 12  # reruns are free …
    assert frame2.equals(frame)  # … and reproducible
    assert len(list((tmp_path / "cache").rglob("*.json"))) == 12


@pytest.mark.parametrize(("mode", "judge", "reason"), [
    ("500", "yes", "llm_http_error"),
    ("garbage", "yes", "llm_malformed_json"),
    ("drop", "yes", "slot_dropped"),
    ("ok", "no", "judge_changed_meaning"),
])
def test_llm_faults_become_rejections(built, fake_llm, tmp_path, mode, judge, reason):
    fake_llm.mode, fake_llm.judge = mode, judge
    frame, _ = _run(built, fake_llm, tmp_path)
    assert frame["status"].to_list() == ["rejected"] * 6
    assert set(frame["reason"].to_list()) == {reason}, frame["detail"].to_list()[:2]
    assert all(d for d in frame["detail"].to_list())
    if mode != "ok":
        assert not list((tmp_path / "cache").rglob("*.json")) or mode == "drop"  # failures are not cached


def test_llm_timeout(built, fake_llm, tmp_path):
    fake_llm.mode = "timeout"
    start = time.perf_counter()
    frame, _ = _run(built, fake_llm, tmp_path, timeout_s=0.4)
    assert set(frame["reason"].to_list()) == {"llm_timeout"}
    assert time.perf_counter() - start < 10
