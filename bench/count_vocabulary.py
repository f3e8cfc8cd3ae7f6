"""Vocabulary breadth and row rates of a generated EHR (the figures the synthetic generator is held to).

    python -m bench.count_vocabulary DIR            # DIR = a generate_parquet output (hosp/, icu/ of Parquet parts)
    python -m bench.count_vocabulary --db FILE.duckdb

Prints distinct codes/items in use per table against the floors, the share of official ICD titles in the
dictionaries and for the codes in use, and rows per admission / per ICU stay next to MIMIC-IV v3.1's.
"""

import argparse
import json
import sys
from pathlib import Path

import duckdb

FLOORS = {  # distinct values in use at 30,000 patients
    "diagnosis codes": ("SELECT COUNT(DISTINCT (icd_code, icd_version)) FROM mimiciv_hosp.diagnoses_icd", 2000),
    "procedure codes": ("SELECT COUNT(DISTINCT (icd_code, icd_version)) FROM mimiciv_hosp.procedures_icd", 500),
    "lab itemids": ("SELECT COUNT(DISTINCT itemid) FROM mimiciv_hosp.labevents", 200),
    "chart itemids": ("SELECT COUNT(DISTINCT itemid) FROM mimiciv_icu.chartevents", 300),
    "input items": ("SELECT COUNT(DISTINCT itemid) FROM mimiciv_icu.inputevents", 50),
    "drug names": ("SELECT COUNT(DISTINCT drug) FROM mimiciv_hosp.prescriptions", 300),
    "organisms": ("SELECT COUNT(DISTINCT org_name) FROM mimiciv_hosp.microbiologyevents", 30),
    "DRG codes": ("SELECT COUNT(DISTINCT drg_code) FROM mimiciv_hosp.drgcodes", 200),
}
# MIMIC-IV v3.1 rows per admission / per ICU stay (validate.sql counts)
PER_ADMISSION = {"diagnoses_icd": 11.7, "procedures_icd": 1.6, "labevents": 290, "prescriptions": 37, "emar": 78,
                 "transfers": 4.4, "microbiologyevents": 7.3, "drgcodes": 1.4}
PER_STAY = {"chartevents": 4584, "inputevents": 116, "outputevents": 57, "procedureevents": 8.6, "datetimeevents": 106}


def _attach_parquet(con: duckdb.DuckDBPyConnection, root: Path) -> None:
    for module in ("hosp", "icu"):
        con.execute(f"CREATE SCHEMA IF NOT EXISTS mimiciv_{module}")
        for d in sorted((root / module).iterdir()):
            if any(d.glob("part-*.parquet")):
                con.execute(f"CREATE VIEW mimiciv_{module}.{d.name} AS SELECT * FROM read_parquet('{d}/part-*.parquet')")


def measure(con: duckdb.DuckDBPyConnection) -> dict:
    one = lambda sql: con.execute(sql).fetchone()[0]  # noqa: E731
    out: dict = {"floors": {}, "per_admission": {}, "per_icu_stay": {}, "titles": {}}
    for name, (sql, floor) in FLOORS.items():
        out["floors"][name] = {"in_use": one(sql), "floor": floor}
    n_adm = one("SELECT COUNT(*) FROM mimiciv_hosp.admissions")
    n_stay = one("SELECT COUNT(*) FROM mimiciv_icu.icustays")
    for t, ref in PER_ADMISSION.items():
        module = "hosp"
        out["per_admission"][t] = {"ours": round(one(f"SELECT COUNT(*) FROM mimiciv_{module}.{t}") / n_adm, 2), "mimic": ref}
    for t, ref in PER_STAY.items():
        out["per_icu_stay"][t] = {"ours": round(one(f"SELECT COUNT(*) FROM mimiciv_icu.{t}") / max(n_stay, 1), 1), "mimic": ref}
    out["labevents_hadm_null_share"] = round(one(
        "SELECT AVG(CASE WHEN hadm_id IS NULL THEN 1.0 ELSE 0 END) FROM mimiciv_hosp.labevents"), 3)
    from pipeline.ehr.synth import codes

    for kind, table, dictionary in (("dx", "diagnoses_icd", "d_icd_diagnoses"), ("px", "procedures_icd", "d_icd_procedures")):
        official = [(c, v, t) for v in (9, 10) for c, t in codes.title_of(kind, v).items()]
        con.execute(f"CREATE OR REPLACE TEMP TABLE official_{kind} (icd_code VARCHAR, icd_version INT, long_title VARCHAR)")
        con.executemany(f"INSERT INTO official_{kind} VALUES (?, ?, ?)", official)
        rows = one(f"SELECT COUNT(*) FROM mimiciv_hosp.{dictionary}")
        same = one(f"SELECT COUNT(*) FROM mimiciv_hosp.{dictionary} d JOIN official_{kind} o "
                   "USING (icd_code, icd_version) WHERE d.long_title = o.long_title")
        used = one(f"SELECT COUNT(DISTINCT (icd_code, icd_version)) FROM mimiciv_hosp.{table}")
        used_ok = one(f"SELECT COUNT(*) FROM (SELECT DISTINCT icd_code, icd_version FROM mimiciv_hosp.{table}) u "
                      f"JOIN mimiciv_hosp.{dictionary} d USING (icd_code, icd_version) JOIN official_{kind} o "
                      "USING (icd_code, icd_version) WHERE d.long_title = o.long_title")
        out["titles"][dictionary] = {"rows": rows, "official_share": round(same / rows, 4),
                                     "codes_in_use": used, "in_use_official_share": round(used_ok / max(used, 1), 4)}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="bench.count_vocabulary", description=__doc__.splitlines()[0])
    ap.add_argument("parquet_dir", nargs="?", type=Path)
    ap.add_argument("--db", type=Path)
    args = ap.parse_args(argv)
    if args.db:
        con = duckdb.connect(str(args.db), read_only=True)
    elif args.parquet_dir:
        con = duckdb.connect()
        _attach_parquet(con, args.parquet_dir)
    else:
        ap.error("give a Parquet directory or --db")
    res = measure(con)
    for name, v in res["floors"].items():
        mark = "ok" if v["in_use"] >= v["floor"] else "BELOW"
        print(f"{name:18s} {v['in_use']:>8,} (floor {v['floor']:,}) {mark}")
    for group in ("per_admission", "per_icu_stay"):
        for t, v in res[group].items():
            ratio = v["ours"] / v["mimic"]
            print(f"{group:13s} {t:20s} {v['ours']:>9} MIMIC {v['mimic']:>7}  x{ratio:.2f}"
                  f"{'' if 0.7 <= ratio <= 1.3 else '  (outside +-30%)'}")
    print("labevents hadm_id NULL share", res["labevents_hadm_null_share"])
    for d, v in res["titles"].items():
        print(d, v)
    print("JSON " + json.dumps(res), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
