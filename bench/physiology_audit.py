"""Physiology audit of a synthetic (or real) MIMIC-IV in DuckDB: do the patients behave like patients?

Computes every figure of issue 22's table (joint charting of blood pressure and GCS, lab trajectories, outcomes
that follow severity, cost prices, split duration procedures), a few tails a clinical reviewer looks at, and the
marginals the MIMIC-IV publications report, each beside its target. Read-only; one SQL query per figure.

    python -m bench.physiology_audit --db /path/ehr.duckdb            # Markdown tables
    python -m bench.physiology_audit --db duckdb:////path/ehr.duckdb --json out.json

Exits 1 when a figure of the table misses its target (so it can gate a generator change)."""

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import duckdb

NIBP = (220179, 220180, 220181)  # systolic, diastolic, mean
ABP = (220050, 220051, 220052)
GCS = (220739, 223900, 223901)  # eye, verbal, motor
SEPTIC_SHOCK = "(icd_version = 10 AND icd_code = 'R6521') OR (icd_version = 9 AND icd_code = '78552')"
PALLIATIVE = "(icd_version = 10 AND icd_code = 'Z515') OR (icd_version = 9 AND icd_code = 'V667')"
DURATION_ITEMS = (225792, 225794, 225802, 225752, 224277)  # invasive / non-invasive ventilation, CRRT, lines


@dataclass(frozen=True)
class Figure:
    key: str
    label: str
    sql: str
    target: str
    ok: Callable[[float], bool]
    fmt: str = "{:.3f}"


def _triples(items: tuple[int, int, int]) -> str:
    s, d, m = items
    return (f"SELECT stay_id, charttime, MAX(CASE WHEN itemid = {s} THEN valuenum END) AS s, "
            f"MAX(CASE WHEN itemid = {d} THEN valuenum END) AS d, MAX(CASE WHEN itemid = {m} THEN valuenum END) AS m "
            f"FROM mimiciv_icu.chartevents WHERE itemid IN {items} GROUP BY stay_id, charttime")


def _lag1(itemid: int) -> str:
    return (f"SELECT CORR(v, nv) FROM (SELECT valuenum AS v, LEAD(valuenum) OVER (PARTITION BY hadm_id "
            f"ORDER BY charttime, labevent_id) AS nv FROM mimiciv_hosp.labevents WHERE itemid = {itemid} "
            f"AND hadm_id IS NOT NULL AND valuenum IS NOT NULL) x WHERE nv IS NOT NULL")


def _mortality_ratio(codes: str) -> str:
    return (f"WITH f AS (SELECT a.hadm_id, a.hospital_expire_flag AS died, EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d "
            f"WHERE d.hadm_id = a.hadm_id AND ({codes})) AS has FROM mimiciv_hosp.admissions a) "
            f"SELECT AVG(CASE WHEN has THEN died END) / NULLIF(AVG(CASE WHEN NOT has THEN died END), 0) FROM f")


TABLE: tuple[Figure, ...] = (
    Figure("nibp_corr", "corr(NIBP mean, (systolic + 2·diastolic)/3), simultaneous triples",
           f"SELECT CORR(m, (s + 2 * d) / 3) FROM ({_triples(NIBP)}) t WHERE s IS NOT NULL AND d IS NOT NULL AND m IS NOT NULL",
           "≥ 0.80", lambda v: v >= 0.80),
    Figure("nibp_mean_below_dia", "NIBP triples with mean < diastolic",
           f"SELECT AVG(CASE WHEN m < d THEN 1.0 ELSE 0 END) FROM ({_triples(NIBP)}) t "
           "WHERE s IS NOT NULL AND d IS NOT NULL AND m IS NOT NULL", "≤ 1%", lambda v: v <= 0.01, "{:.1%}"),
    Figure("nibp_mean_with_sd", "NIBP mean rows with systolic and diastolic at the same charttime",
           f"SELECT AVG(CASE WHEN s IS NOT NULL AND d IS NOT NULL THEN 1.0 ELSE 0 END) FROM ({_triples(NIBP)}) t "
           "WHERE m IS NOT NULL", "≥ 90%", lambda v: v >= 0.90, "{:.1%}"),
    Figure("abp_corr", "corr(arterial mean, (systolic + 2·diastolic)/3), simultaneous triples",
           f"SELECT CORR(m, (s + 2 * d) / 3) FROM ({_triples(ABP)}) t WHERE s IS NOT NULL AND d IS NOT NULL AND m IS NOT NULL",
           "≥ 0.80", lambda v: v >= 0.80),
    Figure("gcs_together", "GCS charttimes with eye, verbal and motor together",
           f"SELECT AVG(CASE WHEN n = 3 THEN 1.0 ELSE 0 END) FROM (SELECT stay_id, charttime, COUNT(DISTINCT itemid) AS n "
           f"FROM mimiciv_icu.chartevents WHERE itemid IN {GCS} GROUP BY stay_id, charttime) g", "≥ 90%",
           lambda v: v >= 0.90, "{:.1%}"),
    Figure("lag1_wbc", "lag-1 correlation of WBC within an admission", _lag1(51301), "≥ 0.60", lambda v: v >= 0.60),
    Figure("lag1_creatinine", "lag-1 correlation of creatinine within an admission", _lag1(50912), "≥ 0.60",
           lambda v: v >= 0.60),
    Figure("lag1_hemoglobin", "lag-1 correlation of hemoglobin within an admission", _lag1(51222), "≥ 0.60",
           lambda v: v >= 0.60),
    Figure("lag1_sodium", "lag-1 correlation of sodium within an admission", _lag1(50983), "≥ 0.60", lambda v: v >= 0.60),
    Figure("creatinine_modal", "creatinine results at the single most common value",
           "SELECT MAX(n) * 1.0 / SUM(n) FROM (SELECT valuenum, COUNT(*) AS n FROM mimiciv_hosp.labevents "
           "WHERE itemid = 50912 AND valuenum IS NOT NULL GROUP BY valuenum) x", "≤ 10%", lambda v: v <= 0.10, "{:.1%}"),
    Figure("mort_septic_shock", "in-hospital mortality, septic-shock admissions / all others",
           _mortality_ratio(SEPTIC_SHOCK), "≥ 4×", lambda v: v >= 4, "{:.2f}×"),
    Figure("mort_palliative", "in-hospital mortality, palliative-care (Z51.5/V66.7) / all others",
           _mortality_ratio(PALLIATIVE), "≥ 4×", lambda v: v >= 4, "{:.2f}×"),
    Figure("cost_nonpositive", "cost rows with a price ≤ 0",
           "SELECT COUNT(*) FROM mimiciv_derived.cost WHERE cost <= 0", "0", lambda v: v == 0, "{:,.0f}"),
    Figure("duration_split", "(stay, duration-type ICU procedure) with more than one row",
           f"SELECT AVG(CASE WHEN n > 1 THEN 1.0 ELSE 0 END) FROM (SELECT stay_id, itemid, COUNT(*) AS n "
           f"FROM mimiciv_icu.procedureevents WHERE itemid IN {DURATION_ITEMS} GROUP BY stay_id, itemid) p",
           "≥ 20%", lambda v: v >= 0.20, "{:.1%}"),
)


# what a clinical reviewer checks beyond the table (no pass/fail: shown for the record)
EXTRA: tuple[tuple[str, str, str], ...] = (
    ("SpO2 min / p1 / p99 (220277)", "SELECT MIN(valuenum), QUANTILE_CONT(valuenum, 0.01), QUANTILE_CONT(valuenum, 0.99) "
     "FROM mimiciv_icu.chartevents WHERE itemid = 220277", "{:.0f} / {:.0f} / {:.0f}"),
    ("NIBP systolic p0.1 / p99.9 / max", "SELECT QUANTILE_CONT(valuenum, 0.001), QUANTILE_CONT(valuenum, 0.999), MAX(valuenum) "
     "FROM mimiciv_icu.chartevents WHERE itemid = 220179", "{:.0f} / {:.0f} / {:.0f}"),
    ("heart rate p0.1 / p99.9 / max", "SELECT QUANTILE_CONT(valuenum, 0.001), QUANTILE_CONT(valuenum, 0.999), MAX(valuenum) "
     "FROM mimiciv_icu.chartevents WHERE itemid = 220045", "{:.0f} / {:.0f} / {:.0f}"),
    ("temperature °C min / max (223762)", "SELECT MIN(valuenum), MAX(valuenum) FROM mimiciv_icu.chartevents WHERE itemid = 223762",
     "{:.1f} / {:.1f}"),
    ("mean heart-rate gap, septic-shock stays vs others (min)",
     "WITH g AS (SELECT c.stay_id, EXTRACT(EPOCH FROM (MAX(charttime) - MIN(charttime))) / 60.0 / (COUNT(*) - 1) AS gap, "
     f"EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d WHERE d.hadm_id = c.hadm_id AND ({SEPTIC_SHOCK})) AS shock "
     "FROM mimiciv_icu.chartevents c WHERE itemid = 220045 GROUP BY c.stay_id, c.hadm_id HAVING COUNT(*) >= 3) "
     "SELECT AVG(CASE WHEN shock THEN gap END), AVG(CASE WHEN NOT shock THEN gap END) FROM g", "{:.0f} / {:.0f}"),
    ("lag-1 correlation of lactate within an admission", _lag1(50813), "{:.2f}"),
    ("admissions with HbA1c more than once", "SELECT COUNT(*) FROM (SELECT hadm_id FROM mimiciv_hosp.labevents "
     "WHERE itemid = 50852 AND hadm_id IS NOT NULL GROUP BY hadm_id HAVING COUNT(*) > 1) x", "{:,.0f}"),
    ("ED draws (no hadm_id) in [edregtime, admittime) of an admission",
     "SELECT COUNT(*) FROM mimiciv_hosp.labevents l JOIN mimiciv_hosp.admissions a ON a.subject_id = l.subject_id "
     "AND l.charttime >= a.edregtime AND l.charttime < a.admittime WHERE l.hadm_id IS NULL", "{:,.0f}"),
    ("KCl (225166) amount per row: median / p95 (mEq)",
     "SELECT MEDIAN(amount), QUANTILE_CONT(amount, 0.95) FROM mimiciv_icu.inputevents WHERE itemid = 225166", "{:.0f} / {:.0f}"),
    ("Zosyn (225893) row length: median / max (min)",
     "SELECT MEDIAN(EXTRACT(EPOCH FROM endtime - starttime) / 60), MAX(EXTRACT(EPOCH FROM endtime - starttime) / 60) "
     "FROM mimiciv_icu.inputevents WHERE itemid = 225893", "{:.0f} / {:.0f}"),
    ("Zosyn (225893) median gap between doses in a stay (h)",
     "SELECT MEDIAN(g) FROM (SELECT EXTRACT(EPOCH FROM starttime - LAG(starttime) OVER (PARTITION BY stay_id ORDER BY starttime)) "
     "/ 3600.0 AS g FROM mimiciv_icu.inputevents WHERE itemid = 225893) x WHERE g IS NOT NULL", "{:.1f}"),
    ("propofol (222168) infusion per stay: median total hours",
     "SELECT MEDIAN(h) FROM (SELECT stay_id, SUM(EXTRACT(EPOCH FROM endtime - starttime)) / 3600 AS h "
     "FROM mimiciv_icu.inputevents WHERE itemid = 222168 GROUP BY stay_id) x", "{:.1f}"),
    ("PO Intake (226452) rows lasting more than 1 minute", "SELECT COUNT(*) FROM mimiciv_icu.inputevents "
     "WHERE itemid = 226452 AND endtime > starttime + INTERVAL '1 minute'", "{:,.0f}"),
    ("in-hospital mortality, DNR (Z66/V4986) / all others",
     _mortality_ratio("(icd_version = 10 AND icd_code = 'Z66') OR (icd_version = 9 AND icd_code = 'V4986')"), "{:.2f}×"),
    ("in-hospital mortality, cardiac arrest (I469/4275) / all others",
     _mortality_ratio("(icd_version = 10 AND icd_code = 'I469') OR (icd_version = 9 AND icd_code = '4275')"), "{:.2f}×"),
    ("median hospital LOS (d), ICU admissions / others",
     "SELECT MEDIAN(CASE WHEN i THEN los END), MEDIAN(CASE WHEN NOT i THEN los END) FROM (SELECT EXTRACT(EPOCH FROM "
     "dischtime - admittime) / 86400 AS los, EXISTS (SELECT 1 FROM mimiciv_icu.icustays s WHERE s.hadm_id = a.hadm_id) AS i "
     "FROM mimiciv_hosp.admissions a) x", "{:.1f} / {:.1f}"),
)

# marginals beside MIMIC-IV's: the two exact ones are v3.1 row counts (mimic-code validate.sql, in
# reference/mimic_iv_keys.md); the others are approximate figures of the MIMIC-IV publication (Johnson et al.,
# "MIMIC-IV, a freely accessible electronic health record dataset", Scientific Data 10:1, 2023) and of studies on
# the v2.x release, quoted as ranges (see BENCHMARKS.md)
MARGINALS: tuple[tuple[str, str, str, str], ...] = (
    ("patients: median anchor_age", "SELECT MEDIAN(anchor_age) FROM mimiciv_hosp.patients", "{:.0f}", "~ 48 (hosp patients)"),
    ("admissions: median age at admission",
     "SELECT MEDIAN(p.anchor_age + EXTRACT(YEAR FROM a.admittime) - p.anchor_year) FROM mimiciv_hosp.admissions a "
     "JOIN mimiciv_hosp.patients p USING (subject_id)", "{:.0f}", "~ 58–60"),
    ("patients: female", "SELECT AVG(CASE WHEN gender = 'F' THEN 1.0 ELSE 0 END) FROM mimiciv_hosp.patients", "{:.1%}", "~ 52–53%"),
    ("admissions per patient", "SELECT COUNT(*) * 1.0 / COUNT(DISTINCT subject_id) FROM mimiciv_hosp.admissions", "{:.2f}",
     "1.50 (546,028 / 364,627, v3.1)"),
    ("admission type EW EMER.", "SELECT AVG(CASE WHEN admission_type = 'EW EMER.' THEN 1.0 ELSE 0 END) FROM mimiciv_hosp.admissions",
     "{:.1%}", "~ 35%"),
    ("admission type ELECTIVE", "SELECT AVG(CASE WHEN admission_type = 'ELECTIVE' THEN 1.0 ELSE 0 END) FROM mimiciv_hosp.admissions",
     "{:.1%}", "~ 2–3%"),
    ("insurance Medicare", "SELECT AVG(CASE WHEN insurance = 'Medicare' THEN 1.0 ELSE 0 END) FROM mimiciv_hosp.admissions",
     "{:.1%}", "~ 40–45%"),
    ("insurance Medicaid", "SELECT AVG(CASE WHEN insurance = 'Medicaid' THEN 1.0 ELSE 0 END) FROM mimiciv_hosp.admissions",
     "{:.1%}", "~ 15–18%"),
    ("hospital LOS: median days", "SELECT MEDIAN(EXTRACT(EPOCH FROM dischtime - admittime) / 86400) FROM mimiciv_hosp.admissions",
     "{:.1f}", "~ 3 (mean ~ 4.7)"),
    ("hospital LOS: mean days", "SELECT AVG(EXTRACT(EPOCH FROM dischtime - admittime) / 86400) FROM mimiciv_hosp.admissions",
     "{:.1f}", "~ 4.7"),
    ("admissions with an ICU stay", "SELECT AVG(CASE WHEN EXISTS (SELECT 1 FROM mimiciv_icu.icustays s WHERE s.hadm_id = a.hadm_id) "
     "THEN 1.0 ELSE 0 END) FROM mimiciv_hosp.admissions a", "{:.1%}", "≤ 17.3% (94,458 stays / 546,028, v3.1)"),
    ("ICU LOS: median days", "SELECT MEDIAN(los) FROM mimiciv_icu.icustays", "{:.1f}", "~ 2.0 (mean ~ 3.6)"),
    ("ICU LOS: mean days", "SELECT AVG(los) FROM mimiciv_icu.icustays", "{:.1f}", "~ 3.6"),
    ("in-hospital mortality (admissions)", "SELECT AVG(hospital_expire_flag * 1.0) FROM mimiciv_hosp.admissions", "{:.1%}",
     "~ 2.2%"),
    ("in-hospital mortality (ICU admissions)",
     "SELECT AVG(a.hospital_expire_flag * 1.0) FROM mimiciv_hosp.admissions a WHERE EXISTS (SELECT 1 FROM mimiciv_icu.icustays s "
     "WHERE s.hadm_id = a.hadm_id)", "{:.1%}", "~ 11%"),
)


def _path(db: str) -> str:
    return db.removeprefix("duckdb:///") if db.startswith("duckdb:///") else db


def _fmt(fmt: str, row: tuple[Any, ...]) -> str:
    if row is None or any(v is None for v in row):
        return "n/a"
    return fmt.format(*[float(v) for v in row])


def audit(db: str) -> dict[str, Any]:
    con = duckdb.connect(_path(db), read_only=True)
    try:
        con.execute("SET threads TO 2")
        out: dict[str, Any] = {"table": [], "extra": [], "marginals": []}
        tables = {f"{a}.{b}" for a, b in con.execute("SELECT table_schema, table_name FROM information_schema.tables").fetchall()}
        for f in TABLE:
            if "mimiciv_derived.cost" in f.sql and "mimiciv_derived.cost" not in tables:
                v = None  # an EHR loaded without the derived cost table (n/a, counted as missed)
            else:
                v = con.execute(f.sql).fetchone()[0]
            v = float("nan") if v is None else float(v)
            out["table"].append({"key": f.key, "label": f.label, "value": v, "shown": _fmt(f.fmt, (v,)),
                                 "target": f.target, "ok": bool(v == v and f.ok(v))})
        for label, sql, fmt in EXTRA:
            row = con.execute(sql).fetchone()
            out["extra"].append({"label": label, "values": [None if x is None else float(x) for x in row],
                                 "shown": _fmt(fmt, row)})
        for label, sql, fmt, published in MARGINALS:
            row = con.execute(sql).fetchone()
            out["marginals"].append({"label": label, "value": None if row[0] is None else float(row[0]),
                                     "shown": _fmt(fmt, row), "published": published})
        return out
    finally:
        con.close()


def render(result: dict[str, Any]) -> str:
    lines = ["| figure | ours | target | met |", "|---|---:|---|---|"]
    lines += [f"| {r['label']} | {r['shown']} | {r['target']} | {'yes' if r['ok'] else 'NO'} |" for r in result["table"]]
    lines += ["", "| reviewer's check | ours |", "|---|---:|"]
    lines += [f"| {r['label']} | {r['shown']} |" for r in result["extra"]]
    lines += ["", "| marginal | ours | MIMIC-IV (published) |", "|---|---:|---|"]
    lines += [f"| {r['label']} | {r['shown']} | {r['published']} |" for r in result["marginals"]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="data/ehr.duckdb", help="DuckDB file or duckdb:/// URL")
    ap.add_argument("--json", help="also write the figures as JSON here")
    args = ap.parse_args(argv)
    result = audit(args.db)
    print(render(result))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(result, fh, indent=2)
    return 0 if all(r["ok"] for r in result["table"]) else 1


if __name__ == "__main__":
    sys.exit(main())
