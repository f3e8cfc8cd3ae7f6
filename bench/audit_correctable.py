"""Drop-one audit of a published split, independent of the build's own `correctable` column: for every Noise twin,
run its family's reference without the predicates that read the slots its twin perturbed (the same rewrite as the
build, pipeline/construction/noise/drop_one.py) and count the twins whose result is their Clean answer. Works on a
split built before the column existed (it needs only the tasks' slots and answers and the families), and on one
built after, where it also reports disagreements with the column.

Usage: python -m bench.audit_correctable [--dataset outputs/v1] [--db duckdb:///data/ehr.duckdb] [--top 15]"""

import argparse
import json
from collections import Counter
from pathlib import Path

import polars as pl

from pipeline.construction.noise.drop_one import drop_one_verdicts
from pipeline.construction.requests.family import load_families
from pipeline.construction.sqlexec import SetRunner
from pipeline.ehr.database import connect
from pipeline.paths import CONTRACTS_DIR, SQL_DIR


def audit(dataset: Path, db_url: str) -> pl.DataFrame:
    """One row per Noise task: task_id, family, noise_level, noise_operator, audited verdict (null: not formed)."""
    tasks = pl.concat([pl.read_parquet(dataset / "train.parquet"), pl.read_parquet(dataset / "test.parquet")],
                      how="diagonal_relaxed")
    families = {f.id: f for f in load_families(CONTRACTS_DIR, SQL_DIR / "families")}
    clean = {r["pair_id"]: r for r in tasks.filter(pl.col("variant") == "clean").iter_rows(named=True)}
    noise = tasks.filter(pl.col("variant") == "noise").sort("task_id")
    rows = []
    with connect(db_url) as db:
        runner = SetRunner(db)
        for (fam_id,), part in noise.group_by("family", maintain_order=True):
            fam = families.get(fam_id)
            items = [(i, json.loads(clean[r["pair_id"]]["slots"]), json.loads(r["slots"]),
                      json.loads(clean[r["pair_id"]]["answer"]), None) for i, r in enumerate(part.iter_rows(named=True))]
            verdicts = drop_one_verdicts(runner, fam, items) if fam else {}
            for i, r in enumerate(part.iter_rows(named=True)):
                v = verdicts.get(i)
                rows.append({"task_id": r["task_id"], "family": fam_id, "noise_level": r["noise_level"],
                             "noise_operator": r["noise_operator"], "audited": v.correctable if v else None,
                             "column": r.get("correctable")})
    return pl.DataFrame(rows, schema={"task_id": pl.String, "family": pl.String, "noise_level": pl.String,
                                      "noise_operator": pl.String, "audited": pl.Boolean, "column": pl.Boolean})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dataset", default="outputs/v1")
    ap.add_argument("--db", default=f"duckdb:///{Path('data/ehr.duckdb').resolve()}")
    ap.add_argument("--top", type=int, default=15)
    args = ap.parse_args()
    out = audit(Path(args.dataset), args.db)
    n, c = out.height, int(out["audited"].fill_null(False).sum())
    print(f"{c} of {n} Noise twins correctable ({c / max(1, n):.1%}); not formed: {out['audited'].is_null().sum()}")
    for lv, part in sorted(out.group_by("noise_level")):
        k = int(part["audited"].fill_null(False).sum())
        print(f"  {lv[0]}: {k} of {part.height} ({k / part.height:.1%})")
    ops = Counter(r["noise_operator"] for r in out.filter(pl.col("audited").fill_null(False)).iter_rows(named=True))
    for op, k in ops.most_common(args.top):
        print(f"  {k:5d} {op}")
    both = out.filter(pl.col("column").is_not_null())
    if both.height:
        print(f"disagreements with the column `correctable`: {both.filter(pl.col('audited') != pl.col('column')).height}"
              f" of {both.height}")


if __name__ == "__main__":
    main()
