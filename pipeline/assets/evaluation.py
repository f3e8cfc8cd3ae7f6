"""The evaluation as a Dagster asset, partitioned by agent, downstream of the published split — so results sit in
the lineage next to the split they used. Thin: all logic is the gym's `run_evaluation`. It lives in the Dagster
layer so that the gym never imports Dagster resources. Partitions: the three baselines and `openai` (its model
and endpoint come from EvalSettings, bound to ROBUSTGYM_EVAL_MODEL / ROBUSTGYM_EVAL_BASE_URL in
pipeline/definitions.py; the key from OPENAI_API_KEY).
"""

from pathlib import Path

from dagster import (
    AssetExecutionContext,
    ConfigurableResource,
    MetadataValue,
    Output,
    StaticPartitionsDefinition,
    asset,
)

from pipeline.assets.resources import EHRResource
from pipeline.gym.agents import AGENT_NAMES
from pipeline.gym.env import DEFAULT_PROMPT
from pipeline.paths import PROJECT_ROOT

agent_partitions = StaticPartitionsDefinition(list(AGENT_NAMES))


class EvalSettings(ConfigurableResource):
    """How evaluation runs: trials, concurrency, the split, where runs go, and the model for `openai`."""

    split: str = "test"
    trials: int = 1
    concurrency: int = 2
    runs_dir: str = str(PROJECT_ROOT / "runs")
    model: str = "gpt-4.1"
    base_url: str | None = None
    temperature: float | None = None
    seed: int = 0
    max_turns: int = 20
    prompt: str = DEFAULT_PROMPT  # the system prompt (prompts/agent_<name>.md): "evidence" checks premises, "base" does not


@asset(group_name="evaluation", partitions_def=agent_partitions,
       description="One agent evaluated on the split: results.jsonl, trajectories, summary.json, report.md, plots.")
def evaluation(context: AssetExecutionContext, dataset_split: dict, ehr: EHRResource,
               eval_settings: EvalSettings) -> Output[dict]:
    from pipeline.gym.evaluate import run_evaluation

    agent = context.partition_key
    version = Path(dataset_split["out_dir"]).name
    label = agent if agent != "openai" else f"openai-{eval_settings.model.replace('/', '_')}"
    out = Path(eval_settings.runs_dir) / version / eval_settings.split / label
    summary = run_evaluation(
        agent=agent, dataset=dataset_split["out_dir"], out=out, split=eval_settings.split, trials=eval_settings.trials,
        concurrency=eval_settings.concurrency, db_url=ehr.db_url, model=eval_settings.model,
        base_url=eval_settings.base_url, temperature=eval_settings.temperature, seed=eval_settings.seed,
        max_turns=eval_settings.max_turns, progress=False, prompt=eval_settings.prompt,
    )
    return Output({"out_dir": str(out), "summary": summary}, metadata={
        "out_dir": MetadataValue.path(str(out)),
        "clean_success": summary["clean_success"], "noise_success": summary["noise_success"],
        "noise_success_strict": summary["noise_success_strict"], "pair_success": summary["pair_success"],
        "outcomes": MetadataValue.json(summary["outcomes"]),
        "pass_hat_k": MetadataValue.json(summary["pass_hat_k"]),
        "by_intent": MetadataValue.json(summary["by_intent"]),
        "prompt": summary.get("prompt") or eval_settings.prompt,
        "error_categories": MetadataValue.json(summary.get("error_categories", {})),
        "report": MetadataValue.md((out / "report.md").read_text()),
    })
