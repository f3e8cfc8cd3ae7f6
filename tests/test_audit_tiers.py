"""Tiers by measured work (measures.query_work / tier_report, the blocking check dataset_split_tiers): a family
declared easy whose reference reads many tables through CTEs and windows is a problem, one whose work fits its tier
is not, and the diagnosis groups' code table counts as one step however it is built."""

import polars as pl

from pipeline.construction.quality.measures import query_work, tier_report

LIGHT = "SELECT MAX(l.valuenum) FROM mimiciv_hosp.labevents l WHERE l.hadm_id = 1"
MID = ("SELECT AVG(x.v) FROM (SELECT l.valuenum AS v FROM mimiciv_hosp.labevents l "
       "JOIN mimiciv_hosp.admissions a ON a.hadm_id = l.hadm_id) x")
HEAVY = ("WITH a AS (SELECT s.stay_id, ROW_NUMBER() OVER (PARTITION BY s.hadm_id ORDER BY s.intime) AS rn "
         "FROM mimiciv_icu.icustays s), b AS (SELECT i.stay_id, SUM(i.amount) AS t FROM mimiciv_icu.inputevents i "
         "JOIN mimiciv_hosp.admissions ad ON TRUE GROUP BY i.stay_id) "
         "SELECT MAX(b.t) FROM a JOIN b ON b.stay_id = a.stay_id JOIN mimiciv_hosp.patients p ON TRUE WHERE a.rn = 1")
GROUP = ("WITH dx_group_codes AS (SELECT DISTINCT p.dx_group, c.icd_code FROM (SELECT DISTINCT icd_code FROM "
         "mimiciv_hosp.diagnoses_icd) AS c JOIN (SELECT * FROM (VALUES ('x', '428')) AS r (dx_group, prefix)) AS p "
         "ON c.icd_code LIKE p.prefix || '%') SELECT COUNT(*) FROM mimiciv_hosp.diagnoses_icd d "
         "WHERE 'x' IN (SELECT gc.dx_group FROM dx_group_codes gc WHERE gc.icd_code = d.icd_code)")


def test_work_counts_tables_steps_and_windows() -> None:
    assert query_work(LIGHT) == {"tables": 1, "steps": 0, "windows": 0, "score": 1}
    assert query_work(HEAVY) == {"tables": 4, "steps": 2, "windows": 1, "score": 7}
    assert query_work(GROUP) == {"tables": 1, "steps": 2, "windows": 0, "score": 3}  # the code table is one step


def test_a_heavy_family_declared_easy_is_a_problem() -> None:
    fams = [("f.light", "easy", LIGHT), ("f.mid", "medium", MID), ("f.heavy_easy", "easy", HEAVY),
            ("f.heavy", "hard", HEAVY + " AND EXISTS (SELECT 1 FROM mimiciv_hosp.labevents x)")]
    rows = [{"task_id": f"{f}-clean", "family": f, "difficulty": d, "variant": "clean", "reference_sql": s}
            for f, d, s in fams]
    rep = tier_report(pl.DataFrame(rows))
    assert [p.split(":")[0] for p in rep["problems"]] == ["f.heavy_easy"]
    assert rep["by_family"]["f.heavy"]["score"] == 8  # an EXISTS is not a subquery node (as sql_structure counts)
