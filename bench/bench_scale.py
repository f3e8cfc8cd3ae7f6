"""The build at scale: `robustgym build` as a user runs it, once per worker setting, with wall time, CPU seconds
and peak memory of the whole process tree (the build, and with --workers the Dagster webserver, daemon, code
server and every run process), the checks line, and the published files' hashes — the same hashes on every row
means the worker count changed nothing but the time (BENCHMARKS.md, "One partition per family").

    python -m bench.bench_scale --db duckdb:////abs/ehr30k.duckdb --seed 5 --workers 0,1,2
    make bench BENCH_ARGS="scale -- --db duckdb:////abs/ehr30k.duckdb --seed 5 --workers 1,2,1:1"

--workers 0 is the in-process build (one run, the engine's threads spread each step over the families); N ≥ 1 is
the worker build, one Dagster run per family partition on a run queue of N, whose runs get the cores shared out as
DuckDB threads; N:T gives each run T threads instead. The settings run in order on one Dagster instance, so a later
worker build starts its families longest first by the earlier one's runs, as a user's rebuild does. The EHR must
exist (`robustgym ehr generate`). Peak memory is the largest sum of the tree's resident sets, sampled every half
second.
"""

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil


class TreeMeter(threading.Thread):
    """Peak summed RSS and CPU seconds of a process and all its descendants, sampled every half second (a child
    that ends between samples keeps the CPU it was last seen with)."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.root, self.done = psutil.Process(pid), threading.Event()
        self.peak_rss, self.cpu = 0, {}

    def run(self) -> None:
        while not self.done.wait(0.5):
            try:
                procs = [self.root, *self.root.children(recursive=True)]
            except psutil.NoSuchProcess:
                return
            rss = 0
            for p in procs:
                try:
                    rss += p.memory_info().rss
                    t = p.cpu_times()
                    self.cpu[p.pid] = t.user + t.system
                except psutil.NoSuchProcess:
                    continue
            self.peak_rss = max(self.peak_rss, rss)

    def stop(self) -> None:
        self.done.set()
        self.join()


def _hashes(out: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()[:12] for p in sorted(out.glob("*.parquet"))}


def family_runs(home: Path, since: float) -> dict[str, float]:
    """Seconds of each family's run (start to end) that a worker build made on the instance at `home`."""
    from dagster import DagsterInstance, RunsFilter

    os.environ["DAGSTER_HOME"] = str(home)
    with DagsterInstance.get() as instance:
        records = instance.get_run_records(RunsFilter(job_name="build_families"))
        return {r.dagster_run.tags["dagster/partition"]: round(r.end_time - r.start_time, 1)
                for r in records if r.start_time and r.end_time and r.start_time >= since}


def run_build(db: str, seed: int, setting: str, work: Path, extra: list[str]) -> dict:
    workers, _, threads = setting.partition(":")
    workers = int(workers)
    out = work / f"workers{setting.replace(':', 'x')}"
    home = work / "home"
    home.mkdir(parents=True, exist_ok=True)
    cmd = [str(Path(sys.executable).with_name("robustgym")), "build", "--db", db, "--no-generate", "--seed", str(seed),
           "--outputs-dir", str(out), *(["--workers", str(workers)] if workers else []),
           *(["--duckdb-threads", threads] if threads else []), *extra]
    env = {**os.environ, "DAGSTER_HOME": str(home)}
    since = time.time()
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    meter = TreeMeter(proc.pid)
    meter.start()
    log = proc.communicate()[0]
    meter.stop()
    wall = time.perf_counter() - start
    checks = next((line for line in log.splitlines() if line.startswith("checks:")), "")
    pairs = next((line.split(" pairs")[0] for line in log.splitlines() if " pairs / " in line), "")
    (work / f"{out.name}.log").write_text(log)
    runs = family_runs(home, since) if workers else {}
    return {"workers": setting, "exit": proc.returncode, "family_runs_s": runs, "wall_s": round(wall, 1), "cpu_s": round(sum(meter.cpu.values()), 1),
            "peak_rss_gb": round(meter.peak_rss / 1e9, 2), "pairs": pairs, "checks": checks,
            "hashes": _hashes(out / "v1") if (out / "v1").exists() else {}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="bench.bench_scale", description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", required=True, help="the EHR (it must exist)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", default="0,1,2",
                    help="comma-separated worker settings (N, or N:T for T DuckDB threads per run), run in this order")
    ap.add_argument("--work", type=Path, default=None, help="where outputs, Dagster homes and logs go (default: a temp dir)")
    args, extra = ap.parse_known_args(argv)
    work = args.work or Path(tempfile.mkdtemp(prefix="bench_scale_"))
    rows = []
    print("| workers | wall | CPU s | peak RSS | family runs: sum, longest | pairs | checks "
          "| train / test / rejections sha256 |")
    print("|---|---|---|---|---|---|---|---|")
    for w in args.workers.split(","):
        r = run_build(args.db, args.seed, w, work, extra)
        rows.append(r)
        h, fam = r["hashes"], r["family_runs_s"]
        longest = max(fam.items(), key=lambda kv: kv[1]) if fam else None
        runs = f"{sum(fam.values()):.0f} s, {longest[0]} {longest[1]:.0f} s" if longest else "-"
        print(f"| {w if w != '0' else 'in-process'} | {r['wall_s'] / 60:.1f} min | {r['cpu_s']:.0f} | "
              f"{r['peak_rss_gb']} GB | {runs} | {r['pairs']} | {r['checks'] or 'exit ' + str(r['exit'])} | "
              f"{h.get('train.parquet', '-')} / {h.get('test.parquet', '-')} / {h.get('rejections.parquet', '-')} |",
              flush=True)
    (work / "scale.json").write_text(json.dumps(rows, indent=1))
    for base in (r for r in rows if r["workers"].split(":")[0] == "1"):
        for r in rows:
            if int(r["workers"].split(":")[0]) > 1 and r["wall_s"]:
                print(f"\nspeed-up of {r['workers']} over {base['workers']}: {base['wall_s'] / r['wall_s']:.2f}x")
    print(f"\n(logs, outputs and scale.json in {work})")
    return int(any(r["exit"] for r in rows))


if __name__ == "__main__":
    sys.exit(main())
