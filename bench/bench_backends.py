"""Loading and query latency on both backends (BENCHMARKS.md, "Loading and querying").

    python -m bench.bench_backends [--load-patients N] [--query-patients M] [--seed S] [--work DIR]
    python -m bench.run backends -- --load-patients 10000 --query-patients 100000

1. DuckDB load from Parquet (load_parquet) at N patients.
2. PostgreSQL at N patients, side by side on one throwaway server started as the postgres user:
   - ours: load_physionet of the PhysioNet export (parallel COPY FREEZE, keys after data, parallel index builds
     and FK validation, cost table, ANALYZE), and load_parquet from the Parquet staging files;
   - baseline: plain psql the way mimic-code's buildmimic/postgres does it: create.sql, one
     `\\copy … FROM PROGRAM 'gzip -dc …' CSV HEADER NULL ''` per file, then constraints.sql and indexes.sql.
3. Query latency of tests/corpus/*.sql at M patients on both backends (1 warm-up + R timed runs per query).

Prints Markdown rows for BENCHMARKS.md. Generation itself is pipeline.ehr.synth (timed in bench_generate).
"""

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from contextlib import AbstractContextManager
from pathlib import Path

from tests.pgcluster import find_pg_bin, throwaway_cluster

CORPUS_DIR = Path(__file__).resolve().parent.parent / "tests" / "corpus"
SCHEMA_DIR = Path(__file__).resolve().parent.parent / "sql" / "schema"


def pg_server(settings: list[str]) -> "AbstractContextManager[tuple[str, int, Path]]":
    """A throwaway PostgreSQL cluster for the benchmark (see tests/pgcluster.py)."""
    return throwaway_cluster(settings, prefix="robustgym-bench-pg-")


class CpuMeter:
    """CPU seconds used by the PostgreSQL server (postmaster + reaped backends: utime+stime+cutime+cstime) and by
    this client (own threads + waited-for children such as psql and gzip). The machine is shared, so wall time
    is noisy; CPU seconds are the steadier measure of work done."""

    def __init__(self, data_dir: Path):
        self.pid = int((data_dir / "postmaster.pid").read_text().split()[0])

    def _server(self) -> float:
        """postmaster's own + reaped children's CPU, plus the live children's (checkpointer, WAL writer, …)."""
        ticks = 0
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            pid, ppid = int(stat.parent.name), int(fields[1])
            if pid == self.pid:
                ticks += sum(int(x) for x in fields[11:15])
            elif ppid == self.pid:
                ticks += int(fields[11]) + int(fields[12])
        return ticks / os.sysconf("SC_CLK_TCK")

    @staticmethod
    def _client() -> float:
        import resource

        a, b = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        return a.ru_utime + a.ru_stime + b.ru_utime + b.ru_stime

    def __enter__(self) -> "CpuMeter":
        self.s0, self.c0, self.t0 = self._server(), self._client(), time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server = self._server() - self.s0
        self.client = self._client() - self.c0
        self.wall = time.perf_counter() - self.t0

    def render(self) -> str:
        return f"{self.wall:.1f} s wall, CPU {self.server + self.client:.0f} s (server {self.server:.0f} + client {self.client:.0f})"


def _checkpoint(server_url: str) -> None:
    """Flush what a load left in shared buffers/WAL so it is charged to that load, not the next."""
    import psycopg

    from pipeline.ehr.database import psycopg_conninfo

    with psycopg.connect(psycopg_conninfo(server_url), autocommit=True) as conn:
        conn.execute("CHECKPOINT")


def _create_db(server_url: str, name: str) -> str:
    import psycopg

    from pipeline.ehr.database import psycopg_conninfo

    with psycopg.connect(psycopg_conninfo(server_url), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    return server_url.rsplit("/", 1)[0] + f"/{name}"


def _psql_baseline(export_dir: Path, port: int, dbname: str) -> dict[str, float]:
    """mimic-code's way: psql, create.sql, \\copy FROM PROGRAM 'gzip -dc' per file, constraints.sql, indexes.sql."""
    from pipeline.ehr.schema import mimic_tables

    psql = [find_pg_bin("psql"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "-d", dbname, "-v", "ON_ERROR_STOP=1", "-q"]
    times: dict[str, float] = {}
    t0 = time.perf_counter()
    subprocess.run([*psql, "-f", str(SCHEMA_DIR / "create.sql")], check=True, capture_output=True)
    # the (empty) derived table too, so indexes.sql runs unchanged
    subprocess.run([*psql, "-f", str(SCHEMA_DIR / "derived.sql")], check=True, capture_output=True)
    copy_script = "\n".join(
        f"\\copy {t.qualified} FROM PROGRAM 'gzip -dc {export_dir / t.module / (t.name + '.csv.gz')}' "
        "DELIMITER ',' CSV HEADER NULL ''"
        for t in sorted(mimic_tables(), key=lambda t: (t.module, t.name))
    )
    t1 = time.perf_counter()
    subprocess.run(psql, input=copy_script.encode(), check=True, capture_output=True)
    t2 = time.perf_counter()
    subprocess.run([*psql, "-f", str(SCHEMA_DIR / "constraints.sql")], check=True, capture_output=True)
    t3 = time.perf_counter()
    subprocess.run([*psql, "-f", str(SCHEMA_DIR / "indexes.sql")], check=True, capture_output=True)
    t4 = time.perf_counter()
    times.update(schema=t1 - t0, copy=t2 - t1, constraints=t3 - t2, indexes=t4 - t3, total=t4 - t0)
    return times


def _dir_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def _corpus() -> list[tuple[str, str]]:
    return [(p.stem, p.read_text()) for p in sorted(CORPUS_DIR.glob("*.sql"))]


def _latency(db_url: str, runs: int) -> dict[str, list[float]]:
    from pipeline.ehr.database import connect

    out: dict[str, list[float]] = {}
    with connect(db_url) as db:
        for name, sql in _corpus():
            db.query(sql, max_rows=10_000_000, timeout_s=600)  # warm-up (caches, transpile)
            times = []
            for _ in range(runs):
                t = time.perf_counter()
                db.query(sql, max_rows=10_000_000, timeout_s=600)
                times.append(time.perf_counter() - t)
            out[name] = times
    return out


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    if not values:
        return float("nan")
    k = (len(values) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def _summary(lat: dict[str, list[float]]) -> dict[str, float]:
    per_query = {name: statistics.median(ts) for name, ts in lat.items()}
    patient = [v for k, v in per_query.items() if _level(k) == "patient"]
    population = [v for k, v in per_query.items() if _level(k) == "population"]
    allv = list(per_query.values())
    return {
        "p50": _pct(allv, 0.5), "p95": _pct(allv, 0.95), "max": max(allv),
        "patient_p50": _pct(patient, 0.5), "patient_p95": _pct(patient, 0.95),
        "population_p50": _pct(population, 0.5), "population_p95": _pct(population, 0.95),
    }


def _level(name: str) -> str:
    first = (CORPUS_DIR / f"{name}.sql").read_text().splitlines()[0]
    return "patient" if "level: patient" in first else "population"


def _generate(patients: int, seed: int, out: Path) -> tuple[float, int]:
    from pipeline.ehr.synth import generate_parquet

    if (out / ".complete").exists():
        return 0.0, _dir_bytes(out)
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    t = time.perf_counter()
    generate_parquet(patients, seed, out)
    (out / ".complete").write_text("ok\n")
    return time.perf_counter() - t, _dir_bytes(out)


PG_SETTINGS = [
    # autovacuum off so one method's tables are not vacuumed/analyzed on the other method's clock
    "autovacuum=off", "shared_buffers=2GB", "maintenance_work_mem=1GB", "max_wal_size=8GB", "checkpoint_timeout=30min",
    "max_parallel_maintenance_workers=2", "max_connections=60",
]


def _print_load_row(loader: str, n: int, result, cpu: "CpuMeter") -> None:
    print(f"| PostgreSQL {loader} (ours) | {n:,} | {result.total_rows:,} | {result.seconds:.1f} | "
          f"{result.total_rows / result.seconds:,.0f} | {cpu.render()}; phases {result.phases} |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="bench_backends", description=__doc__.split("\n\n")[0])
    ap.add_argument("--load-patients", type=int, default=1000)
    ap.add_argument("--query-patients", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--runs", type=int, default=5, help="timed runs per corpus query")
    ap.add_argument("--work", default=str(Path(tempfile.gettempdir()) / "robustgym-bench"), help="scratch directory")
    ap.add_argument("--wal-minimal", action="store_true", help="server with wal_level=minimal (skips WAL for COPY FREEZE)")
    ap.add_argument("--skip-baseline", action="store_true")
    ap.add_argument("--reuse", action="store_true", help="reuse the DuckDB file and export of an earlier run")
    ap.add_argument("--skip-parquet-pg", action="store_true", help="skip load_parquet into PostgreSQL")
    ap.add_argument("--skip-load", action="store_true")
    ap.add_argument("--skip-query", action="store_true")
    args = ap.parse_args(argv)

    from pipeline.ehr.export import export_physionet
    from pipeline.ehr.load import load_parquet, load_physionet

    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    settings = PG_SETTINGS + (["wal_level=minimal", "max_wal_senders=0"] if args.wal_minimal else [])
    print(f"PostgreSQL server settings: {' '.join(settings)} (fsync on, default durability)\n")

    with pg_server(settings) as (server, port, data_dir):
        if not args.skip_load:
            n = args.load_patients
            pq = work / f"parquet-{n}-{args.seed}"
            gen_s, pq_bytes = _generate(n, args.seed, pq)
            duck = work / f"ehr-{n}.duckdb"
            export = work / f"physionet-{n}"
            print("| step | patients | rows | seconds | rows/s | notes |")
            print("|---|---:|---:|---:|---:|---|")
            if args.reuse and duck.exists() and (export / "_COMPLETE").exists():
                from pipeline.ehr.database import connect

                with connect(f"duckdb:///{duck}") as db:
                    rows = sum(db.table_row_counts().values())
                    cost_rows = db.scalar("SELECT COUNT(*) FROM mimiciv_derived.cost")
                print(f"(reusing {duck} and {export})")
            else:
                rep = load_parquet(pq, f"duckdb:///{duck}")
                rows, cost_rows = rep.total_rows, rep.rows.get("mimiciv_derived.cost", 0)
                if gen_s:
                    print(f"| generate Parquet | {n:,} | {rows:,} | {gen_s:.1f} | {rows / gen_s:,.0f} | {pq_bytes / 1e6:,.0f} MB Parquet |")
                print(f"| DuckDB load_parquet | {n:,} | {rows:,} | {rep.seconds:.1f} | {rows / rep.seconds:,.0f} | "
                      f"{duck.stat().st_size / 1e6:,.0f} MB file; phases {rep.phases} |")
                shutil.rmtree(export, ignore_errors=True)
                exp = export_physionet(f"duckdb:///{duck}", export)
                (export / "_COMPLETE").write_text("ok\n")
                print(f"| export PhysioNet CSV.gz (DuckDB) | {n:,} | {sum(exp.rows.values()):,} | {exp.seconds:.1f} | "
                      f"{sum(exp.rows.values()) / exp.seconds:,.0f} | {_dir_bytes(export) / 1e6:,.0f} MB csv.gz |")
            if not args.skip_baseline:
                _create_db(server, "baseline")
                with CpuMeter(data_dir) as base_cpu:
                    base = _psql_baseline(export, port, "baseline")
                    _checkpoint(server)
                n_mimic = rows - cost_rows
                print(f"| PostgreSQL psql \\copy baseline | {n:,} | {n_mimic:,} | {base['total']:.1f} | "
                      f"{n_mimic / base['total']:,.0f} | {base_cpu.render()}; copy {base['copy']:.1f} s, constraints "
                      f"{base['constraints']:.1f} s, indexes {base['indexes']:.1f} s; no cost table, no ANALYZE |")
            with CpuMeter(data_dir) as ours_cpu:
                ours = load_physionet(export, _create_db(server, "ours_csv"))
                _checkpoint(server)
            _print_load_row("load_physionet", n, ours, ours_cpu)
            if not args.skip_parquet_pg:
                with CpuMeter(data_dir) as pq_cpu:
                    ours_pq = load_parquet(pq, _create_db(server, "ours_parquet"))
                    _checkpoint(server)
                _print_load_row("load_parquet", n, ours_pq, pq_cpu)
            if not args.skip_baseline:
                print(f"\nload_physionet vs psql \\copy (same files, same server): wall {base['total'] / ours.seconds:.2f}×, "
                      f"CPU {(base_cpu.server + base_cpu.client) / (ours_cpu.server + ours_cpu.client):.2f}×")
            print(f"(load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores — shared machine)")

        if not args.skip_query:
            m = args.query_patients
            pq = work / f"parquet-{m}-{args.seed}"
            _generate(m, args.seed, pq)
            duck_url = f"duckdb:///{work / f'ehr-{m}.duckdb'}"
            if not (work / f"ehr-{m}.duckdb").exists():
                rep_d = load_parquet(pq, duck_url)
                print(f"DuckDB load_parquet at {m:,} patients: {rep_d.total_rows:,} rows in {rep_d.seconds:.1f} s "
                      f"({rep_d.total_rows / rep_d.seconds:,.0f} rows/s), phases {rep_d.phases}")
            pg_url = _create_db(server, f"query_{m}")
            with CpuMeter(data_dir) as cpu:
                rep_p = load_parquet(pq, pg_url)
            print(f"PostgreSQL load_parquet at {m:,} patients: {rep_p.total_rows:,} rows, {cpu.render()}, "
                  f"phases {rep_p.phases}")
            print(f"\nQuery latency, {len(_corpus())} corpus queries at {m:,} patients, median of {args.runs} runs "
                  "per query, then percentiles over queries (seconds):\n")
            print("| backend | p50 | p95 | max | patient-level p50 / p95 | population-level p50 / p95 |")
            print("|---|---:|---:|---:|---:|---:|")
            details = {}
            for label, url in (("DuckDB", duck_url), ("PostgreSQL", pg_url)):
                lat = _latency(url, args.runs)
                details[label] = lat
                s = _summary(lat)
                print(f"| {label} | {s['p50']:.3f} | {s['p95']:.3f} | {s['max']:.3f} | "
                      f"{s['patient_p50']:.3f} / {s['patient_p95']:.3f} | {s['population_p50']:.3f} / {s['population_p95']:.3f} |")
            print("\n| query | DuckDB median s | PostgreSQL median s |")
            print("|---|---:|---:|")
            for name in details["DuckDB"]:
                print(f"| {name} | {statistics.median(details['DuckDB'][name]):.4f} | "
                      f"{statistics.median(details['PostgreSQL'][name]):.4f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
