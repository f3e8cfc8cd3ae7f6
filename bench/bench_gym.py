"""Gym speed (BENCHMARKS.md, "Gym").

    python -m bench.bench_gym [--dataset outputs/<version>] [--db URL] [--throughput-tasks N] [--python-runs R]
    python -m bench.run gym -- --dataset outputs/v1

1. Oracle over the test split (both variants, 1 trial, concurrency 4 by default): wall time and its verdict
   (must be 100/100).
2. Environment overhead per step beyond the SQL: step() wall time minus the time spent inside
   Database.query_result (validation, transpile, execution), over the oracle's execute_sql and submit steps.
3. Python tool round trip: cold worker start, `print(1)`, and one `sql()` call through the parent.
4. Throughput (episodes/s) of the oracle at concurrency 1, 2 and 4 on the first N tasks.

Without --dataset it uses the newest outputs/<version>/test.parquet, else a generated mini EHR with its task
pairs replicated (said so in the output).
"""

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def _default_dataset() -> Path | None:
    candidates = sorted((ROOT / "outputs").glob("*/test.parquet"), key=lambda p: p.stat().st_mtime)
    return candidates[-1].parent if candidates else None


def _mini_dataset(work: Path, copies: int) -> tuple[Path, str]:
    sys.path.insert(0, str(ROOT / "tests"))
    from gym_fixtures import build_mini_ehr, make_tasks, write_task_split  # type: ignore[import-not-found]

    url = build_mini_ehr(work / "mini.duckdb")
    tasks = [t.model_copy(update={"task_id": f"{t.task_id}-{i}", "pair_id": f"{t.pair_id}-{i}"})
             for i in range(copies) for t in make_tasks()]
    return write_task_split(work / "dataset", tasks), url


def bench_oracle(dataset: Path, db_url: str | None, work: Path, concurrency: int) -> dict[str, Any]:
    from pipeline.gym.evaluate import run_evaluation

    out = work / "oracle"
    start = time.perf_counter()
    summary = run_evaluation(agent="oracle", dataset=dataset, out=out, db_url=db_url, trials=1,
                             concurrency=concurrency, progress=False)
    return {"seconds": time.perf_counter() - start, "n": summary["n_episodes"], "clean": summary["clean_success"],
            "noise": summary["noise_success"]}


def bench_step_overhead(dataset: Path, db_url: str | None, n_tasks: int) -> dict[str, float]:
    from pipeline.ehr.database import connect
    from pipeline.gym.agents import agent_view, make_agent
    from pipeline.gym.env import RobustGymEnv
    from pipeline.gym.evaluate import _db_url_for
    from pipeline.gym.tasks import load_tasks

    tasks = load_tasks(dataset, "test", limit=n_tasks)
    db = connect(_db_url_for(db_url))
    inside = {"s": 0.0}
    original = db.query_result

    def timed(*a: Any, **kw: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return original(*a, **kw)
        finally:
            inside["s"] += time.perf_counter() - t0

    db.query_result = timed  # type: ignore[method-assign]
    env = RobustGymEnv(tasks, db)
    agent = make_agent("oracle", tasks=tasks, episode_keys=env.episode_keys)
    sql_steps, submit_steps, resets = [], [], []
    for task in tasks:
        t0 = time.perf_counter()
        obs, info = env.reset(options={"task_id": task.task_id})
        resets.append(time.perf_counter() - t0)
        state: dict[str, Any] = {}
        for kind in ("sql", "submit"):
            action = agent.act(list(env.messages), agent_view(info), state)
            inside["s"] = 0.0
            t0 = time.perf_counter()
            obs, reward, terminated, truncated, info = env.step(action)
            overhead = time.perf_counter() - t0 - inside["s"]
            (sql_steps if kind == "sql" else submit_steps).append(overhead)
    env.close()
    db.close()
    return {"n": len(tasks), "sql_p50": statistics.median(sql_steps), "sql_p95": _pct(sql_steps, 0.95),
            "submit_p50": statistics.median(submit_steps), "submit_p95": _pct(submit_steps, 0.95),
            "reset_p50": statistics.median(resets)}


def bench_python(runs: int) -> dict[str, float]:
    import polars as pl

    from pipeline.gym.sandbox import PythonSandbox

    def handler(query: str) -> tuple[pl.DataFrame, bool]:
        return pl.DataFrame({"x": list(range(100))}), False

    t0 = time.perf_counter()
    sb = PythonSandbox(handler)
    sb.start()
    cold = time.perf_counter() - t0
    plain, with_sql = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        assert sb.run("print(1)").ok
        plain.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        assert sb.run("print(sql('SELECT 1')['x'].sum())").ok
        with_sql.append(time.perf_counter() - t0)
    caps = sb.capabilities
    sb.close()
    return {"cold": cold, "plain_p50": statistics.median(plain), "plain_p95": _pct(plain, 0.95),
            "sql_p50": statistics.median(with_sql), "sql_p95": _pct(with_sql, 0.95), "caps": caps}  # type: ignore[dict-item]


def bench_throughput(dataset: Path, db_url: str | None, n_tasks: int, work: Path) -> dict[int, float]:
    from pipeline.gym.evaluate import run_evaluation

    out: dict[int, float] = {}
    for c in (1, 2, 4):
        run = work / f"tp{c}"
        start = time.perf_counter()
        s = run_evaluation(agent="oracle", dataset=dataset, out=run, db_url=db_url, trials=1, concurrency=c,
                           limit=n_tasks, progress=False)
        out[c] = s["n_episodes"] / (time.perf_counter() - start)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="bench_gym", description=__doc__.split("\n")[0])
    p.add_argument("--dataset", type=Path, default=None)
    p.add_argument("--db", default=None, help="EHR URL (default data/ehr.duckdb)")
    p.add_argument("--copies", type=int, default=50, help="replicas of the mini task set when no split exists")
    p.add_argument("--oracle-concurrency", type=int, default=4)
    p.add_argument("--overhead-tasks", type=int, default=300)
    p.add_argument("--throughput-tasks", type=int, default=400)
    p.add_argument("--python-runs", type=int, default=50)
    args = p.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="bench-gym-"))
    try:
        dataset, db_url, note = args.dataset, args.db, ""
        if dataset is None:
            dataset = _default_dataset()
        if dataset is None:
            dataset, db_url = _mini_dataset(work, args.copies)
            note = f" (no split found: mini EHR, 7 task pairs × {args.copies} copies)"
        print(f"dataset: {dataset}{note}\n")
        print("| measure | result |")
        print("|---|---|")
        o = bench_oracle(dataset, db_url, work, args.oracle_concurrency)
        print(f"| oracle, test split, both variants, 1 trial, concurrency {args.oracle_concurrency} | {o['seconds']:.1f} s for {o['n']} episodes "
              f"({o['n'] / o['seconds']:.0f} ep/s); Clean {100 * o['clean']:.1f}% / Noise {100 * o['noise']:.1f}% |", flush=True)
        s = bench_step_overhead(dataset, db_url, args.overhead_tasks)
        print(f"| env overhead per step beyond the SQL ({s['n']} oracle episodes) | execute_sql step p50 "
              f"{1000 * s['sql_p50']:.2f} ms, p95 {1000 * s['sql_p95']:.2f} ms; submit step p50 {1000 * s['submit_p50']:.2f} ms, "
              f"p95 {1000 * s['submit_p95']:.2f} ms; reset p50 {1000 * s['reset_p50']:.2f} ms |", flush=True)
        py = bench_python(args.python_runs)
        print(f"| execute_python round trip ({args.python_runs} runs; isolation {py['caps']}) | cold worker start "
              f"{1000 * py['cold']:.0f} ms; print(1) p50 {1000 * py['plain_p50']:.1f} ms, p95 {1000 * py['plain_p95']:.1f} ms; "
              f"one sql() call p50 {1000 * py['sql_p50']:.1f} ms, p95 {1000 * py['sql_p95']:.1f} ms |", flush=True)
        tp = bench_throughput(dataset, db_url, args.throughput_tasks, work)
        print(f"| oracle throughput, first {args.throughput_tasks} tasks | " + ", ".join(
            f"concurrency {c}: {v:.0f} ep/s" for c, v in tp.items()) + " |", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
