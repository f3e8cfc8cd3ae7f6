"""`robustgym build`: materialize the whole construction graph through Dagster, in-process, recorded in the
instance at DAGSTER_HOME (so `make dev` shows the run), then print the output directory and the counts table."""

import argparse
import json
import sys
import time
from pathlib import Path

from pipeline.paths import DEFAULT_DB_URL


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("build", help="build a verified Clean–Noise dataset version (Dagster, in-process)")
    p.add_argument("--db", default=DEFAULT_DB_URL, help=f"EHR database URL (default {DEFAULT_DB_URL})")
    p.add_argument("--patients", type=int, default=3000, help="synthetic EHR size when it must be generated")
    p.add_argument("--seed", type=int, default=None, help="seed of the EHR generation and of the build (default 0)")
    p.add_argument("--version", default=None, help="dataset version, the output folder name (default v1)")
    p.add_argument("--config", type=Path, help="YAML/JSON file with build settings (see BuildConfig)")
    p.add_argument("--per-family-cap", type=int, default=None, help="bindings sampled per family")
    p.add_argument("--test-fraction", type=float, default=None)
    p.add_argument("--outputs", default=None, help="outputs root (default <project>/outputs)")
    p.add_argument("--no-generate", action="store_true", help="never generate the EHR; fail if it is absent")
    p.add_argument("--unbounded", action="store_true",
                   help="DuckDB: open the EHR read-write (no 1 GB temp-spill cap) for large builds; locks the file")
    p.add_argument("--llm-base-url", default=None, help="OpenAI-compatible endpoint: enables the LLM rewriter")
    p.add_argument("--llm-model", default=None)
    p.add_argument("--llm-concurrency", type=int, default=None)
    p.add_argument("--llm-timeout", type=float, default=None)
    p.add_argument("--no-llm-judge", action="store_true", help="skip the semantic LLM judge")
    p.set_defaults(func=run)


def _load_config(path: Path | None) -> dict:
    if path is None:
        return {}
    import yaml

    if not path.is_file():
        raise FileNotFoundError(f"config file {path} not found")
    data = yaml.safe_load(path.read_text()) or {}
    if not isinstance(data, dict):
        raise ValueError(f"{path}: the build config must be a mapping")
    return data


def run(args: argparse.Namespace) -> int:
    import os

    os.environ.setdefault("DAGSTER_DISABLE_TELEMETRY", "1")
    from pipeline.assets.resources import BuildSettings, EHRResource, LLMResource
    from pipeline.assets.run import materialize_build
    from pipeline.construction.config import BuildConfig, LLMConfig
    from pipeline.construction.splits.card import counts_table

    file_cfg = _load_config(args.config)
    llm_file = file_cfg.pop("llm", {}) or {}
    overrides = {"seed": args.seed, "version": args.version, "per_family_cap": args.per_family_cap,
                 "test_fraction": args.test_fraction, "outputs_dir": args.outputs}
    cfg = BuildConfig.model_validate({**file_cfg, **{k: v for k, v in overrides.items() if v is not None}})
    llm_over = {"base_url": args.llm_base_url, "model": args.llm_model, "concurrency": args.llm_concurrency,
                "timeout_s": args.llm_timeout}
    llm_data = {**llm_file, **{k: v for k, v in llm_over.items() if v is not None}}
    if args.no_llm_judge:
        llm_data["judge"] = False
    if args.llm_base_url or args.llm_model:
        llm_data["enabled"] = True
    llm_cfg = LLMConfig.model_validate(llm_data)
    if llm_cfg.enabled and not (llm_cfg.base_url and llm_cfg.model):
        raise ValueError("the LLM rewriter needs both --llm-base-url and --llm-model")

    # families are validated before anything runs (a bad file fails here with file, line and field)
    from pipeline.construction.steps import step_families

    step_families(cfg)
    ehr = EHRResource(db_url=args.db, patients=args.patients, seed=cfg.seed, generate_if_absent=not args.no_generate,
                      unbounded=args.unbounded)
    settings = BuildSettings(version=cfg.version, seed=cfg.seed, per_family_cap=cfg.per_family_cap,
                             test_fraction=cfg.test_fraction, chunk_size=cfg.chunk_size,
                             max_noise_attempts=cfg.max_noise_attempts, contracts_dir=cfg.contracts_dir,
                             sql_dir=cfg.sql_dir, outputs_dir=cfg.outputs_dir)
    llm = LLMResource(**llm_cfg.model_dump(exclude={"temperature"}))
    start = time.perf_counter()
    result = materialize_build(ehr, settings, llm, raise_on_error=False)
    if not result.success:
        failed = [e.step_key for e in result.get_step_failure_events()]
        msgs = []
        for e in result.get_step_failure_events():
            err = getattr(e.event_specific_data, "error", None)
            while err is not None and err.cause is not None:  # the user's exception, not Dagster's wrapper
                err = err.cause
            if err is not None:
                msgs.append(str(err.message).strip())
        checks = [c.check_name for c in result.get_asset_check_evaluations() if not c.passed and c.severity.value == "ERROR"]
        print(f"robustgym build: failed at {failed or checks}", file=sys.stderr)
        for m in msgs:
            print(m, file=sys.stderr)
        if checks:
            print(f"blocking checks failed: {checks} (see `make dev` for their failure cases)", file=sys.stderr)
        return 1
    out = result.output_for_node("dataset_split")
    manifest = out["manifest"]
    import polars as pl

    out_dir = Path(out["out_dir"])
    tasks = pl.concat([pl.read_parquet(out_dir / "train.parquet"), pl.read_parquet(out_dir / "test.parquet")])
    c = manifest["counts"]
    print(f"dataset {manifest['version']} written to {out_dir} in {time.perf_counter() - start:.1f} s")
    print(f"{c['pairs']} pairs / {c['tasks']} tasks from {c['families']} families; splits: {json.dumps(c['by_split'])}")
    print(counts_table(tasks))
    rej = c.get("rejections_by_stage_reason", {})
    if rej:
        print("rejections: " + ", ".join(f"{k}={v}" for k, v in rej.items()))
    for problem in out["balance"]["problems"]:
        print(f"warning: {problem}")
    return 0
