"""The whole construction chain on DuckDB and on PostgreSQL, same EHR, side by side (BENCHMARKS.md, "PostgreSQL
build vs DuckDB build"): per-step seconds, CPU seconds, the PostgreSQL/DuckDB ratio, and whether the two datasets
are identical (the published files' hashes).

    python -m bench.bench_build [--patients 3000] [--seed 0] [--work DIR]
    python -m bench.bench_build --duckdb duckdb:////abs/ehr.duckdb --pg postgresql://user@host:port/db
    python -m bench.bench_build --duckdb … --pg … --pg-data-dir DIR --bindings-only   # binding queries, one by one
    python -m bench.bench_build --duckdb … --pg … --explain --top 40   # + where PostgreSQL spends more, by template
    make bench BENCH_ARGS="build -- --patients 3000"

Without --duckdb/--pg it generates the EHR once (Parquet), loads it into a DuckDB file and into a throwaway
PostgreSQL 15 cluster started as the postgres user (tests/pgcluster.py), then builds on each in turn. The build is
`steps.build_dataset`, the chain the Dagster assets run, without Dagster's own overhead. The machine is shared, so
the CPU seconds (client + PostgreSQL server processes) are printed beside wall time.
"""

import argparse
import json
import os
import shutil
import tempfile
import threading
import time
from contextlib import ExitStack
from pathlib import Path

from bench.bench_backends import CpuMeter, _create_db, pg_server
from pipeline.construction.config import BuildConfig
from pipeline.construction.steps import build_dataset, engine_for
from pipeline.ehr.database import connect

PG_SETTINGS = ["fsync=off", "synchronous_commit=off", "full_page_writes=off", "shared_buffers=1GB",
               "max_wal_size=8GB", "maintenance_work_mem=512MB"]


class _ClientCpu:
    """CPU seconds of this process only (the DuckDB build runs in-process)."""

    def __enter__(self) -> "_ClientCpu":
        self.c0, self.t0 = CpuMeter._client(), time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server, self.client = 0.0, CpuMeter._client() - self.c0
        self.wall = time.perf_counter() - self.t0


class _CpuTrace(threading.Thread):
    """A CPU-seconds counter sampled every half second during a build, so each step's CPU seconds can be read off
    at its boundaries (build_dataset reports wall seconds per step and runs its steps one after another). Under load
    a step's wall time says little; its CPU seconds say where the work is."""

    def __init__(self, read) -> None:
        super().__init__(daemon=True)
        self.read, self.samples, self.done = read, [(time.perf_counter(), read())], threading.Event()

    def run(self) -> None:
        while not self.done.wait(0.5):
            self.samples.append((time.perf_counter(), self.read()))

    def stop(self) -> None:
        self.done.set()
        self.join()
        self.samples.append((time.perf_counter(), self.read()))

    def at(self, t: float) -> float:
        """The counter at time t, interpolated between the two samples around it."""
        prev = self.samples[0]
        for cur in self.samples[1:]:
            if cur[0] >= t:
                span = cur[0] - prev[0]
                return prev[1] + (cur[1] - prev[1]) * ((t - prev[0]) / span if span > 0 else 1.0)
            prev = cur
        return prev[1]

    def per_step(self, t0: float, timings: dict[str, float]) -> dict[str, float]:
        out, t = {}, t0
        for step, seconds in timings.items():
            out[step] = self.at(t + seconds) - self.at(t)
            t += seconds
        return out


def _build(url: str, out: Path, cap: int, meter, explain: Path | None = None
           ) -> tuple[dict[str, float], dict, object, dict[str, float]]:
    cfg = BuildConfig(per_family_cap=cap, version="bench", outputs_dir=str(out))
    engine = engine_for(cfg, explain_dir=explain)
    read = (lambda: meter._server() + meter._client()) if isinstance(meter, CpuMeter) else CpuMeter._client
    with connect(url) as db, meter as cpu:
        trace = _CpuTrace(read)
        trace.start()
        t0 = time.perf_counter()
        try:
            result, timings = build_dataset(db, cfg, engine)
        finally:
            trace.stop()
    return timings, result.manifest, cpu, trace.per_step(t0, timings)


def _bindings(duck_url: str, pg_url: str, data_dir: str | None, top: int) -> None:
    """Each family's binding query alone on each backend (the binding step's own cost, family by family), worst
    PostgreSQL CPU first. CPU: DuckDB's in this process; PostgreSQL's client + server."""
    from pipeline.construction.steps import families_from_frame, step_families

    fams = families_from_frame(step_families(BuildConfig()))
    rows = []
    with connect(duck_url) as duck, connect(pg_url) as pg:
        for fam in fams:
            sql = fam.text(fam.spec.binding)
            cells = []
            for db, meter in ((duck, _ClientCpu()), (pg, CpuMeter(Path(data_dir)) if data_dir else _ClientCpu())):
                with meter as cpu:
                    n = db.query(sql, timeout_s=3600, max_rows=20_000_000, whole_ehr=True).height
                cells += [cpu.wall, cpu.client + cpu.server]
            rows.append((fam.id, n, *cells))
    rows.sort(key=lambda r: -r[5])
    print("| family | rows | DuckDB s | DuckDB CPU s | PostgreSQL s | PostgreSQL CPU s |\n|---|---:|---:|---:|---:|---:|")
    for r in rows[:top]:
        print(f"| {r[0]} | {r[1]:,} | {r[2]:.2f} | {r[3]:.2f} | {r[4]:.2f} | {r[5]:.2f} |")
    print(f"| all {len(rows)} | | {sum(r[2] for r in rows):.1f} | {sum(r[3] for r in rows):.1f} | "
          f"{sum(r[4] for r in rows):.1f} | {sum(r[5] for r in rows):.1f} |")


def _explain_table(duck_dir: Path, pg_dir: Path, top: int) -> None:
    """The templates by PostgreSQL's query seconds over DuckDB's (explain mode's index.tsv of each build: a
    template's queries' wall seconds summed over the build's threads; binding queries are not in it)."""
    def read(d: Path) -> dict[str, tuple[str, float, str]]:
        lines = (d / "index.tsv").read_text().splitlines()[1:]
        return {c[0]: (c[1], float(c[6]), c[7]) for c in (line.split("\t") for line in lines)}

    duck, pg = read(duck_dir), read(pg_dir)
    rows = sorted(((pg[k][1] - duck.get(k, ("", 0.0, ""))[1], k) for k in pg), reverse=True)
    print(f"\n### Templates by PostgreSQL seconds over DuckDB's ({len(pg)} templates; "
          f"DuckDB {sum(v[1] for v in duck.values()):.0f} s, PostgreSQL {sum(v[1] for v in pg.values()):.0f} s)\n")
    print("| explain file | template | DuckDB s | PostgreSQL s | ratio |\n|---|---|---:|---:|---:|")
    for _, k in rows[:top]:
        d = duck.get(k, ("", 0.0, ""))[1]
        print(f"| {k} | {pg[k][2][:90]} | {d:.1f} | {pg[k][1]:.1f} | {pg[k][1] / max(d, 1e-3):.1f}× |")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="bench_build")
    p.add_argument("--patients", type=int, default=3000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--cap", type=int, default=BuildConfig().per_family_cap)
    p.add_argument("--duckdb", default=None, help="an existing DuckDB EHR (skips generation and loading)")
    p.add_argument("--pg", default=None, help="an existing PostgreSQL EHR with the same data")
    p.add_argument("--pg-data-dir", default=None, help="its data directory, to count the server's CPU seconds")
    p.add_argument("--work", default=None, help="scratch folder (default: a temporary one, deleted)")
    p.add_argument("--bindings-only", action="store_true",
                   help="time each family's binding query alone on both backends (needs --duckdb and --pg)")
    p.add_argument("--top", type=int, default=12, help="rows of the --bindings-only and --explain tables")
    p.add_argument("--explain", action="store_true",
                   help="record each template's query seconds on both backends (explain mode, under --work) and "
                        "list the templates PostgreSQL spends the most seconds over DuckDB on")
    args = p.parse_args(argv)
    if args.bindings_only:
        if not (args.duckdb and args.pg):
            p.error("--bindings-only needs --duckdb and --pg")
        _bindings(args.duckdb, args.pg, args.pg_data_dir, args.top)
        return 0
    work = Path(args.work or tempfile.mkdtemp(prefix="robustgym-bench-build-"))
    work.mkdir(parents=True, exist_ok=True)
    with ExitStack() as stack:
        duck_url, pg_url, data_dir = args.duckdb, args.pg, args.pg_data_dir
        if duck_url is None or pg_url is None:
            from pipeline.ehr.load import load_parquet
            from pipeline.ehr.synth import generate_parquet

            parquet = work / "parquet"
            t = time.perf_counter()
            generate_parquet(args.patients, args.seed, parquet)
            print(f"generated {args.patients:,} patients in {time.perf_counter() - t:.1f} s", flush=True)
            if duck_url is None:
                duck_url = f"duckdb:///{work / 'ehr.duckdb'}"
                load_parquet(parquet, duck_url)
            if pg_url is None:
                server_url, _, pg_dir = stack.enter_context(pg_server(PG_SETTINGS))
                data_dir = str(pg_dir)
                pg_url = _create_db(server_url, "ehr")
                t = time.perf_counter()
                load_parquet(parquet, pg_url)
                print(f"loaded PostgreSQL in {time.perf_counter() - t:.1f} s", flush=True)
        load0 = os.getloadavg()[0]
        explain = {b: work / f"explain-{b}" if args.explain else None for b in ("duckdb", "pg")}
        duck_t, duck_m, duck_cpu, duck_steps = _build(duck_url, work / "out-duckdb", args.cap, _ClientCpu(),
                                                      explain["duckdb"])
        print(f"DuckDB build: {duck_cpu.wall:.1f} s", flush=True)
        pg_meter = CpuMeter(Path(data_dir)) if data_dir else _ClientCpu()
        pg_t, pg_m, pg_cpu, pg_steps = _build(pg_url, work / "out-pg", args.cap, pg_meter, explain["pg"])
        print(f"PostgreSQL build: {pg_cpu.wall:.1f} s", flush=True)
        load1 = os.getloadavg()[0]
    same = duck_m["files"] == pg_m["files"]
    steps = list(duck_t)
    print(f"\n### PostgreSQL vs DuckDB build ({args.cap} bindings per family cap; {duck_m['counts']['pairs']:,} pairs)\n")
    print("| backend | " + " | ".join(steps) + " | total s | CPU s (client + server) |")
    print("|---|" + "---:|" * (len(steps) + 2))
    for name, t, cpu in (("DuckDB", duck_t, duck_cpu), ("PostgreSQL", pg_t, pg_cpu)):
        print(f"| {name} | " + " | ".join(f"{t[s]:.1f}" for s in steps) + f" | {cpu.wall:.1f} | "
              f"{cpu.client + cpu.server:.0f} ({cpu.client:.0f} + {cpu.server:.0f}) |")
    print("| ratio | " + " | ".join(f"{pg_t[s] / max(duck_t[s], 1e-9):.2f}×" for s in steps)
          + f" | **{pg_cpu.wall / duck_cpu.wall:.2f}×** | "
          f"{(pg_cpu.client + pg_cpu.server) / max(duck_cpu.client + duck_cpu.server, 1e-9):.2f}× |")
    print("\nCPU seconds per step (client + server; read off a half-second trace at the step boundaries)\n")
    print("| backend | " + " | ".join(steps) + " | total |")
    print("|---|" + "---:|" * (len(steps) + 1))
    for name, cpu_steps in (("DuckDB", duck_steps), ("PostgreSQL", pg_steps)):
        print(f"| {name} | " + " | ".join(f"{cpu_steps[s]:.1f}" for s in steps)
              + f" | {sum(cpu_steps.values()):.0f} |")
    print("| ratio | " + " | ".join(f"{pg_steps[s] / max(duck_steps[s], 1e-9):.2f}×" for s in steps)
          + f" | {sum(pg_steps.values()) / max(sum(duck_steps.values()), 1e-9):.2f}× |")
    print(f"\nsame dataset on both backends (file hashes): {'yes' if same else 'NO'}; "
          f"load average {load0:.1f} → {load1:.1f} on {os.cpu_count()} cores")
    if args.explain:
        _explain_table(explain["duckdb"], explain["pg"], args.top)
    if not same:
        print(json.dumps({"duckdb": duck_m["files"], "postgresql": pg_m["files"]}, indent=1))
    if args.work is None:
        shutil.rmtree(work, ignore_errors=True)
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
