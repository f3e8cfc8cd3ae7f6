"""Blocking asset checks: a table that fails its pandera schema (or a dataset that breaks the Noise/split rules)
stops everything downstream, so a bad table never reaches a split."""

import json
from pathlib import Path

import polars as pl
from dagster import AssetCheckResult, AssetCheckSeverity, MetadataValue, asset_check

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


@asset_check(asset=request_families, blocking=True, description="pandera FamiliesSchema")
def request_families_schema(request_families: pl.DataFrame) -> AssetCheckResult:
    return _result(schemas.FamiliesSchema, request_families)


@asset_check(asset=bound_requests, blocking=True, description="pandera BindingsSchema")
def bound_requests_schema(bound_requests: pl.DataFrame) -> AssetCheckResult:
    return _result(schemas.BindingsSchema, bound_requests)


@asset_check(asset=evidence_contracts, blocking=True, description="pandera ContractsSchema")
def evidence_contracts_schema(evidence_contracts: pl.DataFrame) -> AssetCheckResult:
    return _result(schemas.ContractsSchema, evidence_contracts)


@asset_check(asset=noise_pairs, blocking=True, description="pandera PairsSchema")
def noise_pairs_schema(noise_pairs: pl.DataFrame) -> AssetCheckResult:
    return _result(schemas.PairsSchema, noise_pairs)


@asset_check(asset=rewritten_pairs, blocking=True, description="pandera RewrittenSchema")
def rewritten_pairs_schema(rewritten_pairs: pl.DataFrame) -> AssetCheckResult:
    return _result(schemas.RewrittenSchema, rewritten_pairs)


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


ALL_CHECKS = [request_families_schema, bound_requests_schema, evidence_contracts_schema, noise_pairs_schema,
              rewritten_pairs_schema, rewritten_pairs_noise_integrity, dataset_split_integrity, dataset_split_balance]
