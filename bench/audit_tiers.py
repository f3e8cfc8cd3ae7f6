"""Difficulty tiers by measured work (issue 21 item 6): per family, the median over its Clean reference SQL of the
work the query does — distinct physical tables read, query blocks (CTEs and subqueries, i.e. steps), window
functions — and the tier that work fits, against the family's declared `difficulty`. The measured tier cuts the
families' work scores at their tertiles over the split, so a tier means "as much work as a third of the families";
a family is a misfit when its score lies outside its declared tier's band (easy ≤ the lower cut ≤ medium ≤ the upper
cut ≤ hard; a score on a cut fits both tiers beside it).

Structure is counted with sqlglot the way /work/shared/tools/sql_structure.py counts it (tables excluding CTE names;
CTE, subquery and window nodes), re-implemented here so bench does not import from outside the repository.

Usage: python -m bench.audit_tiers [--dataset outputs/v1]"""

import argparse
import statistics
from pathlib import Path

import polars as pl
import sqlglot
from sqlglot import exp

TIERS = ("easy", "medium", "hard")


def work(sql: str) -> dict[str, int]:
    """Tables, steps (CTEs + subqueries) and windows of one PostgreSQL query, and their sum (the work score)."""
    tree = sqlglot.parse_one(sql, read="postgres")
    ctes = {c.alias_or_name for c in tree.find_all(exp.CTE)}
    tables = len({(t.db or "", t.name) for t in tree.find_all(exp.Table) if t.name not in ctes})
    steps = sum(1 for _ in tree.find_all(exp.CTE)) + sum(1 for _ in tree.find_all(exp.Subquery))
    windows = sum(1 for _ in tree.find_all(exp.Window))
    return {"tables": tables, "steps": steps, "windows": windows, "score": tables + steps + windows}


def audit(dataset: Path) -> tuple[pl.DataFrame, tuple[float, float]]:
    """One row per family: declared tier, median tables/steps/windows/score, measured tier, misfit; and the cuts."""
    tasks = pl.concat([pl.read_parquet(dataset / f"{s}.parquet") for s in ("train", "test")], how="diagonal_relaxed")
    clean = tasks.filter(pl.col("variant") == "clean")
    rows = []
    for (fam,), part in sorted(clean.group_by("family"), key=lambda g: g[0]):
        ws = [work(s) for s in part["reference_sql"].unique().sort().to_list()[:50]]
        med = {k: statistics.median(w[k] for w in ws) for k in ("tables", "steps", "windows", "score")}
        rows.append({"family": fam, "declared": part["difficulty"][0], **med})
    scores = sorted(r["score"] for r in rows)
    lo, hi = statistics.quantiles(scores, n=3) if len(scores) >= 3 else (scores[0], scores[-1])
    for r in rows:
        r["measured"] = "easy" if r["score"] < lo else "hard" if r["score"] > hi else "medium"
        band = {"easy": (float("-inf"), lo), "medium": (lo, hi), "hard": (hi, float("inf"))}.get(r["declared"])
        r["misfit"] = band is None or not band[0] <= r["score"] <= band[1]
    return pl.DataFrame(rows), (lo, hi)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dataset", default="outputs/v1")
    args = ap.parse_args()
    df, (lo, hi) = audit(Path(args.dataset))
    print(f"work score = tables + steps + windows (family medians); tertile cuts {lo:g} / {hi:g}")
    bad = df.filter(pl.col("misfit")).sort("score")
    print(f"{bad.height} of {df.height} families' declared tier does not fit their measured work:")
    for r in bad.iter_rows(named=True):
        print(f"  {r['declared']:>6} -> {r['measured']:<6} score {r['score']:g} (tables {r['tables']:g}, steps "
              f"{r['steps']:g}, windows {r['windows']:g})  {r['family']}")


if __name__ == "__main__":
    main()
