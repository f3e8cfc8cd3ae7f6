"""Blocking asset checks: a table that fails its pandera schema (or a dataset that breaks the Noise/split rules)
stops everything downstream, so a bad table never reaches a split."""

import json
import warnings
from pathlib import Path

import polars as pl
from dagster import (
    AssetCheckResult,
    AssetChecksDefinition,
    AssetCheckSeverity,
    AssetIn,
    MetadataValue,
    PartitionsDefinition,
    PreviewWarning,
    asset_check,
)
from pandera.polars import DataFrameSchema

from pipeline.common.markdown import frame_table
from pipeline.construction import schemas
from pipeline.construction.quality import measures
from pipeline.construction.splits.split import integrity_problems


def _result(model: DataFrameSchema, frame: pl.DataFrame) -> AssetCheckResult:
    failures = schemas.validate(model, frame)
    if failures is None:
        return AssetCheckResult(passed=True, metadata={"rows": frame.height, "schema": model.name})
    return AssetCheckResult(passed=False, severity=AssetCheckSeverity.ERROR, metadata={
        "rows": frame.height, "schema": model.name, "failures": failures.height,
        "failure_cases": MetadataValue.md(frame_table(failures, limit=20, width=100)),
    })


def _schema_check(name: str, model: DataFrameSchema, partitions: PartitionsDefinition) -> AssetChecksDefinition:
    """A blocking check that validates a family-level asset's table against its pandera model: the partitions its
    run materialized (a check without the asset's partitions would read every partition)."""

    @asset_check(asset=name, name=f"{name}_schema", partitions_def=partitions, blocking=True, description=f"pandera {model.name}")
    def check(frame: pl.DataFrame) -> AssetCheckResult:
        return _result(model, frame)

    return check


def family_checks(partitions: PartitionsDefinition) -> list[AssetChecksDefinition]:
    """The checks of the family-level assets, over these family partitions."""
    with warnings.catch_warnings():  # a partitioned check is a preview API in Dagster 1.13
        warnings.simplefilter("ignore", PreviewWarning)
        schema_checks = [_schema_check(name, model, partitions) for name, model in (
            ("request_families", schemas.FamiliesSchema), ("bound_requests", schemas.BindingsSchema),
            ("evidence_contracts", schemas.ContractsSchema), ("noise_pairs", schemas.PairsSchema),
            ("rewritten_pairs", schemas.RewrittenSchema))]
        integrity = asset_check(asset="rewritten_pairs", blocking=True, partitions_def=partitions,
                                name="rewritten_pairs_noise_integrity",
                                description="every Noise twin fails exactly its failed_condition; every Clean "
                                            "contract holds")(rewritten_pairs_noise_integrity)
    return [*schema_checks, integrity]


def rewritten_pairs_noise_integrity(rewritten_pairs: pl.DataFrame) -> AssetCheckResult:
    bad = []
    for pid, failed, clean, noise in rewritten_pairs.filter(pl.col("status") == "accepted").select(
            "pair_id", "failed_condition", "clean_conditions", "noise_conditions").iter_rows():
        nf = [c["name"] for c in json.loads(noise) if c["holds"] is not True]
        cf = [c["name"] for c in json.loads(clean) if c["holds"] is not True]
        if nf != [failed] or cf:
            bad.append(f"{pid}: noise fails {nf}, clean fails {cf}, expected [{failed}]")
    return AssetCheckResult(passed=not bad, metadata={"problems": len(bad), "examples": MetadataValue.json(bad[:10])})


@asset_check(asset="dataset_split", blocking=True,
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


MIN_MEASURED_TEST_TASKS = 1000


def _published(dataset_split: dict) -> tuple[pl.DataFrame, pl.DataFrame]:
    out = Path(dataset_split["out_dir"])
    return pl.read_parquet(out / "train.parquet"), pl.read_parquet(out / "test.parquet")


def _measured(test: pl.DataFrame) -> bool:
    """The split-wide measures gate only splits with ≥ MIN_MEASURED_TEST_TASKS test tasks (the default split has
    about 4,500). A tiny test build (a few hundred tasks from 71 families) has a handful of pairs per family: its AUROC,
    operator yields and gold shares are sampling noise, so there the checks report without blocking."""
    return test.height >= MIN_MEASURED_TEST_TASKS


def _gate(problems: list[str], measured: bool, metadata: dict) -> AssetCheckResult:
    return AssetCheckResult(passed=not problems or not measured, severity=AssetCheckSeverity.ERROR,
                            metadata={**metadata, "measured": measured, "min_test_tasks": MIN_MEASURED_TEST_TASKS,
                                      "problems": MetadataValue.json(problems[:30])})


@asset_check(asset="dataset_split", blocking=True,
             description="balance targets: intents ≥ 8% of pairs, noise levels ≥ 20%, both levels per intent")
def dataset_split_balance(dataset_split: dict) -> AssetCheckResult:
    balance = dataset_split["balance"]
    return _gate(balance["problems"], _measured(_published(dataset_split)[1]), {
        "intent_share": MetadataValue.json(balance["intent_share"]),
        "noise_share": MetadataValue.json(balance["noise_share"])})


def _specs(request_families: pl.DataFrame) -> list[dict]:
    return [json.loads(s)["spec"] for s in request_families.sort("family")["spec"].to_list()]


@asset_check(asset="dataset_split", blocking=True,
             description="no wording tells: a question-only Clean/Noise classifier trained on train scores AUROC ≤ 0.60 on test")
def dataset_split_no_tells(dataset_split: dict) -> AssetCheckResult:
    """Blocking (the default split's score: BENCHMARKS.md, "Figures behind the code"). Splits with fewer than
    MIN_MEASURED_TEST_TASKS test tasks (the tiny test builds) pass unmeasured: on a few hundred questions the
    classifier's AUROC is noise, not a tell."""
    train, test = _published(dataset_split)
    if not _measured(test):
        return AssetCheckResult(passed=True, metadata={"auroc": "not measured", "test_tasks": test.height,
                                                       "min_test_tasks": MIN_MEASURED_TEST_TASKS})
    # the split step measured it for the manifest (validity_report): no need to train the classifier twice
    auroc = json.loads((Path(dataset_split["out_dir"]) / "manifest.json").read_text())["validity"]["tells_auroc"]
    return AssetCheckResult(passed=auroc <= measures.MAX_TELLS_AUROC, severity=AssetCheckSeverity.ERROR, metadata={
        "auroc": auroc, "threshold": measures.MAX_TELLS_AUROC, "train_tasks": train.height, "test_tasks": test.height})


@asset_check(asset="dataset_split", blocking=True, additional_ins={"request_families": AssetIn("request_families")},
             description="operators: no broken condition > 10% of Noise, ≥ 40% content, every family ≥ 3 operators "
                         "over ≥ 2 levels, every operator declares its kind")
def dataset_split_operators(dataset_split: dict, request_families: pl.DataFrame) -> AssetCheckResult:
    """Blocking: the default split meets every floor (its figures: BENCHMARKS.md, "Figures behind the code"). The
    stratified population families get their Query twins from the strata the generator leaves empty (no elective
    admission for sepsis, no valve-surgery patient under Medicaid or Other insurance, no CVICU stay begun at 45-49);
    the thinnest reach the floor from either side, so both values are Clean ones."""
    train, test = _published(dataset_split)
    rep = measures.operator_report(pl.concat([train, test]), _specs(request_families))
    return _gate(rep["problems"], _measured(test), {
        "max_condition": rep["max_condition"], "max_condition_share": rep["max_condition_share"],
        "content_share": rep["content_share"], "condition_shares": MetadataValue.json(rep["condition_shares"])})


@asset_check(asset="dataset_split", blocking=True, additional_ins={"request_families": AssetIn("request_families")},
             description="golds discriminate: most common Clean gold ≤ 15% of its family; a rate is 0 in ≤ 15%")
def dataset_split_golds(dataset_split: dict, request_families: pl.DataFrame) -> AssetCheckResult:
    train, test = _published(dataset_split)
    specs = _specs(request_families)
    rep = measures.gold_report(pl.concat([train, test]), measures.rate_families(specs))
    return _gate(rep["problems"], _measured(test), {
        "max_top_gold_share": rep["max_top_gold_share"], "zero_rate_share": MetadataValue.json(rep["zero_rate_share"])})


@asset_check(asset="dataset_split", blocking=True,
             description="clinician wording: no raw ALL-CAPS database words, no 'a' before a vowel sound, no '1 hours'; "
                         "≥ 3 surface forms per family")
def dataset_split_wording(dataset_split: dict) -> AssetCheckResult:
    """Reads the wording measure the split step wrote to the manifest: it used the build's own synonym table (a
    custom --contracts-dir brings its own admission codes), which the families frame does not carry."""
    rep = json.loads((Path(dataset_split["out_dir"]) / "manifest.json").read_text())["validity"]["wording"]
    return AssetCheckResult(passed=not rep["problems"], metadata={
        "questions_with_problems": rep["questions_with_problems"], "problem_kinds": MetadataValue.json(rep["problem_kinds"]),
        "examples": MetadataValue.json(rep["examples"]), "problems": MetadataValue.json(rep["problems"])})


@asset_check(asset="dataset_split", blocking=True,
             description="one handle per target: at most MAX_CORRECTABLE_SHARE of Noise twins are correctable (their "
                         "drop-one reading, the reference without the perturbed detail, finds the Clean answer)")
def dataset_split_correctable(dataset_split: dict) -> AssetCheckResult:
    """Measured from the published tables' column `correctable` (the manifest's validity.correctable is the same)."""
    train, test = _published(dataset_split)
    rep = measures.correctable_report(pl.concat([train, test]))
    return _gate(rep["problems"], _measured(test), {
        "correctable": rep["correctable"], "noise_tasks": rep["noise_tasks"], "share": rep["share"],
        "threshold": measures.MAX_CORRECTABLE_SHARE, "target": measures.CORRECTABLE_TARGET, "unformed": rep["unformed"],
        "by_level": MetadataValue.json(rep["by_level"]), "top_operators": MetadataValue.json(rep["top_operators"])})


@asset_check(asset="dataset_split", blocking=True,
             description="every declared reading changes some answer on this EHR (a Clean gold it moves or a Noise "
                         "twin it answers); one that never does checks nothing")
def dataset_split_readings(dataset_split: dict) -> AssetCheckResult:
    """Reads the readings measure the split step wrote to the manifest (it needs the contracts and pairs tables,
    which hold what each reading changed during verification and noise injection)."""
    rep = json.loads((Path(dataset_split["out_dir"]) / "manifest.json").read_text())["validity"]["readings"]
    return _gate(rep["problems"], _measured(_published(dataset_split)[1]), {
        "inert": rep["inert"], "min_contracts": measures.MIN_READING_CONTRACTS,
        "by_family": MetadataValue.json(rep["by_family"])})


@asset_check(asset="dataset_split", blocking=True,
             description="tiers by measured work: each family's declared difficulty fits the tables, steps and "
                         "windows of its reference query")
def dataset_split_tiers(dataset_split: dict) -> AssetCheckResult:
    """Reads the tier measure the split step wrote to the manifest (measures.tier_report)."""
    rep = json.loads((Path(dataset_split["out_dir"]) / "manifest.json").read_text())["validity"]["tiers"]
    return _gate(rep["problems"], _measured(_published(dataset_split)[1]), {
        "bands": MetadataValue.json(measures.TIER_WORK_BANDS), "by_family": MetadataValue.json(rep["by_family"])})


SPLIT_CHECKS = [dataset_split_integrity, dataset_split_balance, dataset_split_no_tells, dataset_split_operators,
                dataset_split_golds, dataset_split_wording, dataset_split_correctable, dataset_split_readings,
                dataset_split_tiers]


def construction_checks(partitions: PartitionsDefinition) -> list[AssetChecksDefinition]:
    """Every check of the construction graph over these family partitions (pipeline.assets.construction_assets)."""
    return [*family_checks(partitions), *SPLIT_CHECKS]
