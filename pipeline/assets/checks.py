"""Blocking asset checks: a table that fails its pandera schema (or a dataset that breaks the Noise/split rules)
stops everything downstream, so a bad table never reaches a split."""

import json
from pathlib import Path

import polars as pl
from dagster import (
    AssetCheckResult,
    AssetChecksDefinition,
    AssetCheckSeverity,
    AssetsDefinition,
    MetadataValue,
    asset_check,
)

from pipeline.assets.assets import (
    bound_requests,
    dataset_split,
    evidence_contracts,
    noise_pairs,
    request_families,
    rewritten_pairs,
)
from pipeline.common.markdown import frame_table
from pipeline.construction import schemas
from pipeline.construction.splits.split import integrity_problems


def _result(model: type, frame: pl.DataFrame) -> AssetCheckResult:
    failures = schemas.validate(model, frame)
    if failures is None:
        return AssetCheckResult(passed=True, metadata={"rows": frame.height, "schema": model.__name__})
    return AssetCheckResult(passed=False, severity=AssetCheckSeverity.ERROR, metadata={
        "rows": frame.height, "schema": model.__name__, "failures": failures.height,
        "failure_cases": MetadataValue.md(frame_table(failures, limit=20, width=100)),
    })


def _schema_check(asset_def: AssetsDefinition, model: type) -> AssetChecksDefinition:
    """A blocking check that validates an asset's table against its pandera model."""
    name = asset_def.key.to_user_string()

    @asset_check(asset=asset_def, name=f"{name}_schema", blocking=True, description=f"pandera {model.__name__}")
    def check(frame: pl.DataFrame) -> AssetCheckResult:
        return _result(model, frame)

    return check


SCHEMA_CHECKS = [_schema_check(asset_def, model) for asset_def, model in (
    (request_families, schemas.FamiliesSchema), (bound_requests, schemas.BindingsSchema),
    (evidence_contracts, schemas.ContractsSchema), (noise_pairs, schemas.PairsSchema),
    (rewritten_pairs, schemas.RewrittenSchema))]


@asset_check(asset=rewritten_pairs, blocking=True,
             description="every Noise twin fails exactly its failed_condition; every Clean contract holds")
def rewritten_pairs_noise_integrity(rewritten_pairs: pl.DataFrame) -> AssetCheckResult:
    bad = []
    for pid, failed, clean, noise in rewritten_pairs.filter(pl.col("status") == "accepted").select(
            "pair_id", "failed_condition", "clean_conditions", "noise_conditions").iter_rows():
        nf = [c["name"] for c in json.loads(noise) if c["holds"] is not True]
        cf = [c["name"] for c in json.loads(clean) if c["holds"] is not True]
        if nf != [failed] or cf:
            bad.append(f"{pid}: noise fails {nf}, clean fails {cf}, expected [{failed}]")
    return AssetCheckResult(passed=not bad, metadata={"problems": len(bad), "examples": MetadataValue.json(bad[:10])})


@asset_check(asset=dataset_split, blocking=True,
             description="published files: TasksSchema, patient-disjoint splits, Noise integrity, sha256 as in manifest")
def dataset_split_integrity(dataset_split: dict) -> AssetCheckResult:
    import hashlib

    out = Path(dataset_split["out_dir"])
    tasks = pl.concat([pl.read_parquet(out / "train.parquet"), pl.read_parquet(out / "test.parquet")])
    problems = integrity_problems(tasks)
    failures = schemas.validate(schemas.TasksSchema, tasks)
    if failures is not None:
        problems.append(f"TasksSchema: {failures.height} failure(s)")
    manifest = json.loads((out / "manifest.json").read_text())
    for name, sha in manifest["files"].items():
        if hashlib.sha256((out / name).read_bytes()).hexdigest() != sha:
            problems.append(f"{name}: sha256 differs from manifest")
    test_share = tasks.filter(pl.col("split") == "test").height / max(1, tasks.height)
    return AssetCheckResult(passed=not problems, metadata={
        "problems": MetadataValue.json(problems[:20]), "tasks": tasks.height, "test_share": round(test_share, 4)})


@asset_check(asset=dataset_split, blocking=False,
             description="balance targets: intents ≥ 8% of pairs, noise levels ≥ 20%, both levels per intent")
def dataset_split_balance(dataset_split: dict) -> AssetCheckResult:
    balance = dataset_split["balance"]
    return AssetCheckResult(passed=not balance["problems"], severity=AssetCheckSeverity.WARN,
                            metadata={"problems": MetadataValue.json(balance["problems"]),
                                      "intent_share": MetadataValue.json(balance["intent_share"]),
                                      "noise_share": MetadataValue.json(balance["noise_share"])})


ALL_CHECKS = [*SCHEMA_CHECKS, rewritten_pairs_noise_integrity, dataset_split_integrity, dataset_split_balance]
