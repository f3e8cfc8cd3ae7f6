"""The Dagster code location (pyproject [tool.dagster] module_name): `dagster dev` shows the construction graph,
and runs launched there execute in-process like `robustgym build`. Resources are configured here, in one place;
environment variables ROBUSTGYM_DB_URL / ROBUSTGYM_LLM_BASE_URL / ROBUSTGYM_LLM_MODEL override the defaults."""

from dagster import AssetSelection, Definitions, define_asset_job, in_process_executor

from pipeline.assets.assets import ALL_ASSETS
from pipeline.assets.checks import ALL_CHECKS
from pipeline.assets.io_manager import PolarsParquetIOManager
from pipeline.assets.resources import BuildSettings, EHRResource, LLMResource


def default_resources() -> dict:
    return {"ehr": EHRResource(), "llm": LLMResource(), "settings": BuildSettings(), "io_manager": PolarsParquetIOManager()}


build_job = define_asset_job("build_dataset", selection=AssetSelection.all(), executor_def=in_process_executor,
                             description="Materialize every construction asset and publish outputs/<version>/")

defs = Definitions(
    assets=ALL_ASSETS,
    asset_checks=ALL_CHECKS,
    jobs=[build_job],
    resources=default_resources(),
    executor=in_process_executor,
)
