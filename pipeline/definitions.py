"""The Dagster code location (pyproject [tool.dagster] module_name): `dagster dev` shows the construction graph
and, downstream of the published split, the evaluation of each agent (partitioned by agent) so results sit in the
lineage next to the split they used. Runs launched there execute in-process like `robustgym build`. Resources are
configured here, in one place; environment variables ROBUSTGYM_DB_URL / ROBUSTGYM_LLM_BASE_URL / ROBUSTGYM_LLM_MODEL override the defaults."""

from dagster import AssetSelection, Definitions, define_asset_job, in_process_executor

from pipeline.assets.assets import ALL_ASSETS
from pipeline.assets.checks import ALL_CHECKS
from pipeline.assets.io_manager import PolarsParquetIOManager
from pipeline.assets.resources import BuildSettings, EHRResource, LLMResource
from pipeline.gym.dagster_assets import EvalSettings, evaluation


def default_resources() -> dict:
    return {"ehr": EHRResource(), "llm": LLMResource(), "settings": BuildSettings(), "io_manager": PolarsParquetIOManager(),
            "eval_settings": EvalSettings()}


# the build is the construction graph; evaluation is partitioned by agent and launched per partition
build_job = define_asset_job("build_dataset", selection=AssetSelection.assets(*ALL_ASSETS),
                             executor_def=in_process_executor,
                             description="Materialize every construction asset and publish outputs/<version>/")

defs = Definitions(
    assets=[*ALL_ASSETS, evaluation],
    asset_checks=ALL_CHECKS,
    jobs=[build_job],
    resources=default_resources(),
    executor=in_process_executor,
)
