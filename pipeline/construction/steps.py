"""The construction steps as plain functions over plain data (polars tables with JSON columns). The Dagster assets
call exactly these; so do the tests, the bench and `build_dataset` (the whole chain without Dagster)."""

import json
import logging
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from pipeline.common.hashing import canonical_json
from pipeline.common.vocabulary import LEVELS
from pipeline.construction.config import BuildConfig
from pipeline.construction.layouts import FAMILIES
from pipeline.construction.noise.inject import build_pairs, over_share
from pipeline.construction.quality.measures import (
    MAX_CONDITION_SHARE,
    condition_check,
    reading_report,
    validity_report,
)
from pipeline.construction.requests.binding import SharedQueries, bind_family, bindings_frame
from pipeline.construction.requests.family import (
    Family,
    family_files,
    load_families,
    load_family_subset,
    load_synonyms,
    render_dummy,
)
from pipeline.construction.rewriting.pipeline import rewrite_pairs
from pipeline.construction.schemas import RejectionsSchema, TasksSchema, validate
from pipeline.construction.splits.card import render_card
from pipeline.construction.splits.split import (
    assign_splits,
    counts,
    integrity_problems,
    manifest_bytes,
    noise_share,
    package_versions,
    publish,
    rejection_rows,
    task_rows,
)
from pipeline.construction.splits.structure import structure_by_intent
from pipeline.construction.sqlexec import Engine, EngineConfig, ExecStats
from pipeline.construction.verification.verify import build_contracts
from pipeline.ehr.database import Database
from pipeline.paths import CONTRACTS_DIR, OUTPUTS_DIR, PROJECT_ROOT, SQL_DIR

log = logging.getLogger(__name__)

def contracts_dir(cfg: BuildConfig) -> Path:
    return Path(cfg.contracts_dir) if cfg.contracts_dir else CONTRACTS_DIR


def sql_dir(cfg: BuildConfig) -> Path:
    return Path(cfg.sql_dir) if cfg.sql_dir else SQL_DIR / "families"


def outputs_dir(cfg: BuildConfig) -> Path:
    return Path(cfg.outputs_dir) if cfg.outputs_dir else OUTPUTS_DIR


def engine_for(cfg: BuildConfig, **overrides: Any) -> Engine:
    """A build's execution engine: make one per build and pass it to every step (a step given none makes its own,
    so what its probes learn ends with it)."""
    return Engine(EngineConfig.for_build(cfg, **overrides))


# ---------------------------------------------------------------- step 1: requests


def step_families(cfg: BuildConfig, ids: list[str] | None = None) -> pl.DataFrame:
    """Load and validate every family, or the families `ids` alone (raises FamilyValidationError naming file, line,
    field). Every family must be found by the id scan that makes the partitions (family_files), or it would
    silently have none."""
    if ids is not None:
        return families_frame(load_family_subset(contracts_dir(cfg), sql_dir(cfg), ids, display_base=PROJECT_ROOT))
    fams = load_families(contracts_dir(cfg), sql_dir(cfg), display_base=PROJECT_ROOT)
    unscanned = sorted({f.id for f in fams} - set(family_files(contracts_dir(cfg))))
    if unscanned:
        raise ValueError(f"families whose id the partition scan cannot read (write `id:` as a plain string): {unscanned}")
    return families_frame(fams)


def families_frame(fams: list[Family]) -> pl.DataFrame:
    rows = [{
        "family": f.id, "intent": f.spec.intent, "level": f.spec.level, "path": f.path,
        "n_conditions": len(f.spec.conditions), "noise_levels": canonical_json(sorted({n.level for n in f.spec.noise})),
        "n_questions": len(f.spec.questions), "spec": canonical_json(f.to_json()),
    } for f in fams]
    return pl.DataFrame(rows, schema=FAMILIES.schema()).sort("family")


def families_from_frame(frame: pl.DataFrame) -> list[Family]:
    return [Family.from_json(json.loads(s)) for s in frame.sort("family")["spec"].to_list()]


def step_bind(db: Database, families: list[Family], cfg: BuildConfig, engine: Engine | None = None
              ) -> tuple[pl.DataFrame, dict[str, Any]]:
    results, timings, candidates = [], {}, {}
    engine = engine or engine_for(cfg)
    shared = SharedQueries(fam.text(fam.spec.binding) for fam in families)
    bound = engine.map(lambda fam: bind_family(db, fam, seed=cfg.seed, cap=cfg.per_family_cap, engine=engine,
                                               shared=shared), families)
    for fam, res in zip(families, bound, strict=True):
        results.append((fam, res))
        timings[fam.id] = round(res.seconds, 3)
        candidates[fam.id] = res.candidates
    frame = bindings_frame(results)
    empty = [f for f, n in candidates.items() if n == 0]
    if empty:
        log.warning("families with no candidate binding: %s", empty)
    return frame, {"seconds_by_family": timings, "candidates_by_family": candidates, "families_without_bindings": empty}


# ---------------------------------------------------------------- step 2: verification (evidence contracts)


def step_verify(db: Database, families: list[Family], bindings: pl.DataFrame, cfg: BuildConfig,
                engine: Engine | None = None) -> tuple[pl.DataFrame, dict[str, Any]]:
    stats, engine = ExecStats(), engine or engine_for(cfg)
    frame, timings = build_contracts(engine.runner(db, stats), families, bindings)
    engine.write_explain()
    return frame, {"seconds_by_family": {k: round(v, 3) for k, v in timings.items()}, "queries": stats.queries,
                   "query_seconds": round(stats.seconds, 3), "fallback_chunks": stats.fallbacks,
                   "split_chunks": stats.splits, "rejections": dict(Counter(frame.filter(pl.col("status") != "accepted")["reason"].to_list()))}


# ---------------------------------------------------------------- step 3: noise


def step_noise(db: Database, families: list[Family], contracts: pl.DataFrame, cfg: BuildConfig,
               engine: Engine | None = None) -> tuple[pl.DataFrame, dict[str, Any]]:
    stats, engine = ExecStats(), engine or engine_for(cfg)
    frame, extra = build_pairs(engine.runner(db, stats), families, contracts, seed=cfg.seed,
                               max_attempts=cfg.max_noise_attempts, avoid_correctable=cfg.avoid_correctable)
    engine.write_explain()
    return frame, {**extra, "queries": stats.queries, "query_seconds": round(stats.seconds, 3),
                   "fallback_chunks": stats.fallbacks, "split_chunks": stats.splits,
                   "rejections": dict(Counter(frame.filter(pl.col("status") != "accepted")["reason"].to_list()))}


# ---------------------------------------------------------------- step 4: rewriting


def step_rewrite(db: Database, families: list[Family], pairs: pl.DataFrame, cfg: BuildConfig,
                 engine: Engine | None = None) -> tuple[pl.DataFrame, dict[str, Any]]:
    synonyms = load_synonyms(contracts_dir(cfg) / "synonyms.yaml")
    stats, engine = ExecStats(), engine or engine_for(cfg)
    frame, extra = rewrite_pairs(engine.runner(db, stats), families, pairs, synonyms, seed=cfg.seed, llm=cfg.llm)
    engine.write_explain()
    return frame, {**extra, "queries": stats.queries, "query_seconds": round(stats.seconds, 3)}


# ---------------------------------------------------------------- splits


@dataclass
class SplitResult:
    out_dir: Path
    manifest: dict[str, Any]
    tasks: pl.DataFrame
    rejections: pl.DataFrame
    card: str = ""
    balance: dict[str, Any] = field(default_factory=dict)


def balance_report(tasks: pl.DataFrame) -> dict[str, Any]:
    """The balance targets: every intent ≥ 8% of pairs, every noise level ≥ 20% of Noise tasks, both levels in
    every intent (a benchmark skewed to one intent or noise type measures that type, not robustness)."""
    pairs = tasks.filter(pl.col("variant") == "clean")
    n = max(1, pairs.height)
    intent_share = {k: round(v / n, 4) for k, v in sorted(Counter(pairs["intent"].to_list()).items())}
    levels_by_intent = {i: sorted(set(pairs.filter(pl.col("intent") == i)["level"].to_list())) for i in intent_share}
    shares = noise_share(tasks)
    problems = [f"intent {k} has {v * 100:.1f}% of pairs (< 8%)" for k, v in intent_share.items() if v < 0.08]
    problems += [f"noise level {k} has {v * 100:.1f}% of Noise tasks (< 20%)" for k, v in shares.items() if v < 0.20]
    problems += [f"intent {k} lacks level(s) {sorted(set(LEVELS) - set(v))}"
                 for k, v in levels_by_intent.items() if set(v) != set(LEVELS)]
    return {"intent_share": intent_share, "noise_share": shares, "levels_by_intent": levels_by_intent,
            "problems": problems}


def condition_share_cut(rewritten: pl.DataFrame, *, seed: int) -> pl.DataFrame:
    """The one cut that needs every family: no broken condition over its share of the whole Noise (over_share), the
    excess rejected with reason condition_share. It ran in the noise step when the noise step saw every family;
    the noise step now runs per family partition, so it runs here, on the pairs that survived rewriting."""
    accepted = rewritten.filter(pl.col("status") == "accepted")
    cut = over_share({p: condition_check(c) for p, c in accepted.select("pair_id", "failed_condition").iter_rows()},
                     seed=seed, family_of=dict(accepted.select("pair_id", "family").iter_rows()))
    if not cut:
        return rewritten
    gone = pl.col("pair_id").is_in(sorted(cut))
    detail = pl.concat_str(pl.col("failed_condition"), pl.lit(
        f": its twin breaks a condition (or one its check also catches, measures.SAME_CHECK) already at "
        f"{MAX_CONDITION_SHARE:.0%} of the Noise"))
    return rewritten.with_columns(status=pl.when(gone).then(pl.lit("rejected")).otherwise(pl.col("status")),
                                  reason=pl.when(gone).then(pl.lit("condition_share")).otherwise(pl.col("reason")),
                                  detail=pl.when(gone).then(detail).otherwise(pl.col("detail")))


def step_split(families: list[Family], contracts: pl.DataFrame, pairs: pl.DataFrame, rewritten: pl.DataFrame,
               cfg: BuildConfig, *, fingerprint: str) -> SplitResult:
    rewritten = condition_share_cut(rewritten, seed=cfg.seed)
    accepted = rewritten.filter(pl.col("status") == "accepted")
    splits = assign_splits(list(zip(accepted["pair_id"].to_list(), accepted["subject_ids"].to_list(), strict=True)),
                           seed=cfg.seed, test_fraction=cfg.test_fraction)
    tasks = task_rows(rewritten, splits, cfg.version, {f.id: f.spec.difficulty for f in families})
    rejections = rejection_rows(contracts, pairs, rewritten, cfg.version)
    fam_by_id = {f.id: f for f in families}
    weights = Counter(accepted["family"].to_list())
    structure = structure_by_intent([
        (fam_by_id[f].spec.intent, render_dummy(fam_by_id[f].text(fam_by_id[f].spec.reference), fam_by_id[f].slot_kinds), n)
        for f, n in sorted(weights.items())])
    by_tier = structure_by_intent([
        (f"{fam_by_id[f].spec.intent} · {fam_by_id[f].spec.difficulty}",
         render_dummy(fam_by_id[f].text(fam_by_id[f].spec.reference), fam_by_id[f].slot_kinds), n)
        for f, n in sorted(weights.items())])
    c = counts(tasks)
    c["rejections_by_stage_reason"] = {f"{s}/{r}": n for s, r, n in
                                       rejections.group_by("stage", "reason").len().sort("stage", "reason").iter_rows()}
    shares = noise_share(tasks)
    balance = balance_report(tasks)
    for model, frame in ((TasksSchema, tasks), (RejectionsSchema, rejections)):
        failures = validate(model, frame)
        if failures is not None:
            raise ValueError(f"{model.name} failed; nothing written:\n{failures.head(10)}")
    problems = integrity_problems(tasks)
    if problems:
        raise ValueError(f"{len(problems)} integrity problem(s); nothing written:\n" + "\n".join(problems[:10]))
    validity = validity_report(tasks.filter(pl.col("split") == "train"), tasks.filter(pl.col("split") == "test"),
                               [f.spec.model_dump(mode="json") for f in families],
                               load_synonyms(contracts_dir(cfg) / "synonyms.yaml"))
    validity["readings"] = reading_report([f.spec.model_dump(mode="json") for f in families], contracts, pairs)
    validity["problems"]["readings"] = validity["readings"]["problems"]
    frames = {"train.parquet": tasks.filter(pl.col("split") == "train"),
              "test.parquet": tasks.filter(pl.col("split") == "test"),
              "rejections.parquet": rejections}
    result: dict[str, Any] = {}

    def make_extra(hashes: dict[str, str]) -> dict[str, bytes]:
        manifest = {
            "dataset_version": cfg.version, "version": cfg.version, "seed": cfg.seed, "config": cfg.manifest_view(),
            "source_database": {"fingerprint": fingerprint},
            "families": sorted(fam_by_id), "counts": c, "noise_share": shares, "balance": balance,
            "sql_structure_by_intent": structure, "sql_structure_by_intent_tier": by_tier,
            "packages": package_versions(), "validity": validity,
        }
        card = render_card(manifest, tasks, rejections, structure, shares, by_tier).encode()
        manifest["files"] = {**hashes, "README.md": _sha(card)}
        result.update(manifest=manifest, card=card.decode())
        return {"README.md": card, "manifest.json": manifest_bytes(manifest)}

    out = publish(outputs_dir(cfg), cfg.version, frames, make_extra)
    return SplitResult(out, result["manifest"], tasks, rejections, result["card"], balance)


def _sha(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()


# ---------------------------------------------------------------- everything, without Dagster


def build_dataset(db: Database, cfg: BuildConfig, engine: Engine | None = None
                  ) -> tuple[SplitResult, dict[str, float]]:
    """The whole chain in one call (tests, bench), on one engine. Dagster runs the same steps as assets."""
    timings: dict[str, float] = {}
    engine = engine or engine_for(cfg)
    t = time.perf_counter()
    fams_frame = step_families(cfg)
    fams = families_from_frame(fams_frame)
    timings["families"] = time.perf_counter() - t
    t = time.perf_counter()
    bindings, _ = step_bind(db, fams, cfg, engine)
    timings["bind"] = time.perf_counter() - t
    t = time.perf_counter()
    contracts, _ = step_verify(db, fams, bindings, cfg, engine)
    timings["verify"] = time.perf_counter() - t
    t = time.perf_counter()
    pairs, _ = step_noise(db, fams, contracts, cfg, engine)
    timings["noise"] = time.perf_counter() - t
    t = time.perf_counter()
    rewritten, _ = step_rewrite(db, fams, pairs, cfg, engine)
    timings["rewrite"] = time.perf_counter() - t
    t = time.perf_counter()
    result = step_split(fams, contracts, pairs, rewritten, cfg, fingerprint=db.fingerprint())
    timings["split"] = time.perf_counter() - t
    return result, timings
