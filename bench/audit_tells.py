"""Tells audit of a published split (issue 21 item 5): the question-only classifier of the tells check
(pipeline/construction/quality/measures.py) per family against the per-family target — scored out of fold on every
pair (5 folds by patient), and, beside it, as the check scores it (trained on train, scored on test: a few dozen
pairs per family) — and the entities whose Noise:Clean ratio gives the twin away (measures.entity_ratio_report).
A family with fewer than measures.MIN_MEASURED_FAMILY_PAIRS pairs is shown but not judged, as the family gates on
golds and operators do: an AUROC over 6 questions is noise (its standard error is near 0.2).

Usage: python -m bench.audit_tells [--dataset outputs/v1] [--family-prefix cost.pop_] [--top 20]"""

import argparse
from pathlib import Path

import polars as pl

from pipeline.construction.quality.measures import (
    MIN_MEASURED_FAMILY_PAIRS,
    cross_fitted_family_auroc,
    entity_ratio_report,
    tells_report,
)

MAX_FAMILY_AUROC = 0.65  # issue 21: per-family question-only AUROC target


def families_over(by_family: dict[str, float], pairs: dict[str, int], *, limit: float = MAX_FAMILY_AUROC,
                  min_pairs: int = MIN_MEASURED_FAMILY_PAIRS) -> dict[str, float]:
    """The families above `limit` among those with at least `min_pairs` pairs (the others are too small to judge)."""
    return {f: a for f, a in by_family.items() if a > limit and pairs.get(f, 0) >= min_pairs}


def audit(dataset: Path, *, top: int = 20) -> dict:
    """The split's AUROC, each family's AUROC and pairs, the families above MAX_FAMILY_AUROC among those large enough
    to judge, and the entity report."""
    train = pl.read_parquet(dataset / "train.parquet")
    test = pl.read_parquet(dataset / "test.parquet")
    tells = tells_report(train, test)
    tasks = pl.concat([train, test], how="diagonal_relaxed")
    cross = cross_fitted_family_auroc(tasks)
    pairs = dict(tasks.filter(pl.col("variant") == "clean").group_by("family").len().iter_rows())
    over = families_over(cross["by_family"], pairs)
    entities = entity_ratio_report(tasks, top=top)
    return {"auroc": tells["auroc"], "by_family_test": tells["by_family"], "cross_auroc": cross["auroc"],
            "by_family": cross["by_family"], "pairs": pairs, "families_over": over, "entities": entities}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dataset", default="outputs/v1")
    ap.add_argument("--family-prefix", default="", help="print only families whose id contains this")
    ap.add_argument("--top", type=int, default=20)
    args = ap.parse_args()
    rep = audit(Path(args.dataset), top=args.top)
    fams = {f: a for f, a in rep["by_family"].items() if args.family_prefix in f}
    print(f"question-only AUROC {rep['auroc']:.3f} (train → test), {rep['cross_auroc']:.3f} (5-fold, every pair); "
          f"families over {MAX_FAMILY_AUROC} (5-fold): {len(rep['families_over'])} of {len(rep['by_family'])} "
          f"(* over; ? over but under {MIN_MEASURED_FAMILY_PAIRS} pairs, not judged)")
    print("  5-fold  test   pairs  family")
    for f, a in sorted(fams.items(), key=lambda kv: -kv[1]):
        t, n = rep["by_family_test"].get(f), rep["pairs"].get(f, 0)
        mark = " *" if f in rep["families_over"] else " ?" if a > MAX_FAMILY_AUROC else "  "
        print(f"  {a:.3f}{mark} {'  -  ' if t is None else f'{t:.3f}'}  {n:5d}  {f}")
    e = rep["entities"]
    print(f"entities with ≥ 5 uses: {e['entities']}; Noise:Clean > 2: {e['offenders_n']} ({e['offender_share']:.1%})")
    for f, k in e["offenders_by_family"].items():
        if args.family_prefix in f:
            print(f"  {k:4d} {f}")
    for o in e["offenders"]:
        print(f"  {o['noise']:4d} noise / {o['clean']:4d} clean  {o['family']} {o['slot']}={o['value']!r}")


if __name__ == "__main__":
    main()
