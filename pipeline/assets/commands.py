"""`robustgym build`: materialize the whole construction graph through Dagster, in-process, recorded in the
instance at DAGSTER_HOME (so `make dev` shows the run), showing one progress display, then a short summary (files,
pairs, splits, counts table, checks). Quiet unless `-v`: Dagster's events and INFO logs only then; a failure is
one line.

Every build setting is a field of BuildConfig (pipeline/construction/config.py): the flags below are generated
from its fields, a `--config` YAML/JSON file uses the same names, and flags given on the command line win."""

import argparse
import sys
import time
import types
import typing
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from pipeline.construction.config import BuildConfig, LLMConfig


def _scalar_type(annotation: Any) -> type:
    """int / float / str / bool out of `X` or `X | None`."""
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        annotation = next(a for a in typing.get_args(annotation) if a is not type(None))
    return annotation


def _add_model_flags(parser: argparse.ArgumentParser, model: type[BaseModel], prefix: str = "") -> None:
    for name, field in model.model_fields.items():
        if name == "llm":
            _add_model_flags(parser, LLMConfig, "llm.")
            continue
        key = prefix + name
        flag = "--" + key.replace(".", "-").replace("_", "-")
        kind = _scalar_type(field.annotation)
        text = field.description or name.replace("_", " ")
        text += "" if field.default is None else f" (default {field.default})"
        if kind is bool:
            parser.add_argument(flag, dest=key, action=argparse.BooleanOptionalAction, default=None, help=text)
        else:
            parser.add_argument(flag, dest=key, type=kind, default=None, help=text,
                                metavar=name.upper())


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("build", help="build a verified Clean–Noise dataset version (Dagster, in-process)")
    p.add_argument("--db", default=None, help="EHR database URL (default: the project's data/ehr.duckdb)")
    p.add_argument("--patients", type=int, default=None, help="synthetic EHR size when it must be generated")
    p.add_argument("--config", type=Path, help="YAML/JSON file with build settings: the BuildConfig field names")
    p.add_argument("--no-generate", action="store_true", help="never generate the EHR; fail if it is absent")
    p.add_argument("--unbounded", action="store_true",
                   help="DuckDB: open the EHR read-write (no 1 GB temp-spill cap) for large builds; locks the file")
    p.add_argument("--explain-sql", type=Path, default=None, metavar="DIR",
                   help="write, per template, the SQL it ran and whether set-based or per contract, into DIR")
    p.add_argument("--workers", type=int, default=0, metavar="N",
                   help="build the family partitions as one Dagster run each, N at a time (Dagster's run queue, "
                        "served by `dagster dev`), then the split; default 0: one in-process run of everything")
    p.add_argument("--duckdb-threads", type=int, default=None, metavar="N",
                   help="DuckDB: query threads of the build's connection (default 2), or of each run with --workers "
                        "(default: the machine's cores shared out among the workers)")
    p.add_argument("--families", default=None, metavar="ID,ID",
                   help="with --workers: rebuild only these family partitions (those a worker build named as "
                        "failed), then the split from every stored partition")
    _add_model_flags(p, BuildConfig)
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


def build_config_from_args(args: argparse.Namespace) -> BuildConfig:
    """The config file, overridden by the flags given; naming an LLM endpoint or model on the command line turns
    the rewriter on."""
    data = _load_config(args.config)
    llm = dict(data.pop("llm", None) or {})
    for key, value in vars(args).items():
        if value is None or not (key in BuildConfig.model_fields or key.startswith("llm.")):
            continue
        if key.startswith("llm."):
            llm[key[4:]] = value
        else:
            data[key] = value
    if getattr(args, "llm.enabled") is None and (getattr(args, "llm.base_url") or getattr(args, "llm.model")):
        llm["enabled"] = True
    cfg = BuildConfig.model_validate({**data, "llm": llm})
    if cfg.llm.enabled and not (cfg.llm.base_url and cfg.llm.model):
        raise ValueError("the LLM rewriter needs both --llm-base-url and --llm-model")
    return cfg


def resources_from_args(args: argparse.Namespace) -> dict[str, Any]:
    """The Dagster resources a `robustgym build` invocation runs with."""
    from pipeline.assets.resources import BuildSettings, EHRResource

    cfg = build_config_from_args(args)
    ehr_fields = {"db_url": args.db, "patients": args.patients, "duckdb_threads": getattr(args, "duckdb_threads", None)}
    ehr = EHRResource(**{k: v for k, v in ehr_fields.items() if v is not None}, seed=cfg.seed,
                      generate_if_absent=not args.no_generate, unbounded=args.unbounded)
    return {"ehr": ehr, "settings": BuildSettings.from_config(cfg)}


def _failure_messages(result: Any) -> list[tuple[str, str]]:
    """(step, message) of every failed step: the user's exception, not Dagster's wrapper."""
    msgs = []
    for e in result.get_step_failure_events():
        err = getattr(e.event_specific_data, "error", None)
        while err is not None and err.cause is not None:
            err = err.cause
        if err is not None:
            message = str(err.message).strip()
            prefix = f"{err.cls_name}: " if err.cls_name else None
            if prefix and prefix in message.split("\n", 1)[0]:  # "pipeline.ehr.database.QueryError: …"
                message = message.split(prefix, 1)[1]
            msgs.append((e.step_key, message))
    return msgs


def failure_line(result: Any) -> str:
    """A failed build in one line: the blocking checks that failed and their first problem (a failed blocking
    check also fails its step, whose own message names no problem), else the failed step and its error."""
    failing = [c for c in result.get_asset_check_evaluations() if not c.passed and c.severity.value == "ERROR"]
    if failing:
        problems = failing[0].metadata.get("problems")
        listed = problems.value if problems is not None and isinstance(problems.value, list) else []
        first = f": {listed[0]}" if listed else ""
        return (f"robustgym build: error: blocking check(s) failed: {', '.join(c.check_name for c in failing)}{first}"
                " (run with -v for every problem; `make dev` shows the failure cases)")
    failed = _failure_messages(result)
    if failed:
        step, message = failed[0]
        first = message.splitlines()[0] if message else "failed"
        more = f" ({len(failed) - 1} more step(s) failed)" if len(failed) > 1 else ""
        return f"robustgym build: error: step {step} failed: {first}{more}"
    return "robustgym build: error: the run failed (run with -v for Dagster's events)"


def _failure_details(result: Any) -> list[str]:
    """Everything failure_line leaves out (printed with -v)."""
    lines = [m for _, m in _failure_messages(result)]
    for c in result.get_asset_check_evaluations():
        if not c.passed and c.severity.value == "ERROR":
            problems = c.metadata.get("problems")
            for p in (problems.value if problems is not None and isinstance(problems.value, list) else [])[:10]:
                lines.append(f"  {c.check_name}: {p}")
    return lines


def checks_line(result: Any) -> str:
    evals = sorted(result.get_asset_check_evaluations(), key=lambda c: c.check_name)
    passed = [c.check_name for c in evals if c.passed]
    failed = [c.check_name for c in evals if not c.passed]
    line = f"checks: {len(passed)}/{len(evals)} passed"
    return line + (f"; failed (warnings): {', '.join(failed)}" if failed else "")


def _worker_build(args: argparse.Namespace, resources: dict[str, Any], progress: Any, verbose: bool) -> Any:
    """The build on Dagster's run queue (pipeline/assets/workers.py) → the split's run, or None when a family
    failed (named on stderr, with the command that rebuilds it alone)."""
    from pipeline.assets.workers import build_with_workers

    families = [f for f in args.families.split(",") if f] if args.families else None
    built = build_with_workers(resources["ehr"], resources["settings"], args.workers, families=families,
                               progress=progress, log_level="DEBUG" if verbose else "CRITICAL",
                               duckdb_threads=args.duckdb_threads)
    if built.swept:
        print(f"robustgym build: {len(built.swept)} run(s) left unfinished by a stopped build were closed "
              "(failed or canceled), so the run queue does not wait on them", file=sys.stderr)
    if built.failed:
        progress.abandon()
        print(f"robustgym build: error: {len(built.failed)} family partition(s) failed: {', '.join(built.failed)} "
              f"(their runs are in `make dev`; rebuild them alone with --workers {args.workers} --families "
              f"{','.join(built.failed)})", file=sys.stderr)
        return None
    return built.split


def run(args: argparse.Namespace) -> int:
    import logging
    import os

    os.environ.setdefault("DAGSTER_DISABLE_TELEMETRY", "1")
    from pipeline.assets.progress import STEPS, WORKER_STEPS, BuildProgress
    from pipeline.assets.run import materialize_build
    from pipeline.construction.splits.card import counts_table
    from pipeline.construction.steps import step_families

    verbose = bool(getattr(args, "verbose", False))
    if not verbose:  # quiet: our warnings only (no alembic or Dagster INFO lines); Dagster's events with -v
        logging.getLogger().setLevel(logging.WARNING)
    resources = resources_from_args(args)
    # families are validated before anything runs (a bad file fails here with file, line and field)
    step_families(resources["settings"].build_config())
    start = time.perf_counter()
    progress = BuildProgress(steps=WORKER_STEPS if getattr(args, "workers", 0) else STEPS)
    from tqdm.contrib.logging import logging_redirect_tqdm

    try:
        with logging_redirect_tqdm():  # a warning during the build prints above the progress line, not into it
            if getattr(args, "workers", 0):
                result = _worker_build(args, resources, progress, verbose)
                if result is None:
                    return 1
            else:
                result = materialize_build(resources["ehr"], resources["settings"], raise_on_error=False,
                                           explain_sql_dir=str(args.explain_sql) if args.explain_sql else None,
                                           progress=progress, log_level="DEBUG" if verbose else "CRITICAL")
    except BaseException:
        progress.abandon()
        raise
    if not result.success:
        progress.abandon()
        if verbose:
            for line in _failure_details(result):
                print(line, file=sys.stderr)
        print(failure_line(result), file=sys.stderr)
        return 1
    progress.close()
    out = result.output_for_node("dataset_split")
    manifest = out["manifest"]
    import polars as pl

    out_dir = Path(out["out_dir"])
    tasks = pl.concat([pl.read_parquet(out_dir / "train.parquet"), pl.read_parquet(out_dir / "test.parquet")])
    c = manifest["counts"]
    print(f"dataset {manifest['version']} written to {out_dir} in {time.perf_counter() - start:.1f} s: "
          + ", ".join(sorted(p.name for p in out_dir.iterdir() if not p.name.startswith("."))))
    splits = ", ".join(f"{k} {v}" for k, v in sorted(c["by_split"].items(), reverse=True))
    print(f"{c['pairs']} pairs / {c['tasks']} tasks from {c['families']} families; pairs by split: {splits}")
    print(counts_table(tasks))
    rej = c.get("rejections_by_stage_reason", {})
    if rej:
        print("rejections: " + ", ".join(f"{k}={v}" for k, v in rej.items()))
    print(checks_line(result))
    print(f"steps: {progress.summary()}")
    if args.explain_sql:
        print(f"explain: the SQL each template ran, and how, in {args.explain_sql}")
    for problem in out["balance"]["problems"] + manifest.get("validity", {}).get("problems", {}).get("operators", []):
        print(f"warning: {problem}")
    return 0
