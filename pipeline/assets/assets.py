"""The construction graph as Dagster assets: thin wrappers over pipeline.construction.steps. Each asset returns
its table with metadata (counts by intent × level × noise level, rejections by reason, timings, a preview).

The family-level assets (request_families … rewritten_pairs) have one partition per request family file; the EHR
and the split are one. Every family-level asset depends on the observed `family_files` partition (a digest of the
family's YAML and SQL), so editing one family makes that family's partitions stale and no other. A run may cover
one partition (what `dagster dev` launches per partition) or all of them (`robustgym build`: one run, the steps
spread over families by the engine's threads). The split reads every partition."""

import os
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import polars as pl
from dagster import (
    AssetExecutionContext,
    AssetsDefinition,
    BetaWarning,
    DataVersion,
    DataVersionsByPartition,
    MetadataValue,
    Output,
    ResourceParam,
    SourceAsset,
    StaticPartitionsDefinition,
    asset,
    observable_source_asset,
)

from pipeline.assets.resources import BuildSettings, EHRResource
from pipeline.common.markdown import frame_table
from pipeline.construction import steps
from pipeline.construction.config import BuildConfig
from pipeline.construction.requests.family import family_digest, family_files
from pipeline.construction.splits.card import counts_table
from pipeline.construction.sqlexec import Engine
from pipeline.paths import CONTRACTS_DIR


def _counts(frame: pl.DataFrame, cols: list[str]) -> dict[str, int]:
    cols = [c for c in cols if c in frame.columns]
    if frame.height == 0 or not cols:
        return {}
    g = frame.group_by(cols).len().sort(cols)
    return {"/".join(str(v) for v in r[:-1]): int(r[-1]) for r in g.iter_rows()}


def _meta(frame: pl.DataFrame, seconds: float, extra: dict[str, Any], cfg: BuildConfig, preview_cols: list[str]
          ) -> dict[str, Any]:
    accepted = frame.filter(pl.col("status") == "accepted") if "status" in frame.columns else frame
    rejected = frame.filter(pl.col("status") != "accepted") if "status" in frame.columns else frame.head(0)
    meta: dict[str, Any] = {
        "rows": frame.height,
        "accepted": accepted.height,
        "rejected": rejected.height,
        "counts_by_intent_level_noise": MetadataValue.json(_counts(accepted, ["intent", "level", "noise_level"])),
        "rejections_by_reason": MetadataValue.json(_counts(rejected, ["reason"])),
        "seconds": round(seconds, 3),
        "preview": MetadataValue.md(frame_table(accepted.select([c for c in preview_cols if c in frame.columns]),
                                                limit=5)),
        "build_config": MetadataValue.json(cfg.model_dump(mode="json")),
    }
    for k, v in extra.items():
        meta[k] = MetadataValue.json(v) if isinstance(v, dict | list) else v
    return meta


def _db_step(name: str, step: Callable[..., tuple[pl.DataFrame, dict[str, Any]]], ehr: EHRResource,
             settings: BuildSettings, engine: Engine, request_families: pl.DataFrame, *inputs: pl.DataFrame,
             preview: list[str], extra: Callable[[pl.DataFrame], dict[str, Any]] = lambda frame: {}
             ) -> Output[pl.DataFrame]:
    """Run one step that queries the EHR on the run's engine: (db, families, *inputs, config, engine) → (table,
    stats), plus its metadata."""
    start, cfg = time.perf_counter(), settings.build_config()
    engine.progress.step(name)
    with ehr.open(engine, whole_ehr_queries=step is steps.step_bind) as db:
        frame, stats = step(db, steps.families_from_frame(request_families), *inputs, cfg, engine)
    return Output(frame, metadata=_meta(frame, time.perf_counter() - start, {**stats, **extra(frame)}, cfg, preview))


FAMILY_LEVEL_ASSETS = ("request_families", "bound_requests", "evidence_contracts", "noise_pairs", "rewritten_pairs")


def family_partitions(contracts_dir: Path | str = CONTRACTS_DIR) -> StaticPartitionsDefinition:
    """One partition per family file under `contracts_dir`, keyed by family id."""
    return StaticPartitionsDefinition(sorted(family_files(Path(contracts_dir))))


def all_partitions_tags(partitions: StaticPartitionsDefinition) -> dict[str, str]:
    """Run tags that make one run cover every partition (a partition range, first key to last)."""
    keys = partitions.get_partition_keys()
    return {"dagster/asset_partition_range_start": keys[0], "dagster/asset_partition_range_end": keys[-1]}


@asset(group_name="ehr", description="The EHR (synthetic MIMIC-IV-shaped DuckDB by default; generated if absent).")
def ehr_database(context: AssetExecutionContext, ehr: EHRResource, engine: ResourceParam[Engine]) -> Output[dict]:
    start = time.perf_counter()
    engine.progress.step("EHR")
    action = ehr.ensure()
    with ehr.open(engine) as db:
        counts = db.table_row_counts()
        fp = db.fingerprint()
        backend = db.backend
    context.log.info(action)
    value = {"db_url": ehr.db_url, "backend": backend, "fingerprint": fp}
    # the fingerprint as data version: a rebuild of the same EHR leaves every partition fresh, a new one stales all
    with warnings.catch_warnings():  # Output's data_version is a beta parameter in Dagster 1.13
        warnings.simplefilter("ignore", BetaWarning)
        return Output(value, data_version=DataVersion(fp), metadata={
            "backend": backend, "fingerprint": fp, "action": action[:500],
            "seconds": round(time.perf_counter() - start, 3),
            "patients": counts.get("mimiciv_hosp.patients", 0), "row_counts": MetadataValue.json(counts),
        })


def construction_assets(partitions: StaticPartitionsDefinition) -> list[AssetsDefinition | SourceAsset]:
    """The construction graph over these family partitions: family_files, ehr_database, the five family-level
    assets, dataset_split. Made by a function because the partitions are the families of a contracts dir (the
    tests build their own)."""
    # no backfill policy: a backfill from `dagster dev` launches one run per partition, which Dagster's run queue
    # spreads over its workers (deploy/dagster.yaml)
    family_level = {"partitions_def": partitions, "deps": ["family_files"]}

    def observe_family_files(context) -> DataVersionsByPartition:  # noqa: ANN001 - Dagster's observe context
        cfg = context.resources.settings.build_config()
        files = family_files(steps.contracts_dir(cfg))
        with warnings.catch_warnings():  # a beta class in Dagster 1.13
            warnings.simplefilter("ignore", BetaWarning)
            return DataVersionsByPartition({k: family_digest(files[k], steps.sql_dir(cfg))
                                            for k in partitions.get_partition_keys() if k in files})

    with warnings.catch_warnings():  # observable source assets are a beta API in Dagster 1.13
        warnings.simplefilter("ignore", BetaWarning)
        family_files_asset = observable_source_asset(
            name="family_files", partitions_def=partitions, group_name="requests", required_resource_keys={"settings"},
            description="Each family's files (its YAML and the SQL it names): a digest per family, observed.",
        )(observe_family_files)

    @asset(group_name="requests", **family_level,
           description="Request families from contracts/, validated against the schema.")
    def request_families(context: AssetExecutionContext, settings: BuildSettings) -> Output[pl.DataFrame]:
        start, cfg = time.perf_counter(), settings.build_config()
        frame = steps.step_families(cfg, ids=list(context.partition_keys))
        return Output(frame, metadata=_meta(frame, time.perf_counter() - start,
                                            {"families_by_intent_level": _counts(frame, ["intent", "level"])}, cfg,
                                            ["family", "intent", "level", "n_conditions", "noise_levels"]))

    @asset(group_name="requests", **family_level,
           description="Bindings sampled from the EHR, one set-based query per family.")
    def bound_requests(ehr_database: dict, request_families: pl.DataFrame, ehr: EHRResource,
                       settings: BuildSettings, engine: ResourceParam[Engine]) -> Output[pl.DataFrame]:
        return _db_step("bind", steps.step_bind, ehr, settings, engine, request_families,
                        preview=["pair_id", "family", "slots"],
                        extra=lambda frame: {"by_family": _counts(frame, ["family"])})

    @asset(group_name="verification", **family_level,
           description="Evidence contracts verified set-based; rejections with reasons.")
    def evidence_contracts(ehr_database: dict, request_families: pl.DataFrame, bound_requests: pl.DataFrame,
                           ehr: EHRResource, settings: BuildSettings,
                           engine: ResourceParam[Engine]) -> Output[pl.DataFrame]:
        return _db_step("verify", steps.step_verify, ehr, settings, engine, request_families, bound_requests,
                        preview=["pair_id", "family", "answer", "status", "reason"])

    @asset(group_name="noise", **family_level,
           description="Clean–Noise pairs: Noise twins proved by execution; levels balanced within the family.")
    def noise_pairs(ehr_database: dict, request_families: pl.DataFrame, evidence_contracts: pl.DataFrame,
                    ehr: EHRResource, settings: BuildSettings, engine: ResourceParam[Engine]) -> Output[pl.DataFrame]:
        return _db_step("noise", steps.step_noise, ehr, settings, engine, request_families, evidence_contracts,
                        preview=["pair_id", "family", "noise_level", "failed_condition", "noise_slots"])

    # pool "llm": with an LLM rewriter on, the Dagster instance's limit on this pool is the number of rewriting
    # steps that call it at once, across every run and worker (deploy/dagster.yaml)
    @asset(group_name="rewriting", pool="llm", **family_level,
           description="Both questions of each pair rewritten jointly and validated.")
    def rewritten_pairs(ehr_database: dict, request_families: pl.DataFrame, noise_pairs: pl.DataFrame,
                        ehr: EHRResource, settings: BuildSettings, engine: ResourceParam[Engine]) -> Output[pl.DataFrame]:
        return _db_step("rewrite", steps.step_rewrite, ehr, settings, engine, request_families, noise_pairs,
                        preview=["pair_id", "noise_level", "clean_question", "noise_question"])

    @asset(group_name="splits",
           description="outputs/<version>/: train, test, rejections, manifest, dataset card (every family partition).")
    def dataset_split(ehr_database: dict, request_families: pl.DataFrame, evidence_contracts: pl.DataFrame,
                      noise_pairs: pl.DataFrame, rewritten_pairs: pl.DataFrame, settings: BuildSettings,
                      engine: ResourceParam[Engine]) -> Output[dict]:
        start, cfg = time.perf_counter(), settings.build_config()
        engine.progress.step("split")
        res = steps.step_split(steps.families_from_frame(request_families), evidence_contracts, noise_pairs,
                               rewritten_pairs, cfg, fingerprint=ehr_database["fingerprint"])
        c = res.manifest["counts"]
        value = {"out_dir": str(res.out_dir), "manifest": res.manifest, "balance": res.balance}
        return Output(value, metadata={
            "out_dir": MetadataValue.path(str(res.out_dir)),
            "pairs": c["pairs"], "tasks": c["tasks"],
            "counts_by_intent_level_noise": MetadataValue.json(c["by_intent_level_noise"]),
            "counts_table": MetadataValue.md(counts_table(res.tasks)),
            "by_split": MetadataValue.json(c["by_split"]),
            "rejections_by_stage_reason": MetadataValue.json(c["rejections_by_stage_reason"]),
            "balance": MetadataValue.json(res.balance),
            "files": MetadataValue.json(res.manifest["files"]),
            "seconds": round(time.perf_counter() - start, 3),
            "build_config": MetadataValue.json(cfg.model_dump(mode="json")),
            "preview": MetadataValue.md(frame_table(res.tasks.select("task_id", "variant", "noise_level", "question",
                                                                     "answer"), limit=5)),
        })

    return [family_files_asset, ehr_database, request_families, bound_requests, evidence_contracts, noise_pairs,
            rewritten_pairs, dataset_split]


# the code location's partitions: the families of contracts/, or of ROBUSTGYM_CONTRACTS_DIR when set (a worker build
# of a custom contracts dir starts its Dagster server with it)
FAMILY_PARTITIONS = family_partitions(os.environ.get("ROBUSTGYM_CONTRACTS_DIR") or CONTRACTS_DIR)
ALL_ASSETS = construction_assets(FAMILY_PARTITIONS)
