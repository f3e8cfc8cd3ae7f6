"""Materialize the whole construction graph in-process (what `robustgym build` and the tests do), recorded in the
Dagster instance at $DAGSTER_HOME so `dagster dev` later shows the runs, their metadata and checks."""

import os
from pathlib import Path
from typing import Any

from dagster import DagsterInstance, ExecuteInProcessResult, materialize

from pipeline.assets.assets import ALL_ASSETS
from pipeline.assets.checks import ALL_CHECKS
from pipeline.assets.io_manager import PolarsParquetIOManager
from pipeline.assets.resources import BuildSettings, EHRResource
from pipeline.paths import PROJECT_ROOT


def ensure_dagster_home() -> Path:
    """DAGSTER_HOME defaults to <project>/.dagster_home (git-ignored) so runs persist for `make dev`."""
    home = Path(os.environ.setdefault("DAGSTER_HOME", str(PROJECT_ROOT / ".dagster_home")))
    home.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("DAGSTER_DISABLE_TELEMETRY", "1")
    return home


def materialize_build(ehr: EHRResource, settings: BuildSettings, *,
                      instance: DagsterInstance | None = None, storage_dir: str | None = None,
                      raise_on_error: bool = True) -> ExecuteInProcessResult:
    """Every asset and check, in-process. With no instance given, the persistent one at DAGSTER_HOME."""
    if instance is None:
        ensure_dagster_home()
        instance = DagsterInstance.get()
    io = PolarsParquetIOManager(base_dir=storage_dir) if storage_dir else PolarsParquetIOManager(
        base_dir=str(Path(os.environ["DAGSTER_HOME"]) / "storage" / "robustgym"))
    resources: dict[str, Any] = {"ehr": ehr, "settings": settings, "io_manager": io}
    return materialize([*ALL_ASSETS, *ALL_CHECKS], resources=resources, instance=instance, raise_on_error=raise_on_error)
