"""Step 4: rewrite each pair jointly (offline by default, LLM when configured) and validate every rewrite.
A pair whose rewrite fails any check is rejected with its reason — never dropped silently, never half-kept."""

import json
import logging
import time
from collections import Counter
from typing import Any

import polars as pl

from pipeline.common.answers import is_no_answer
from pipeline.common.hashing import canonical_json
from pipeline.construction.config import LLMConfig
from pipeline.construction.layouts import REWRITTEN
from pipeline.construction.requests.family import Family
from pipeline.construction.rewriting.llm import (
    JUDGE_CHECK,
    REWRITE_CHECK,
    LLMClient,
    LLMFailure,
    load_prompt,
    run_parallel,
)
from pipeline.construction.rewriting.offline import (
    Synonyms,
    accepted_spellings,
    display_slot,
    rewrite_pair,
    slots_in_form,
)
from pipeline.construction.rewriting.validate import validate_rewrite
from pipeline.construction.sqlexec import SetRunner
from pipeline.construction.verification.verify import make_answer
from pipeline.ehr.database import QueryError

log = logging.getLogger(__name__)

def _llm_payload(fam: Family, pair: dict, form: int, clean_q: str, noise_q: str, synonyms: Synonyms, seed: int) -> dict:
    clean, noise = json.loads(pair["clean_slots"]), json.loads(pair["noise_slots"])
    req = slots_in_form(fam, form)
    keep = {v: {s: display_slot(fam, s, sl[s], synonyms, seed=seed, pair_id=pair["pair_id"]) for s in req}
            for v, sl in (("clean", clean), ("noise", noise))}
    syn = {s: accepted_spellings(fam, s, clean[s], synonyms) for s in req if accepted_spellings(fam, s, clean[s], synonyms)}
    return {"intent": fam.spec.intent, "level": fam.spec.level, "description": fam.spec.description,
            "clean": clean_q, "noise": noise_q, "keep": keep,
            "differs": sorted(s for s in req if clean[s] != noise[s]), "synonyms": syn}


def reexecute(runner: SetRunner, families: dict[str, Family], rows: list[dict]) -> dict[str, str]:
    """pair_id → problem, for pairs whose reference SQL no longer gives the contract's answer (clean) or gives one
    (noise). Set-based: two queries per family and chunk."""
    problems: dict[str, str] = {}
    by_family: dict[str, list[dict]] = {}
    for r in rows:
        by_family.setdefault(r["family"], []).append(r)
    def one(item: tuple[str, list[dict]]) -> tuple[Any, Any, str | None]:
        fam_id, rs = item
        fam = families[fam_id]
        ref, kinds = fam.text(fam.spec.reference), fam.slot_kinds
        try:
            clean = runner.rows(ref, [(i, json.loads(r["clean_slots"])) for i, r in enumerate(rs)], kinds, kind="reexecute")
            noise = runner.rows(ref, [(i, json.loads(r["noise_slots"])) for i, r in enumerate(rs)], kinds, kind="reexecute")
        except QueryError as e:
            return None, None, str(e)
        return clean, noise, None

    items = sorted(by_family.items())
    for (fam_id, rs), (clean, noise, error) in zip(items, runner.map(one, items), strict=True):
        fam = families[fam_id]
        if error is not None:
            for r in rs:
                problems[r["pair_id"]] = f"query error: {error}"
            continue
        for i, r in enumerate(rs):
            answer, reason, _ = make_answer(fam.spec.answer, clean.get(i, []))
            if reason is not None or canonical_json(answer) != r["answer"]:
                problems[r["pair_id"]] = f"clean reference gives {canonical_json(answer)} ({reason}), contract says {r['answer']}"
            elif not is_no_answer(noise.get(i, [])):
                problems[r["pair_id"]] = "noise reference returns an answer"
    return problems


def rewrite_pairs(runner: SetRunner, families: list[Family], pairs: pl.DataFrame, synonyms: Synonyms, *, seed: int,
                  llm: LLMConfig | None = None) -> tuple[pl.DataFrame, dict[str, Any]]:
    """Rewrite and validate every accepted pair → table with status/reason per pair, and stats."""
    fams = {f.id: f for f in families}
    todo = pairs.filter(pl.col("status") == "accepted").sort("pair_id").drop("status", "reason", "detail").to_dicts()
    timings: dict[str, float] = {}
    t0 = time.perf_counter()
    out: list[dict] = []
    for p in todo:
        fam = fams[p["family"]]
        form, cq, nq = rewrite_pair(fam, p["pair_id"], json.loads(p["clean_slots"]), json.loads(p["noise_slots"]),
                                    synonyms, seed=seed)
        out.append({**p, "form": form, "rewriter": "offline", "clean_question": cq, "noise_question": nq,
                    "status": "accepted", "reason": None, "detail": None})
    timings["offline"] = time.perf_counter() - t0
    llm_stats: dict[str, Any] = {}
    if llm is not None and llm.enabled:
        t1 = time.perf_counter()
        client = LLMClient(llm)
        prompt, judge_prompt = load_prompt("rewrite_pair.md"), load_prompt("judge_pair.md")
        payloads = [_llm_payload(fams[r["family"]], r, r["form"], r["clean_question"], r["noise_question"], synonyms, seed)
                    for r in out]
        results = run_parallel(payloads, lambda pl_: client.complete_json(prompt, pl_, REWRITE_CHECK),
                               concurrency=llm.concurrency, desc="LLM rewrite")
        for r, payload, res in zip(out, payloads, results, strict=True):
            r["rewriter"] = f"llm:{llm.model}"
            r["llm_source"] = (payload["clean"], payload["noise"])
            if isinstance(res, LLMFailure):
                r.update(status="rejected", reason=res.reason, detail=res.detail)
            elif isinstance(res, Exception):
                r.update(status="rejected", reason="llm_error", detail=f"{type(res).__name__}: {res}")
            else:
                r["clean_question"], r["noise_question"] = res.data["clean"].strip(), res.data["noise"].strip()
        timings["llm_rewrite"] = time.perf_counter() - t1
    # rule validation (offline and LLM alike)
    for r in out:
        if r["status"] != "accepted":
            continue
        fam = fams[r["family"]]
        problem = validate_rewrite(fam, r["clean_question"], r["noise_question"], json.loads(r["clean_slots"]),
                                   json.loads(r["noise_slots"]), slots_in_form(fam, r["form"]), synonyms)
        if problem:
            r.update(status="rejected", reason=problem[0], detail=problem[1])
    if llm is not None and llm.enabled and llm.judge:
        t2 = time.perf_counter()
        live = [r for r in out if r["status"] == "accepted"]
        payloads = [{"clean": {"original": r["llm_source"][0], "rewrite": r["clean_question"]},
                     "noise": {"original": r["llm_source"][1], "rewrite": r["noise_question"]}} for r in live]
        results = run_parallel(payloads, lambda pl_: client.complete_json(judge_prompt, pl_, JUDGE_CHECK),
                               concurrency=llm.concurrency, desc="LLM judge")
        for r, res in zip(live, results, strict=True):
            if isinstance(res, LLMFailure):
                r.update(status="rejected", reason=f"judge_{res.reason}", detail=res.detail)
            elif isinstance(res, Exception):
                r.update(status="rejected", reason="judge_error", detail=str(res))
            elif not (res.data["clean_same_meaning"] and res.data["noise_same_meaning"]):
                r.update(status="rejected", reason="judge_changed_meaning", detail=str(res.data.get("reason", ""))[:300])
        timings["llm_judge"] = time.perf_counter() - t2
    if llm is not None and llm.enabled:
        llm_stats = {"llm_calls": client.calls, "llm_cache_hits": client.cache_hits}
    for r in out:
        r.pop("llm_source", None)
    # the reference SQL re-executes to the contract's answer (clean) and to no answer (noise)
    t3 = time.perf_counter()
    problems = reexecute(runner, fams, [r for r in out if r["status"] == "accepted"])
    for r in out:
        if r["pair_id"] in problems:
            r.update(status="rejected", reason="reexecution_mismatch", detail=problems[r["pair_id"]])
    timings["reexecute"] = time.perf_counter() - t3
    frame = pl.DataFrame(out, schema=REWRITTEN.schema()).sort("pair_id")
    stats = {"timings": timings, **llm_stats,
             "rejections": dict(Counter(r["reason"] for r in out if r["status"] != "accepted"))}
    return frame, stats
