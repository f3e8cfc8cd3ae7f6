"""Materialize the whole construction graph in-process (what `robustgym build` and the tests do), recorded in the
Dagster instance at $DAGSTER_HOME so `dagster dev` later shows the runs, their metadata and checks."""

import os
from pathlib import Path
from typing import Any

from dagster import AssetSelection, DagsterInstance, ExecuteInProcessResult, materialize

from pipeline.assets.assets import (
    FAMILY_LEVEL_ASSETS,
    all_partitions_tags,
    construction_assets,
    family_partitions,
)
from pipeline.assets.checks import construction_checks
from pipeline.assets.io_manager import PolarsParquetIOManager
from pipeline.assets.resources import BuildSettings, EHRResource, engine_resource
from pipeline.construction import steps
from pipeline.construction.sqlexec import Progress
from pipeline.paths import PROJECT_ROOT

# the instance's settings: telemetry off (without a dagster.yaml Dagster warns on every start, and prints its
# telemetry banner on a new home whatever DAGSTER_DISABLE_TELEMETRY says)
DAGSTER_YAML = "telemetry:\n  enabled: false\n"


def ensure_dagster_home() -> Path:
    """DAGSTER_HOME defaults to <project>/.dagster_home (git-ignored) so runs persist for `make dev`; its
    dagster.yaml is written when absent (a user's own is left as it is)."""
    home = Path(os.environ.setdefault("DAGSTER_HOME", str(PROJECT_ROOT / ".dagster_home")))
    home.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("DAGSTER_DISABLE_TELEMETRY", "1")
    config = home / "dagster.yaml"
    if not config.exists() and not (home / "dagster.yml").exists():
        tmp = home / ".dagster.yaml.tmp"
        tmp.write_text(DAGSTER_YAML)
        os.replace(tmp, config)
    return home


def _run_resources(ehr: EHRResource, settings: BuildSettings, storage_dir: str | None,
                   explain_sql_dir: str | None = None, progress: Progress | None = None) -> dict[str, Any]:
    io = PolarsParquetIOManager(base_dir=storage_dir) if storage_dir else PolarsParquetIOManager(
        base_dir=str(Path(os.environ["DAGSTER_HOME"]) / "storage" / "robustgym"))
    return {"ehr": ehr, "settings": settings, "io_manager": io,
            "engine": engine_resource(explain_sql_dir=explain_sql_dir, progress=progress)}


def _instance(instance: DagsterInstance | None) -> DagsterInstance:
    if instance is None:
        ensure_dagster_home()
        return DagsterInstance.get()
    return instance


def materialize_build(ehr: EHRResource, settings: BuildSettings, *,
                      instance: DagsterInstance | None = None, storage_dir: str | None = None,
                      raise_on_error: bool = True, explain_sql_dir: str | None = None,
                      progress: Progress | None = None, log_level: str = "DEBUG") -> ExecuteInProcessResult:
    """Every asset and check, in-process, on a new execution engine, in one run over every family partition of the
    settings' contracts dir (the engine's threads spread each step over the families). With no instance given, the
    persistent one at DAGSTER_HOME. `log_level` is that of Dagster's console log of the run's events (the
    instance records them all whatever it is)."""
    instance = _instance(instance)
    resources = _run_resources(ehr, settings, storage_dir, explain_sql_dir, progress)
    run_config = {"loggers": {"console": {"config": {"log_level": log_level}}}}
    partitions = family_partitions(steps.contracts_dir(settings.build_config()))
    assets = construction_assets(partitions)
    # the observable family_files is run only when selected by name (it records the digests the staleness uses)
    return materialize([*assets, *construction_checks(partitions)], selection=AssetSelection.assets(*(a.key for a in assets)),
                       resources=resources, instance=instance, raise_on_error=raise_on_error, run_config=run_config,
                       tags=all_partitions_tags(partitions))


def materialize_families(ehr: EHRResource, settings: BuildSettings, family_ids: list[str], *,
                         instance: DagsterInstance | None = None, storage_dir: str | None = None,
                         raise_on_error: bool = True, log_level: str = "CRITICAL") -> list[ExecuteInProcessResult]:
    """The family-level assets (and their checks) of these families, one run per family partition, in-process:
    what a backfill of those partitions does, here without a daemon (a failed or edited family is rebuilt alone;
    the split is then stale). The EHR must have been materialized in this instance and storage."""
    instance = _instance(instance)
    resources = _run_resources(ehr, settings, storage_dir)
    partitions = family_partitions(steps.contracts_dir(settings.build_config()))
    assets = construction_assets(partitions)
    run_config = {"loggers": {"console": {"config": {"log_level": log_level}}}}
    return [materialize([*assets, *construction_checks(partitions)], selection=AssetSelection.assets(*FAMILY_LEVEL_ASSETS), partition_key=key,
                        resources=resources, instance=instance, raise_on_error=raise_on_error, run_config=run_config)
            for key in family_ids]


def observe_family_files(settings: BuildSettings, *, instance: DagsterInstance | None = None) -> None:
    """Observe every family's files (the digest that makes an edited family's partitions stale)."""
    partitions = family_partitions(steps.contracts_dir(settings.build_config()))
    assets = construction_assets(partitions)
    source = [a for a in assets if a.key.to_user_string() == "family_files"]
    materialize(source, selection=source,
                resources={"settings": settings}, instance=_instance(instance), tags=all_partitions_tags(partitions))
