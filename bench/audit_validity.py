"""Audit of a built split, done the way a reviewer does it by hand: draw random pairs, and for each run SQL for the
alternative readings a careful clinician could take — independent of the readings the families declare, so the
audit can catch what the engine's own readings miss.

- Noise: is the twin answerable under a reasonable reading (the other temperature unit charted; the drug given per
  another eMAR status, spelling or ICU inputevents; a convertible or equivalent unit; a stated admission date that
  is a date of the stay or another admission's start; a title that is a synonym, parent or sibling of the code; a
  lab of the same name under another itemid; a care unit the stay passed through; a diagnosis titled with the
  group's name outside the group's codes; a stated first-admission date that is a day of that stay; a lab drawn
  during the stay but filed without hadm_id; an ICU drug given per eMAR or another item of the same name)?
- Clean: does an alternative reading give an answer outside the task's tolerance (pooled vs per-admission means,
  per-patient vs per-admission rates, calendar vs fractional days, 'Delayed Administered' counted as given,
  temperatures of both units)?

Usage: python -m bench.audit_validity [--dataset outputs/v1] [--db data/ehr.duckdb] [--n 200] [--seed 0]
Prints the figures and the task ids examined; exits 1 when a target is missed (≤ 1% answerable Noise, ≤ 5% Clean
with an out-of-tolerance alternative)."""

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

import duckdb
import polars as pl

from pipeline.construction.requests.family import expand_includes

TEMPS = (223761, 223762)
GIVEN = "('Administered', 'Delayed Administered', 'Started', 'Confirmed')"
MASS, VOLUME, EQUIV = {"g", "grams", "mg", "mcg", "ug"}, {"ml", "l"}, {"meq/l", "mmol/l"}


def dx_group_codes() -> str:
    """The diagnosis groups' reference code sets, the SELECT the families read (fragments/dx_group_prefixes.sql)."""
    sql_dir = Path(__file__).resolve().parents[1] / "sql" / "families"
    return expand_includes("-- include: fragments/dx_group_prefixes.sql\n", sql_dir)


def lit(v: Any) -> str:
    if isinstance(v, int | float) and not isinstance(v, bool):
        return repr(v)
    return "'" + str(v).replace("'", "''") + "'"


class Auditor:
    def __init__(self, db: str):
        self.con = duckdb.connect(db, read_only=True)

    def one(self, sql: str) -> Any:
        row = self.con.execute(sql).fetchone()
        return None if row is None else row[0]

    # ------------------------------------------------------------ noise: answerable under a reasonable reading

    def noise(self, t: dict) -> str | None:
        s, cond = json.loads(t["slots"]), t["failed_condition"]
        fam = t["family"]
        if "stay_id" in s and s.get("itemid") in TEMPS and cond in ("vital_charted_in_stay", "threshold_crossed",
                                                                    "vital_charted_on_day"):
            other = TEMPS[1] if s["itemid"] == TEMPS[0] else TEMPS[0]
            day = f" AND CAST(charttime AS DATE) = {lit(s['chart_date'])}" if "chart_date" in s else ""
            if cond == "threshold_crossed":
                conv = "valuenum * 9.0 / 5 + 32" if other == 223762 else "(valuenum - 32) * 5.0 / 9"
                hit = self.one(f"SELECT COUNT(*) FROM mimiciv_icu.chartevents WHERE stay_id = {s['stay_id']} "
                               f"AND itemid = {other} AND {conv} > {s['threshold']}")
            else:
                hit = self.one(f"SELECT COUNT(*) FROM mimiciv_icu.chartevents WHERE stay_id = {s['stay_id']} "
                               f"AND itemid = {other} AND valuenum IS NOT NULL{day}")
            if hit:
                return "temperature charted in the other unit"
        if "drug" in s and "hadm_id" in s and cond in ("drug_administered", "drug_prescribed_in_admission"):
            pre = lit(str(s["drug"])[:5].lower())
            # a prescription answers "prescribed", never "given"/"administered" (an order held or not given is no dose)
            ordered = "0" if cond == "drug_administered" else f"""(SELECT COUNT(*) FROM mimiciv_hosp.prescriptions
                WHERE hadm_id = {s['hadm_id']} AND LOWER(SUBSTRING(drug, 1, 5)) = {pre})"""
            n = self.one(f"""SELECT (SELECT COUNT(*) FROM mimiciv_hosp.emar WHERE hadm_id = {s['hadm_id']}
                                     AND event_txt IN {GIVEN} AND LOWER(SUBSTRING(medication, 1, 5)) = {pre})
                              + (SELECT COUNT(*) FROM mimiciv_icu.inputevents i JOIN mimiciv_icu.d_items d USING (itemid)
                                 WHERE i.hadm_id = {s['hadm_id']} AND LOWER(SUBSTRING(d.label, 1, 5)) = {pre})
                              + {ordered}""")
            if n:
                return "drug given or prescribed per another record or spelling"
        if cond == "unit_matches" and "unit" in s:
            clean_unit = self.one(self._item_unit(t, s))
            u, c = str(s["unit"]).lower(), str(clean_unit or "").lower()
            if (u in MASS and c in MASS) or (u in VOLUME and c in VOLUME) or (u in EQUIV and c in EQUIV):
                return f"unit {s['unit']} converts from {clean_unit}"
            if fam == "medications.pop_max_input_by_careunit" and self.one(
                    f"""SELECT COUNT(*) FROM mimiciv_icu.inputevents i JOIN mimiciv_icu.icustays st USING (stay_id)
                        WHERE st.first_careunit = {lit(s['careunit'])} AND i.itemid = {s['itemid']}
                          AND i.totalamountuom = {lit(s['unit'])}"""):
                return "answerable from totalamount in that unit"
        if cond == "admit_date_matches":
            inside = self.one(f"""SELECT COUNT(*) FROM mimiciv_hosp.admissions WHERE hadm_id = {s['hadm_id']}
                AND DATE {lit(s['admit_date'])} BETWEEN CAST(LEAST(admittime, COALESCE(edregtime, admittime)) AS DATE)
                                                 AND CAST(dischtime AS DATE)""")
            if inside:
                return "stated date is a date of the same stay (or its ED registration)"
            other = self.one(f"""SELECT COUNT(*) FROM mimiciv_hosp.admissions WHERE subject_id = {s['subject_id']}
                AND hadm_id <> {s['hadm_id']} AND CAST(admittime AS DATE) = DATE {lit(s['admit_date'])}""")
            if other:
                return "another admission of the patient began on the stated date"
        if cond == "title_matches_code" and "icd_title" in s:
            table = "d_icd_procedures" if "proc" in fam else "d_icd_diagnoses"
            codes = [r[0] for r in self.con.execute(
                f"SELECT icd_code FROM mimiciv_hosp.{table} WHERE long_title = {lit(s['icd_title'])} "
                f"AND icd_version = {s['icd_version']}").fetchall()]
            if any(c[:3] == str(s["icd_code"])[:3] for c in codes):
                return "title is a synonym, parent or sibling of the code"
        if cond in ("lab_measured_in_admission", "lab_measured_repeatedly") and "lab_label" in s and "hadm_id" in s:
            same = self.one(f"""SELECT COUNT(*) FROM mimiciv_hosp.labevents l JOIN mimiciv_hosp.d_labitems d USING (itemid)
                WHERE l.hadm_id = {s['hadm_id']} AND LOWER(d.label) = LOWER({lit(s['lab_label'])})
                  AND l.itemid <> {s['itemid']} AND l.valuenum IS NOT NULL""")
            if same:
                return "a lab of the same name under another itemid was measured"
        if cond == "careunit_matches" and "stay_id" in s:
            passed = self.one(f"""SELECT COUNT(*) FROM mimiciv_hosp.transfers tr JOIN mimiciv_icu.icustays st
                ON st.hadm_id = tr.hadm_id AND tr.intime >= st.intime AND tr.intime < st.outtime
                WHERE st.stay_id = {s['stay_id']} AND tr.careunit = {lit(s['careunit'])}""")
            if passed:
                return "the stay passed through the stated unit"
        if cond == "patient_has_group" and "dx_group" in s:
            titled = self.one(f"""SELECT COUNT(*) FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.d_icd_diagnoses d
                USING (icd_code, icd_version) WHERE x.subject_id = {s['subject_id']}
                AND LOWER(d.long_title) LIKE {lit('%' + str(s['dx_group']).lower() + '%')}""")
            if titled:
                return f"the patient has a diagnosis titled '{s['dx_group']}' outside the group's codes"
        if cond == "first_group_admission_on_date" and "dx_group" in s:
            inside = self.one(f"""SELECT COUNT(*) FROM mimiciv_hosp.admissions a WHERE a.subject_id = {s['subject_id']}
                AND DATE {lit(s['admit_date'])} BETWEEN CAST(LEAST(a.admittime, COALESCE(a.edregtime, a.admittime)) AS DATE)
                                                 AND CAST(a.dischtime AS DATE)
                AND a.admittime = (SELECT MIN(b.admittime) FROM mimiciv_hosp.admissions b
                    JOIN mimiciv_hosp.diagnoses_icd x ON x.hadm_id = b.hadm_id WHERE b.subject_id = {s['subject_id']}
                    AND {lit(s['dx_group'])} IN (SELECT gc.dx_group FROM ({dx_group_codes()}) gc
                        WHERE gc.icd_version = x.icd_version AND x.icd_code LIKE gc.prefix || '%'))""")
            if inside:
                return "stated date is a date of the first group admission's stay"
        if cond in ("lab_measured_in_admission", "lab_repeated_in_admission") and "hadm_id" in s and \
                ("itemid" in s or "lab_itemid" in s):
            item = s.get("lab_itemid", s.get("itemid"))
            n = self.one(f"""SELECT COUNT(*) FROM mimiciv_hosp.labevents l JOIN mimiciv_hosp.admissions a
                ON a.subject_id = l.subject_id AND l.charttime BETWEEN a.admittime AND a.dischtime
                WHERE a.hadm_id = {s['hadm_id']} AND l.itemid = {item} AND l.valuenum IS NOT NULL""")
            if n >= (2 if cond == "lab_repeated_in_admission" else 1):
                return "the lab was drawn during the stay (a row without hadm_id)"
        if cond in ("input_given_in_stay", "infusion_given_in_stay") and "stay_id" in s and "input_label" in s:
            # the same drug is the same first word ("Fentanyl (Concentrate)"); a 5-letter prefix took calcitriol for
            # calcium gluconate (a false alarm on the default split)
            pre = lit(str(s["input_label"]).split()[0].lower())
            n = self.one(f"""SELECT (SELECT COUNT(*) FROM mimiciv_icu.inputevents i JOIN mimiciv_icu.d_items d USING (itemid)
                                     WHERE i.stay_id = {s['stay_id']} AND LOWER(SPLIT_PART(d.label, ' ', 1)) = {pre})
                              + (SELECT COUNT(*) FROM mimiciv_hosp.emar e JOIN mimiciv_icu.icustays st
                                 ON st.hadm_id = e.hadm_id AND e.charttime BETWEEN st.intime AND st.outtime
                                 WHERE st.stay_id = {s['stay_id']} AND e.event_txt IN {GIVEN}
                                   AND LOWER(SPLIT_PART(e.medication, ' ', 1)) = {pre})""")
            if n:
                return "the drug was given in the stay per eMAR or under another item of the same name"
        return None

    @staticmethod
    def _item_unit(t: dict, s: dict) -> str:
        if t["family"].startswith("medications.pop_max_input"):
            return f"SELECT MIN(amountuom) FROM mimiciv_icu.inputevents WHERE itemid = {s['itemid']}"
        return f"SELECT MIN(valueuom) FROM mimiciv_hosp.labevents WHERE itemid = {s['itemid']}"

    # ------------------------------------------------------------ clean: an alternative reading out of tolerance

    def clean(self, t: dict) -> tuple[bool, str | None]:
        """(probed, problem): whether an alternative reading exists for the family, and whether it disagrees."""
        s, fam, tol = json.loads(t["slots"]), t["family"], float(t["tolerance"] or 0)
        gold = json.loads(t["answer"])
        value = gold["value"] if isinstance(gold, dict) else gold
        alt = None
        q = t["question"].lower()
        if fam == "labs.pop_mean_by_diagnosis" and "pool" not in q and "individual" not in q:
            alt = self.one(f"""SELECT ROUND(AVG(m), 2) FROM (SELECT AVG(l.valuenum) AS m FROM
                (SELECT DISTINCT hadm_id FROM mimiciv_hosp.diagnoses_icd WHERE icd_code = {lit(s['icd_code'])}
                 AND icd_version = {s['icd_version']}) c JOIN mimiciv_hosp.labevents l ON l.hadm_id = c.hadm_id
                 AND l.itemid = {s['itemid']} AND l.valuenum IS NOT NULL GROUP BY c.hadm_id)""")
        elif fam == "vitals.pop_mean_by_dx_careunit" and "pool" not in q and "all charted" not in q:
            alt = self.one(f"""SELECT ROUND(AVG(m), 1) FROM (SELECT AVG(ch.valuenum) AS m FROM
                (SELECT DISTINCT st.stay_id FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_icu.icustays st USING (hadm_id)
                 WHERE x.icd_code = {lit(s['icd_code'])} AND x.icd_version = {s['icd_version']}
                   AND st.first_careunit = {lit(s['careunit'])}) c
                JOIN mimiciv_icu.chartevents ch ON ch.stay_id = c.stay_id AND ch.itemid = {s['itemid']}
                 AND ch.valuenum IS NOT NULL GROUP BY c.stay_id)""")
        elif fam == "demographics.readmission_interval" and "fraction" not in q and "decimal" not in q:
            alt = self.one(f"""SELECT CAST(a.admittime AS DATE) - CAST(p.dischtime AS DATE) FROM mimiciv_hosp.admissions a,
                mimiciv_hosp.admissions p WHERE a.hadm_id = {s['hadm_id']} AND p.hadm_id = {s['prior_hadm_id']}""")
        elif fam == "diagnoses.days_since_prior_dx" and "calendar" not in q:
            alt = self.one(f"""SELECT CAST(a.admittime AS DATE) - CAST(MIN(e.dischtime) AS DATE)
                FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.admissions e ON e.subject_id = a.subject_id
                AND e.admittime < a.admittime JOIN mimiciv_hosp.diagnoses_icd x ON x.hadm_id = e.hadm_id
                WHERE a.hadm_id = {s['hadm_id']} AND x.icd_code = {lit(s['icd_code'])}
                  AND x.icd_version = {s['icd_version']} GROUP BY a.admittime""")
        elif fam == "medications.administration_count" and "status administered" not in q:
            alt = self.one(f"""SELECT COUNT(*) FROM mimiciv_hosp.emar WHERE hadm_id = {s['hadm_id']}
                AND medication = {lit(s['drug'])} AND event_txt IN ('Administered', 'Delayed Administered')""")
        elif fam == "medications.hours_to_first_administration" and "status administered" not in q:
            alt = self.one(f"""SELECT ROUND(EXTRACT(EPOCH FROM (MIN(e.charttime) - a.admittime)) / 3600.0, 1)
                FROM mimiciv_hosp.emar e JOIN mimiciv_hosp.admissions a USING (hadm_id) WHERE a.hadm_id = {s['hadm_id']}
                AND e.medication = {lit(s['drug'])} AND e.event_txt IN ('Administered', 'Delayed Administered')
                GROUP BY a.admittime""")
        elif fam in ("demographics.pop_mortality_by_dx_location", "diagnoses.pop_mortality_by_dx_age") \
                and "admission" not in q.split("percent")[0] + q.split("rate")[0]:
            return True, None  # per-patient reading: only when the wording does not say "admissions"
        elif fam.startswith("vitals.") and s.get("itemid") in TEMPS and fam in ("vitals.mean_in_stay",):
            other = TEMPS[1] if s["itemid"] == TEMPS[0] else TEMPS[0]
            conv = "valuenum * 9.0 / 5 + 32" if other == 223762 else "(valuenum - 32) * 5.0 / 9"
            alt = self.one(f"""SELECT ROUND(AVG(CASE WHEN itemid = {s['itemid']} THEN valuenum ELSE {conv} END), 1)
                FROM mimiciv_icu.chartevents WHERE stay_id = {s['stay_id']} AND itemid IN {TEMPS}
                AND valuenum IS NOT NULL""")
        else:
            return False, None
        if alt is None:
            return True, None
        if abs(float(alt) - float(value)) > tol + 1e-9:
            return True, f"alternative reading gives {alt}, gold {value}"
        return True, None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dataset", default="outputs/v1")
    ap.add_argument("--db", default="data/ehr.duckdb")
    ap.add_argument("--n", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    d = Path(args.dataset)
    tasks = pl.concat([pl.read_parquet(d / "train.parquet"), pl.read_parquet(d / "test.parquet")])
    pairs = sorted(set(tasks["pair_id"].to_list()))
    sample = random.Random(args.seed).sample(pairs, min(args.n, len(pairs)))
    by_task = {r["task_id"]: r for r in tasks.filter(pl.col("pair_id").is_in(sample)).iter_rows(named=True)}
    aud = Auditor(args.db)
    answerable, disagree, probed = [], [], 0
    for pid in sample:
        why = aud.noise(by_task[f"{pid}-noise"])
        if why:
            answerable.append((f"{pid}-noise", by_task[f"{pid}-noise"]["family"], why))
        was_probed, problem = aud.clean(by_task[f"{pid}-clean"])
        probed += was_probed
        if problem:
            disagree.append((f"{pid}-clean", by_task[f"{pid}-clean"]["family"], problem))
    n = len(sample)
    print(f"pairs audited: {n} (seed {args.seed}) from {d}")
    print(f"Noise answerable under a reasonable reading: {len(answerable)}/{n} = {100 * len(answerable) / n:.1f}% "
          f"(target ≤ 1%)")
    for row in answerable:
        print("  ", *row)
    print(f"Clean with an out-of-tolerance alternative reading: {len(disagree)}/{n} = {100 * len(disagree) / n:.1f}% "
          f"(target ≤ 5%; {probed} Clean tasks had an alternative reading to test)")
    for row in disagree:
        print("  ", *row)
    print("task ids examined: " + " ".join(sorted(sample)))
    return int(len(answerable) / n > 0.01 or len(disagree) / n > 0.05)


if __name__ == "__main__":
    sys.exit(main())
