"""Tells audit of a published split (issue 21 item 5): the question-only classifier of the tells check
(pipeline/construction/quality/measures.py) per family against the per-family target — scored out of fold on every
pair (5 folds by patient), and, beside it, as the check scores it (trained on train, scored on test: a few dozen
pairs per family) — and the entities whose Noise:Clean ratio gives the twin away (measures.entity_ratio_report).

Usage: python -m bench.audit_tells [--dataset outputs/v1] [--family-prefix cost.pop_] [--top 20]"""

import argparse
from pathlib import Path

import polars as pl

from pipeline.construction.quality.measures import (
    cross_fitted_family_auroc,
    entity_ratio_report,
    tells_report,
)

MAX_FAMILY_AUROC = 0.65  # issue 21: per-family question-only AUROC target


def audit(dataset: Path, *, top: int = 20) -> dict:
    """The split's AUROC, each family's AUROC with the families above MAX_FAMILY_AUROC, and the entity report."""
    train = pl.read_parquet(dataset / "train.parquet")
    test = pl.read_parquet(dataset / "test.parquet")
    tells = tells_report(train, test)
    tasks = pl.concat([train, test], how="diagonal_relaxed")
    cross = cross_fitted_family_auroc(tasks)
    over = {f: a for f, a in cross["by_family"].items() if a > MAX_FAMILY_AUROC}
    entities = entity_ratio_report(tasks, top=top)
    return {"auroc": tells["auroc"], "by_family_test": tells["by_family"], "cross_auroc": cross["auroc"],
            "by_family": cross["by_family"], "families_over": over, "entities": entities}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dataset", default="outputs/v1")
    ap.add_argument("--family-prefix", default="", help="print only families whose id contains this")
    ap.add_argument("--top", type=int, default=20)
    args = ap.parse_args()
    rep = audit(Path(args.dataset), top=args.top)
    fams = {f: a for f, a in rep["by_family"].items() if args.family_prefix in f}
    print(f"question-only AUROC {rep['auroc']:.3f} (train → test), {rep['cross_auroc']:.3f} (5-fold, every pair); "
          f"families over {MAX_FAMILY_AUROC} (5-fold): {len(rep['families_over'])} of {len(rep['by_family'])}")
    print("  5-fold  test   family")
    for f, a in sorted(fams.items(), key=lambda kv: -kv[1]):
        t = rep["by_family_test"].get(f)
        print(f"  {a:.3f}{' *' if a > MAX_FAMILY_AUROC else '  '} {'  -  ' if t is None else f'{t:.3f}'}  {f}")
    e = rep["entities"]
    print(f"entities with ≥ 5 uses: {e['entities']}; Noise:Clean > 2: {e['offenders_n']} ({e['offender_share']:.1%})")
    for f, k in e["offenders_by_family"].items():
        if args.family_prefix in f:
            print(f"  {k:4d} {f}")
    for o in e["offenders"]:
        print(f"  {o['noise']:4d} noise / {o['clean']:4d} clean  {o['family']} {o['slot']}={o['value']!r}")


if __name__ == "__main__":
    main()
