"""Construction benchmarks: set-based vs per-contract verification (side by side, same bindings, results checked
equal), and the whole construction chain without Dagster, with per-step timings.

Usage: python -m bench.bench_construction [--db URL] [--sample N] [--families a,b] [--build] [--cap K]
Prints Markdown ready for BENCHMARKS.md."""

import argparse
import json
import time

from pipeline.construction import sqlexec
from pipeline.construction.config import BuildConfig
from pipeline.construction.requests.binding import bind_family
from pipeline.construction.steps import build_dataset, families_from_frame, step_families
from pipeline.construction.verification.verify import verify_per_contract, verify_set
from pipeline.ehr.database import connect
from pipeline.paths import DEFAULT_DB_URL


def compare_verification(db_url: str, sample: int, only: list[str] | None, chunk_size: int) -> int:
    cfg = BuildConfig()
    fams = [f for f in families_from_frame(step_families(cfg)) if not only or f.id in only]
    rows, tot_set, tot_one, n_total, mismatches = [], 0.0, 0.0, 0, 0
    with connect(db_url) as db:
        for fam in fams:
            bound = bind_family(db, fam, seed=0, cap=sample).sampled
            if not bound:
                continue
            runner = sqlexec.SetRunner(db, chunk_size=chunk_size)  # its own engine: every template probed afresh
            t0 = time.perf_counter()
            s = verify_set(runner, fam, bound)
            t_set = time.perf_counter() - t0
            t0 = time.perf_counter()
            p = verify_per_contract(sqlexec.SetRunner(db, adaptive=False), fam, bound)
            t_one = time.perf_counter() - t0
            same = [(v.reason, json.dumps(v.answer)) for v in s] == [(v.reason, json.dumps(v.answer)) for v in p]
            mismatches += not same
            mode = "per-contract (probe)" if runner.stats.per_contract_templates else "set"
            rows.append((fam.id, len(bound), t_set, t_one, mode, same))
            tot_set, tot_one, n_total = tot_set + t_set, tot_one + t_one, n_total + len(bound)
            print(f"  {fam.id}: {len(bound)} contracts, set {t_set:.2f} s, per-contract {t_one:.2f} s", flush=True)
    print(f"\n### Verification: set-based vs per-contract ({db.backend}, {n_total} contracts, {len(rows)} families)\n")
    print("| family | contracts | set-based s | per-contract s | speed-up | set-based mode | same results |")
    print("|---|---:|---:|---:|---:|---|---|")
    for fid, n, a, b, mode, same in rows:
        print(f"| {fid} | {n} | {a:.2f} | {b:.2f} | {b / max(a, 1e-9):.1f}× | {mode} | {'yes' if same else 'NO'} |")
    print(f"| **total** | {n_total} | {tot_set:.2f} | {tot_one:.2f} | **{tot_one / max(tot_set, 1e-9):.1f}×** | | "
          f"{'all' if not mismatches else f'{mismatches} differ'} |")
    return 1 if mismatches else 0


def full_build(db_url: str, cap: int, outputs: str | None) -> int:
    cfg = BuildConfig(per_family_cap=cap, version="bench", outputs_dir=outputs)
    with connect(db_url) as db:
        start = time.perf_counter()
        result, timings = build_dataset(db, cfg)
        total = time.perf_counter() - start
    c = result.manifest["counts"]
    print(f"\n### Construction chain without Dagster ({db_url.split(':')[0]}, cap {cap})\n")
    print("| pairs | tasks | families | " + " | ".join(timings) + " | total s |")
    print("|---:|---:|---:|" + "---:|" * (len(timings) + 1))
    print(f"| {c['pairs']} | {c['tasks']} | {c['families']} | " + " | ".join(f"{v:.1f}" for v in timings.values())
          + f" | {total:.1f} |")
    print(f"\npairs/s: {c['pairs'] / total:.0f}; by noise level: {c['by_noise_level']}; output: {result.out_dir}")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="bench_construction")
    p.add_argument("--db", default=DEFAULT_DB_URL)
    p.add_argument("--sample", type=int, default=100, help="contracts per family in the verification comparison")
    p.add_argument("--families", default=None, help="comma-separated family ids (default: all)")
    p.add_argument("--chunk-size", type=int, default=1000)
    p.add_argument("--build", action="store_true", help="also time the whole chain (writes outputs/bench)")
    p.add_argument("--cap", type=int, default=BuildConfig().per_family_cap)
    p.add_argument("--outputs", default=None)
    args = p.parse_args(argv)
    status = compare_verification(args.db, args.sample, args.families.split(",") if args.families else None,
                                  args.chunk_size)
    if args.build:
        status |= full_build(args.db, args.cap, args.outputs)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
