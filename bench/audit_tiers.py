"""Difficulty tiers by measured work (issue 21 item 6): each family's declared `difficulty` against the work of
its reference query (measures.query_work: distinct physical tables, steps = CTEs + subqueries, window functions),
with the bands of measures.TIER_WORK_BANDS — the measure the blocking check `dataset_split_tiers` applies.

Usage: python -m bench.audit_tiers [--dataset outputs/v1]"""

import argparse
from pathlib import Path

import polars as pl

from pipeline.construction.quality.measures import TIER_WORK_BANDS, tier_report


def audit(dataset: Path) -> dict:
    tasks = pl.concat([pl.read_parquet(dataset / f"{s}.parquet") for s in ("train", "test")], how="diagonal_relaxed")
    return tier_report(tasks)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dataset", default="outputs/v1")
    args = ap.parse_args()
    rep = audit(Path(args.dataset))
    print(f"work = tables + steps + windows of the reference; bands {TIER_WORK_BANDS}")
    for tier in TIER_WORK_BANDS:
        scores = sorted(f["score"] for f in rep["by_family"].values() if f["declared"] == tier)
        print(f"  {tier:>6}: {len(scores)} families, work {scores}")
    print(f"{len(rep['problems'])} of {len(rep['by_family'])} families do not fit their tier:")
    for p in rep["problems"]:
        print("  " + p)


if __name__ == "__main__":
    main()
