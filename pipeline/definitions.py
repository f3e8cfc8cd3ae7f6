"""The Dagster code location (pyproject [tool.dagster] module_name): `dagster dev` shows the construction graph
and, downstream of the published split, the evaluation of each agent (partitioned by agent) so results sit in the
lineage next to the split they used. Runs launched there execute in-process like `robustgym build`.

Resources are configured here, in one place. The environment variables ROBUSTGYM_DB_URL, ROBUSTGYM_LLM_BASE_URL,
ROBUSTGYM_LLM_MODEL, ROBUSTGYM_EVAL_MODEL and ROBUSTGYM_EVAL_BASE_URL, when set, are bound through Dagster's EnvVar:
Dagster reads them when a run starts and shows them as environment-sourced in the launchpad."""

import os

from dagster import AssetSelection, Definitions, EnvVar, define_asset_job, in_process_executor

from pipeline.assets.assets import ALL_ASSETS, FAMILY_LEVEL_ASSETS, FAMILY_PARTITIONS
from pipeline.assets.checks import construction_checks
from pipeline.assets.evaluation import EvalSettings, evaluation
from pipeline.assets.io_manager import PolarsParquetIOManager
from pipeline.assets.resources import BuildSettings, EHRResource, LLMSettings, engine_resource


def _env(**fields: str) -> dict[str, EnvVar]:
    """field → EnvVar for the variables that are set (an unset EnvVar fails the run; unset means the default)."""
    return {field: EnvVar(var) for field, var in fields.items() if var in os.environ}


def default_resources() -> dict:
    llm = LLMSettings(**_env(base_url="ROBUSTGYM_LLM_BASE_URL", model="ROBUSTGYM_LLM_MODEL"))
    return {"ehr": EHRResource(**_env(db_url="ROBUSTGYM_DB_URL")), "settings": BuildSettings(llm=llm),
            "engine": engine_resource(), "io_manager": PolarsParquetIOManager(),
            "eval_settings": EvalSettings(**_env(model="ROBUSTGYM_EVAL_MODEL", base_url="ROBUSTGYM_EVAL_BASE_URL"))}


# the build is the construction graph; evaluation is partitioned by agent and launched per partition. A run of
# build_dataset covers the partitions it is launched for (all of them: a partition range, first to last); a
# backfill of build_families runs one family per run, which the instance's run queue spreads over its workers.
build_job = define_asset_job("build_dataset", selection=AssetSelection.assets(*(a.key for a in ALL_ASSETS)),
                             executor_def=in_process_executor,
                             description="Materialize every construction asset and publish outputs/<version>/")
families_job = define_asset_job("build_families", selection=AssetSelection.assets(*FAMILY_LEVEL_ASSETS),
                                executor_def=in_process_executor,
                                description="The family-level assets of the families launched (one run each)")

defs = Definitions(
    assets=[*ALL_ASSETS, evaluation],
    asset_checks=construction_checks(FAMILY_PARTITIONS),
    jobs=[build_job, families_job],
    resources=default_resources(),
    executor=in_process_executor,
)
