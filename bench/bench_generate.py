"""Synthetic generation benchmark: rows/s and peak RSS of generate_parquet at several patient counts.

Each scale runs in its own subprocess so peak RSS is per run (the child reports max RSS of itself and its
worker processes). Output directories go under a scratch directory and are deleted afterwards.

    python -m bench.bench_generate                                 # quick: 1K and 10K patients
    python -m bench.bench_generate --patients 1000 10000 100000    # the figures in BENCHMARKS.md
    python -m bench.bench_generate --patients 300000 --workers 2 --chunk-patients 2500   # full scale
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

QUICK = (1000, 10000)


def _child(patients: int, seed: int, out: Path, chunk_patients: int, workers: int) -> int:
    from pipeline.ehr.synth import generate_parquet

    report = generate_parquet(patients, seed, out, chunk_patients=chunk_patients, workers=workers, progress=True)
    size = sum(p.stat().st_size for p in out.rglob("*.parquet"))
    d = report.to_dict()
    d["parquet_bytes"] = size
    print("RESULT " + json.dumps(d), flush=True)
    return 0


def run_one(patients: int, seed: int, scratch: Path, chunk_patients: int, workers: int) -> dict:
    out = scratch / f"gen_{patients}"
    cmd = [sys.executable, "-m", "bench.bench_generate", "--child", "--patients", str(patients), "--seed", str(seed),
           "--chunk-patients", str(chunk_patients), "--workers", str(workers), "--out", str(out)]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False, env=os.environ.copy())
        if proc.returncode != 0:
            raise RuntimeError(f"generation of {patients} patients failed:\n{proc.stderr[-3000:]}")
        line = next(ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT "))
        return json.loads(line[len("RESULT "):])
    finally:
        shutil.rmtree(out, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="bench.bench_generate", description=__doc__.splitlines()[0])
    ap.add_argument("--patients", type=int, nargs="+", default=list(QUICK))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--chunk-patients", type=int, default=5000)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--scratch", type=Path, default=None, help="directory for the temporary outputs (default: /tmp)")
    ap.add_argument("--json", action="store_true", help="also print the full reports as JSON")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        return _child(args.patients[0], args.seed, args.out, args.chunk_patients, args.workers)

    scratch = Path(tempfile.mkdtemp(prefix="bench_generate_", dir=args.scratch))
    print(f"command: python -m bench.bench_generate --patients {' '.join(map(str, args.patients))} "
          f"--chunk-patients {args.chunk_patients} --workers {args.workers}  (cpus: {os.cpu_count()})")
    print()
    print(f"load average at start: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print()
    print("| patients | admissions | ICU stays | total rows | chartevents | labevents | seconds | rows/s | CPU s | rows/CPU-s "
          "| peak RSS (MB) | Parquet (MB) |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    reports = []
    try:
        for n in args.patients:
            r = run_one(n, args.seed, scratch, args.chunk_patients, args.workers)
            reports.append(r)
            rows = r["rows"]
            print(f"| {n:,} | {rows['admissions']:,} | {rows['icustays']:,} | {r['total_rows']:,} | {rows['chartevents']:,} | "
                  f"{rows['labevents']:,} | {r['seconds']:.1f} | {r['rows_per_second']:,} | {r['cpu_seconds']:.1f} | "
                  f"{r['rows_per_cpu_second']:,} | {r['peak_rss_mb']:,.0f} | "
                  f"{r['parquet_bytes'] / 1e6:,.0f} |", flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if args.json:
        print(json.dumps(reports, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
