"""Materialize the whole construction graph in-process (what `robustgym build` and the tests do), recorded in the
Dagster instance at $DAGSTER_HOME so `dagster dev` later shows the runs, their metadata and checks."""

import os
from pathlib import Path
from typing import Any

from dagster import DagsterInstance, ExecuteInProcessResult, materialize

from pipeline.assets.assets import ALL_ASSETS
from pipeline.assets.checks import ALL_CHECKS
from pipeline.assets.io_manager import PolarsParquetIOManager
from pipeline.assets.resources import BuildSettings, EHRResource, engine_resource
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


def materialize_build(ehr: EHRResource, settings: BuildSettings, *,
                      instance: DagsterInstance | None = None, storage_dir: str | None = None,
                      raise_on_error: bool = True, explain_sql_dir: str | None = None,
                      progress: Progress | None = None, log_level: str = "DEBUG") -> ExecuteInProcessResult:
    """Every asset and check, in-process, on a new execution engine. With no instance given, the persistent one at
    DAGSTER_HOME. `log_level` is that of Dagster's console log of the run's events (the instance records them
    all whatever it is)."""
    if instance is None:
        ensure_dagster_home()
        instance = DagsterInstance.get()
    io = PolarsParquetIOManager(base_dir=storage_dir) if storage_dir else PolarsParquetIOManager(
        base_dir=str(Path(os.environ["DAGSTER_HOME"]) / "storage" / "robustgym"))
    resources: dict[str, Any] = {"ehr": ehr, "settings": settings, "io_manager": io,
                                 "engine": engine_resource(explain_sql_dir=explain_sql_dir, progress=progress)}
    run_config = {"loggers": {"console": {"config": {"log_level": log_level}}}}
    return materialize([*ALL_ASSETS, *ALL_CHECKS], resources=resources, instance=instance,
                       raise_on_error=raise_on_error, run_config=run_config)
