"""The LLM rewriter and judge through a local OpenAI-compatible server started by the test (stdlib http.server):
success with an on-disk cache, and every fault becoming a rejection with its reason — timeout, HTTP 500,
malformed JSON, a rewrite that drops a slot, a judge that says the meaning changed."""

import time
from pathlib import Path

import polars as pl
import pytest
from fake_llm import FakeLLM

from pipeline.construction.config import BuildConfig, LLMConfig
from pipeline.construction.requests.family import load_synonyms
from pipeline.construction.rewriting.pipeline import rewrite_pairs
from pipeline.construction.sqlexec import SetRunner
from pipeline.construction.steps import (
    families_from_frame,
    step_bind,
    step_families,
    step_noise,
    step_verify,
)
from pipeline.ehr.database import connect

DATA = Path(__file__).parent / "data" / "families"


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
    contracts, _ = step_verify(db, fams, bindings, cfg)
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
