"""Ties at an extreme (issue 20, item 5): can two first/last results at one time give a Clean task an ambiguous gold?

    python -m bench.audit_ties [--db URL]

Most references select every row at the extreme (`= (SELECT MIN(time) …)` or `RANK() … = 1`, then DISTINCT), so a
tie with different values returns several rows and the answer encoder rejects the binding as `ambiguous`; some
binding queries exclude ties up front (vitals/stay_vital.bind.sql). Seven references once broke ties by an id
(ROW_NUMBER / LEAD ordered by time, then id) and so would have picked one of two tied rows silently; they now reject
the binding or leave the tied admission out (tests/test_ties.py). This counts, on an EHR, the ties those seven meet
(their tie keys), and the ties the encoder guards against, for scale.
Figures go to BENCHMARKS.md ("Ties at an extreme").
"""

import argparse

from pipeline.ehr.database import connect
from pipeline.paths import DEFAULT_DB_URL

BROKEN_BY_ID = {
    "same-patient admissions at one admittime (LEAD/ROW_NUMBER by admittime, hadm_id: "
    "cost.next_admission_cost_after_first_group, demographics.days_to_next_admission_after_first_group, "
    "demographics.pop_readmission_30d_by_group_insurance)":
        "SELECT COUNT(*) FROM (SELECT subject_id, admittime FROM mimiciv_hosp.admissions GROUP BY 1, 2 "
        "HAVING COUNT(*) > 1) t",
    "same-admission ICU stays at one intime (ROW_NUMBER by intime, stay_id: "
    "medications.first_icu_day_input_in_first_group_admission, vitals.pop_mean_first_icu_day_*)":
        "SELECT COUNT(*) FROM (SELECT hadm_id, intime FROM mimiciv_icu.icustays GROUP BY 1, 2 HAVING COUNT(*) > 1) t",
    "admissions whose first blood potassium has two values at one charttime (ROW_NUMBER by charttime, "
    "labevent_id: labs.pop_mean_admission_potassium_by_group_insurance)":
        "WITH k AS (SELECT l.hadm_id, l.charttime, l.valuenum FROM mimiciv_hosp.labevents l JOIN "
        "mimiciv_hosp.d_labitems li ON li.itemid = l.itemid WHERE li.label = 'Potassium' AND li.fluid = 'Blood' "
        "AND l.valuenum IS NOT NULL AND l.hadm_id IS NOT NULL), f AS (SELECT hadm_id, MIN(charttime) AS t FROM k "
        "GROUP BY 1) SELECT COUNT(*) FROM (SELECT k.hadm_id FROM k JOIN f ON f.hadm_id = k.hadm_id AND "
        "k.charttime = f.t GROUP BY 1 HAVING COUNT(DISTINCT k.valuenum) > 1) t",
}
GUARDED = {
    "(admission, lab) with two values at the first charttime":
        "WITH f AS (SELECT hadm_id, itemid, MIN(charttime) AS t FROM mimiciv_hosp.labevents WHERE valuenum IS NOT "
        "NULL AND hadm_id IS NOT NULL GROUP BY 1, 2) SELECT COUNT(*) FROM (SELECT l.hadm_id, l.itemid FROM "
        "mimiciv_hosp.labevents l JOIN f ON f.hadm_id = l.hadm_id AND f.itemid = l.itemid WHERE l.charttime = f.t "
        "AND l.valuenum IS NOT NULL GROUP BY 1, 2 HAVING COUNT(DISTINCT l.valuenum) > 1) t",
    "(stay, vital) with two values at the first charttime":
        "WITH f AS (SELECT stay_id, itemid, MIN(charttime) AS t FROM mimiciv_icu.chartevents WHERE valuenum IS NOT "
        "NULL GROUP BY 1, 2) SELECT COUNT(*) FROM (SELECT c.stay_id, c.itemid FROM mimiciv_icu.chartevents c JOIN f "
        "ON f.stay_id = c.stay_id AND f.itemid = c.itemid WHERE c.charttime = f.t AND c.valuenum IS NOT NULL "
        "GROUP BY 1, 2 HAVING COUNT(DISTINCT c.valuenum) > 1) t",
    "(stay, vital) whose maximum was charted at two times":
        "WITH m AS (SELECT stay_id, itemid, MAX(valuenum) AS v FROM mimiciv_icu.chartevents WHERE valuenum IS NOT "
        "NULL GROUP BY 1, 2) SELECT COUNT(*) FROM (SELECT c.stay_id, c.itemid FROM mimiciv_icu.chartevents c JOIN m "
        "ON m.stay_id = c.stay_id AND m.itemid = c.itemid WHERE c.valuenum = m.v GROUP BY 1, 2 "
        "HAVING COUNT(DISTINCT c.charttime) > 1) t",
    "(admission, drug) with two doses at the first starttime":
        "WITH f AS (SELECT hadm_id, drug, MIN(starttime) AS t FROM mimiciv_hosp.prescriptions GROUP BY 1, 2) "
        "SELECT COUNT(*) FROM (SELECT p.hadm_id, p.drug FROM mimiciv_hosp.prescriptions p JOIN f ON "
        "f.hadm_id = p.hadm_id AND f.drug = p.drug WHERE p.starttime = f.t GROUP BY 1, 2 "
        "HAVING COUNT(DISTINCT p.dose_val_rx) > 1) t",
}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="audit_ties", description=__doc__.split("\n")[0])
    p.add_argument("--db", default=DEFAULT_DB_URL)
    args = p.parse_args(argv)
    with connect(args.db) as db:
        for title, queries in (("once broken by an id (now rejected or left out)", BROKEN_BY_ID),
                               ("guarded (several rows → rejected as ambiguous, or excluded at binding)", GUARDED)):
            print(f"## {title}")
            for what, sql in queries.items():
                print(f"- {what}: {db.query_result(sql, timeout_s=300, max_rows=1).frame.item()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
