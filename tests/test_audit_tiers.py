"""The tier audit (bench/audit_tiers.py) on a hand-made split: a family declared easy whose reference reads many
tables through CTEs and windows is a misfit, one whose work fits its tier is not."""

from pathlib import Path

import polars as pl

from bench.audit_tiers import audit, work

LIGHT = "SELECT MAX(l.valuenum) FROM mimiciv_hosp.labevents l WHERE l.hadm_id = 1"
MID = ("SELECT AVG(x.v) FROM (SELECT l.valuenum AS v FROM mimiciv_hosp.labevents l "
       "JOIN mimiciv_hosp.admissions a ON a.hadm_id = l.hadm_id) x")
HEAVY = ("WITH a AS (SELECT s.stay_id, ROW_NUMBER() OVER (PARTITION BY s.hadm_id ORDER BY s.intime) AS rn "
         "FROM mimiciv_icu.icustays s), b AS (SELECT i.stay_id, SUM(i.amount) AS t FROM mimiciv_icu.inputevents i "
         "JOIN mimiciv_hosp.admissions ad ON TRUE GROUP BY i.stay_id) "
         "SELECT MAX(b.t) FROM a JOIN b ON b.stay_id = a.stay_id JOIN mimiciv_hosp.patients p ON TRUE WHERE a.rn = 1")


def test_work_counts_tables_steps_and_windows() -> None:
    assert work(LIGHT) == {"tables": 1, "steps": 0, "windows": 0, "score": 1}
    assert work(HEAVY) == {"tables": 4, "steps": 2, "windows": 1, "score": 7}


def test_a_heavy_family_declared_easy_is_a_misfit(tmp_path: Path) -> None:
    fams = [("f.light", "easy", LIGHT), ("f.mid", "medium", MID), ("f.heavy_easy", "easy", HEAVY),
            ("f.heavy", "hard", HEAVY)]
    rows = [{"family": f, "difficulty": d, "variant": "clean", "reference_sql": s} for f, d, s in fams]
    pl.DataFrame(rows).write_parquet(tmp_path / "train.parquet")
    pl.DataFrame(rows[:0], schema={k: pl.String for k in rows[0]}).write_parquet(tmp_path / "test.parquet")
    df, _ = audit(tmp_path)
    assert df.filter(pl.col("misfit"))["family"].to_list() == ["f.heavy_easy"]
