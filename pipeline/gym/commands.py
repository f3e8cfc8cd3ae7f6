"""`robustgym eval | report | export-sft`."""

import argparse
import json
import sys
from pathlib import Path

from pipeline.gym.agents import AGENT_NAMES


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("eval", help="evaluate an agent on a dataset split (resumable)")
    p.add_argument("--agent", required=True, choices=AGENT_NAMES)
    p.add_argument("--dataset", required=True, help="dataset version directory, e.g. outputs/<version>")
    p.add_argument("--split", default="test", choices=("train", "test"))
    p.add_argument("--trials", type=int, default=1)
    p.add_argument("--concurrency", type=int, default=1)
    p.add_argument("--out", required=True, help="run directory (results.jsonl, summary.json, report.md, plots)")
    p.add_argument("--db", default=None, help="EHR URL (default data/ehr.duckdb; its fingerprint must be the manifest's)")
    p.add_argument("--model", default=None, help="model name for --agent openai")
    p.add_argument("--base-url", default=None, help="OpenAI-compatible endpoint (key from OPENAI_API_KEY)")
    p.add_argument("--temperature", type=float, default=None)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--max-turns", type=int, default=20)
    p.add_argument("--limit", type=int, default=None, help="first N tasks only (by task id)")
    p.add_argument("--timeout", type=float, default=120.0, help="per-request timeout for --agent openai (s)")
    p.add_argument("--retries", type=int, default=4, help="request retries for --agent openai")
    p.add_argument("--prompt", default="base", choices=("base", "evidence"),
                   help="system prompt: base (neutral) or evidence (adds premise checking; prompts/agent_*.md)")
    p.add_argument("--no-progress", action="store_true")
    p.add_argument("--ignore-fingerprint", action="store_true",
                   help="run even if the EHR differs from the one the split was built from")
    p.set_defaults(func=_eval)

    r = subparsers.add_parser("report", help="re-render summary.json, report.md, the error analysis and plots from a "
                              "run's results; or compare two runs (--compare)")
    r.add_argument("run_dir", nargs="?")
    r.add_argument("--compare", nargs=2, metavar=("RUN_A", "RUN_B"),
                   help="write the 'Δ vs. Base' table (compare.md + compare.png) of RUN_B against RUN_A")
    r.add_argument("--out", default=None, help="folder for --compare's files (default: RUN_B)")
    r.set_defaults(func=_report)

    m = subparsers.add_parser("mcp", help="serve the gym to any MCP client (stdio; streamable HTTP with --port)")
    m.add_argument("--dataset", required=True, help="dataset version directory, e.g. outputs/<version>")
    m.add_argument("--split", default="test", choices=("train", "test"))
    m.add_argument("--out", required=True, help="run directory (results.jsonl, trajectories.jsonl; resumable)")
    m.add_argument("--db", default=None, help="EHR URL (default data/ehr.duckdb; its fingerprint must be the manifest's)")
    m.add_argument("--port", type=int, default=None, help="serve streamable HTTP on 127.0.0.1:PORT/mcp instead of stdio")
    m.add_argument("--trials", type=int, default=1, help="episodes per task")
    m.add_argument("--max-turns", type=int, default=20, help="tool calls per task (each call is one turn)")
    m.add_argument("--prompt", default="base", choices=("base", "evidence"), help="the instructions start_task returns")
    m.add_argument("--model", default=None, help="a label for the client's model, recorded with each result")
    m.add_argument("--limit", type=int, default=None, help="first N tasks only (by task id)")
    m.add_argument("--ignore-fingerprint", action="store_true",
                   help="serve even if the EHR differs from the one the split was built from")
    m.set_defaults(func=_mcp)

    x = subparsers.add_parser("export-sft", help="export trajectories as a TRL SFTTrainer dataset (messages + tools)")
    x.add_argument("--runs", nargs="+", required=True, help="run directories (or trajectories.jsonl files)")
    x.add_argument("--out", required=True, help="output JSONL file")
    x.add_argument("--successful-only", action="store_true", help="only episodes with reward 1")
    x.add_argument("--variant", choices=("clean", "noise"), default=None)
    x.add_argument("--arguments", choices=("object", "string"), default="object",
                   help="tool-call arguments as JSON objects (TRL's documented form) or JSON text (for `datasets`)")
    x.set_defaults(func=_export)


def _eval(args: argparse.Namespace) -> int:
    from pipeline.gym.evaluate import run_evaluation

    options = {"timeout_s": args.timeout, "max_retries": args.retries} if args.agent == "openai" else {}
    summary = run_evaluation(
        agent=args.agent, dataset=args.dataset, out=args.out, split=args.split, trials=args.trials,
        concurrency=args.concurrency, db_url=args.db, model=args.model, base_url=args.base_url, limit=args.limit,
        temperature=args.temperature, seed=args.seed, max_turns=args.max_turns, agent_options=options,
        progress=not args.no_progress, check_fingerprint=not args.ignore_fingerprint, prompt=args.prompt,
    )
    _print_headline(summary, Path(args.out))
    return 0


def _report(args: argparse.Namespace) -> int:
    from pipeline.gym.evaluate import render

    if args.compare:
        if args.run_dir:
            raise ValueError("give either RUN_DIR or --compare RUN_A RUN_B, not both")
        from pipeline.gym.compare_runs import compare_runs

        print(f"wrote {compare_runs(*args.compare, out=args.out)}")
        return 0
    if not args.run_dir:
        raise ValueError("robustgym report needs RUN_DIR (or --compare RUN_A RUN_B)")
    summary = render(args.run_dir)
    _print_headline(summary, Path(args.run_dir))
    return 0


def _mcp(args: argparse.Namespace) -> int:
    from pipeline.gym.mcp_server import GymSession, serve

    if args.port is not None and not 0 < args.port < 65536:
        raise ValueError(f"--port {args.port} is not a TCP port")
    session = GymSession(args.dataset, args.out, split=args.split, db_url=args.db, trials=args.trials,
                         max_turns=args.max_turns, prompt=args.prompt, model=args.model,
                         check_fingerprint=not args.ignore_fingerprint, limit=args.limit)
    where = f"http://127.0.0.1:{args.port}/mcp" if args.port is not None else "stdio"
    print(f"robustgym mcp: {len(session.tasks)} tasks, run directory {args.out}, serving on {where}", file=sys.stderr)
    serve(session, port=args.port)
    return 0


def _export(args: argparse.Namespace) -> int:
    from pipeline.gym.trajectories import export_sft

    n = export_sft(args.runs, args.out, successful_only=args.successful_only, variant=args.variant,
                   arguments=args.arguments)
    print(f"wrote {n} examples to {args.out}")
    return 0


def _print_headline(summary: dict, out: Path) -> None:
    def pct(v: float | None) -> str:
        return "–" if v is None else f"{100 * v:.1f}%"

    print(f"clean {pct(summary['clean_success'])}  noise {pct(summary['noise_success'])} "
          f"(strict {pct(summary.get('noise_success_strict'))})  pairs {pct(summary.get('pair_success'))}  "
          f"pass^k {json.dumps({k: round(v, 3) if v is not None else None for k, v in summary['pass_hat_k'].items()})}  "
          f"({summary['n_tasks']} tasks × {summary['n_trials']} trials) → {out / 'report.md'}", file=sys.stdout)
