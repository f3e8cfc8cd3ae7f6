"""Ties at an extreme (issue 20, item 5): the seven family references that once broke a tie by an id now reject
the binding or leave the tied admission out, never pick one of two tied rows silently.

Each test takes a copy of the tiny EHR, verifies a Clean binding through the engine's own per-contract path, writes
one tie into the copy (a second admission, ICU stay or potassium result at the same time, with a different value)
and verifies the same binding again.
"""

import shutil
from pathlib import Path

import duckdb
import pytest

ROOT = Path(__file__).resolve().parents[1]

HTN = {"dx_group": "essential hypertension"}  # ICD-9 401, ICD-10 I10 (fragments/dx_group_code_rows.sql)


def group_adm(group: str) -> str:
    """The admissions coded with a diagnosis group, by its reference code set (fragments/dx_group_prefixes.sql)."""
    from pipeline.construction.requests.family import expand_includes

    codes = expand_includes("-- include: fragments/dx_group_prefixes.sql\n", ROOT / "sql" / "families")
    return (f"SELECT DISTINCT d.hadm_id FROM mimiciv_hosp.diagnoses_icd d JOIN ({codes}) gc ON gc.dx_group = "
            f"'{group}' AND gc.icd_version = d.icd_version AND d.icd_code LIKE gc.prefix || '%'")


GROUP_ADM = group_adm(HTN["dx_group"])


@pytest.fixture(scope="module")
def families():
    from pipeline.construction.requests.family import load_families

    return {f.id: f for f in load_families(ROOT / "contracts", ROOT / "sql" / "families", display_base=ROOT)}


@pytest.fixture
def ehr(tiny_duckdb_url, tmp_path) -> Path:
    """A writable copy of the tiny EHR."""
    path = tmp_path / "ehr.duckdb"
    shutil.copy(tiny_duckdb_url[len("duckdb:///"):], path)
    return path


def _verify(path: Path, family, slots: dict):
    from pipeline.construction.sqlexec import SetRunner
    from pipeline.construction.verification.verify import verify_per_contract
    from pipeline.ehr.database import connect

    with connect(f"duckdb:///{path}") as db:
        return verify_per_contract(SetRunner(db, chunk_size=4, adaptive=False), family, [slots])[0]


def _first_accepted(path: Path, family):
    from pipeline.construction.requests.binding import bind_family
    from pipeline.ehr.database import connect

    with connect(f"duckdb:///{path}") as db:
        bound = bind_family(db, family, seed=0, cap=20).sampled
    for slots in bound:
        v = _verify(path, family, slots)
        if v.accepted:
            return slots, v
    pytest.fail(f"{family.id}: no accepted binding on the tiny EHR")


def _scalar(con, sql: str, *params):
    return con.execute(sql, list(params)).fetchone()[0]


def _copy_admission(con, hadm_id: int, *, diagnoses: bool = False, cost_factor: float | None = None) -> int:
    """A second admission of the same patient at the same admittime (a new hadm_id)."""
    new = _scalar(con, "SELECT MAX(hadm_id) + 1 FROM mimiciv_hosp.admissions")
    con.execute("INSERT INTO mimiciv_hosp.admissions SELECT * REPLACE (? AS hadm_id) FROM mimiciv_hosp.admissions "
                "WHERE hadm_id = ?", [new, hadm_id])
    if diagnoses:
        con.execute("INSERT INTO mimiciv_hosp.diagnoses_icd SELECT * REPLACE (? AS hadm_id) "
                    "FROM mimiciv_hosp.diagnoses_icd WHERE hadm_id = ?", [new, hadm_id])
    if cost_factor is not None:
        con.execute("INSERT INTO mimiciv_derived.cost SELECT * REPLACE (? AS hadm_id, cost * ? AS cost) "
                    "FROM mimiciv_derived.cost WHERE hadm_id = ?", [new, cost_factor, hadm_id])
    return new


def _copy_first_stay(con, hadm_id: int) -> None:
    """A second ICU stay of the admission at its first intime, charted and given twice as much."""
    stay = _scalar(con, "SELECT stay_id FROM mimiciv_icu.icustays WHERE hadm_id = ? ORDER BY intime, stay_id LIMIT 1",
                   hadm_id)
    new = _scalar(con, "SELECT MAX(stay_id) + 1 FROM mimiciv_icu.icustays")
    con.execute("INSERT INTO mimiciv_icu.icustays SELECT * REPLACE (? AS stay_id) FROM mimiciv_icu.icustays "
                "WHERE stay_id = ?", [new, stay])
    con.execute("INSERT INTO mimiciv_icu.inputevents SELECT * REPLACE (? AS stay_id, orderid + 100000000 AS orderid, amount * 2 AS amount) "
                "FROM mimiciv_icu.inputevents WHERE stay_id = ?", [new, stay])
    con.execute("INSERT INTO mimiciv_icu.chartevents SELECT * REPLACE (? AS stay_id, valuenum * 0.5 AS valuenum) "
                "FROM mimiciv_icu.chartevents WHERE stay_id = ?", [new, stay])


def test_index_admission_tied_with_another_rejects_days_to_next(ehr, families):
    fam = families["demographics.days_to_next_admission_after_first_group"]
    slots, before = _first_accepted(ehr, fam)
    with duckdb.connect(str(ehr)) as con:
        index = _scalar(con, "SELECT hadm_id FROM mimiciv_hosp.admissions WHERE subject_id = ? AND "
                        "CAST(admittime AS DATE) = CAST(? AS DATE) ORDER BY hadm_id LIMIT 1",
                        slots["subject_id"], slots["admit_date"])
        _copy_admission(con, index)
    after = _verify(ehr, fam, slots)
    # once: LEAD by (admittime, hadm_id) named the copy the "next" admission and answered a negative interval
    assert not after.accepted, (before.answer, after.answer)


def test_next_admission_tied_with_another_rejects_next_cost(ehr, families):
    fam = families["cost.next_admission_cost_after_first_group"]
    slots, before = _first_accepted(ehr, fam)
    with duckdb.connect(str(ehr)) as con:
        adms = con.execute("SELECT hadm_id, CAST(admittime AS DATE) FROM mimiciv_hosp.admissions WHERE subject_id = ? "
                           "ORDER BY admittime, hadm_id", [slots["subject_id"]]).fetchall()
        i = next(k for k, (_, d) in enumerate(adms) if str(d) == str(slots["admit_date"]))
        _copy_admission(con, adms[i + 1][0], cost_factor=2.0)
    after = _verify(ehr, fam, slots)
    # once: LEAD by (admittime, hadm_id) picked the lower hadm_id of the two next admissions and kept its cost
    assert not after.accepted, (before.answer, after.answer)


def test_first_icu_stay_tied_rejects_first_day_input(ehr, families):
    fam = families["medications.first_icu_day_input_in_first_group_admission"]
    slots, before = _first_accepted(ehr, fam)
    with duckdb.connect(str(ehr)) as con:
        index = _scalar(con, "SELECT a.hadm_id FROM mimiciv_hosp.admissions a JOIN mimiciv_icu.icustays s "
                        "ON s.hadm_id = a.hadm_id WHERE a.subject_id = ? AND CAST(a.admittime AS DATE) = "
                        "CAST(? AS DATE) ORDER BY a.hadm_id LIMIT 1", slots["subject_id"], slots["admit_date"])
        _copy_first_stay(con, index)
    after = _verify(ehr, fam, slots)
    assert not after.accepted, (before.answer, after.answer)


def test_tied_first_potassium_is_left_out_of_the_mean(ehr, families):
    fam = families["labs.pop_mean_admission_potassium_by_group_insurance"]
    slots, before = _first_accepted(ehr, fam)
    first_k = (f"WITH k AS (SELECT l.hadm_id, l.charttime, l.valuenum, l.labevent_id FROM mimiciv_hosp.labevents l "
               f"JOIN mimiciv_hosp.d_labitems li ON li.itemid = l.itemid JOIN mimiciv_hosp.admissions a ON "
               f"a.hadm_id = l.hadm_id WHERE li.label = 'Potassium' AND li.fluid = 'Blood' AND l.valuenum IS NOT "
               f"NULL AND a.insurance = ? AND l.hadm_id IN (SELECT hadm_id FROM ({group_adm(slots['dx_group'])}) g)) "
               f"SELECT hadm_id, arg_min(valuenum, (charttime, labevent_id)), arg_min(labevent_id, "
               f"(charttime, labevent_id)) FROM k GROUP BY hadm_id ORDER BY hadm_id")
    with duckdb.connect(str(ehr)) as con:
        rows = con.execute(first_k, [slots["insurance"]]).fetchall()
        assert len(rows) >= 3
        hadm, value, labevent = rows[0]
        new = _scalar(con, "SELECT MAX(labevent_id) + 1 FROM mimiciv_hosp.labevents")
        con.execute("INSERT INTO mimiciv_hosp.labevents SELECT * REPLACE (? AS labevent_id, valuenum + 1.5 AS "
                    "valuenum) FROM mimiciv_hosp.labevents WHERE labevent_id = ?", [new, labevent])
    others = [float(v) for _, v, _ in rows[1:]]
    assert before.answer == pytest.approx(round((sum(others) + float(value)) / len(rows), 3), abs=1e-3)
    after = _verify(ehr, fam, slots)
    # once: ROW_NUMBER by (charttime, labevent_id) kept the older of the two tied results: the mean did not move
    assert after.accepted, after.reason
    assert after.answer == pytest.approx(round(sum(others) / len(others), 3), abs=1e-3)


def _cohort_test(ehr, family, slots: dict, tie, leave) -> None:
    """The question names the cohort by its criteria only (no stated size), so a tie is judged by the answer: after
    `tie` the answer is the one of an EHR where the tied admission has simply left the cohort (`leave`)."""
    before = _verify(ehr, family, slots)
    assert before.accepted, (before.reason, before.detail, before.conditions)
    gone = ehr.with_name("left.duckdb")
    shutil.copy(ehr, gone)
    with duckdb.connect(str(ehr)) as con:
        tie(con)
    with duckdb.connect(str(gone)) as con:
        leave(con)
    after, expected = _verify(ehr, family, slots), _verify(gone, family, slots)
    # once: ROW_NUMBER by (time, id) kept the lower id of the tied pair, and the binding kept its answer
    assert after.accepted and expected.accepted, (after.reason, expected.reason)
    assert after.answer == expected.answer != before.answer, (before.answer, after.answer, expected.answer)


def test_tied_index_admission_leaves_the_readmission_cohort(ehr, families):
    fam = families["demographics.pop_readmission_30d_by_group_insurance"]
    with duckdb.connect(str(ehr)) as con:
        index = con.execute(
            f"SELECT a.hadm_id, a.insurance, a.hospital_expire_flag FROM mimiciv_hosp.admissions a "
            f"JOIN ({GROUP_ADM}) g ON g.hadm_id = a.hadm_id QUALIFY ROW_NUMBER() OVER (PARTITION BY a.subject_id "
            f"ORDER BY a.admittime, a.hadm_id) = 1").fetchall()
    alive = [(h, ins) for h, ins, dead in index if dead == 0 and ins is not None]
    insurance = max({ins for _, ins in alive}, key=lambda x: sum(i == x for _, i in alive))
    cohort = sorted(h for h, ins in alive if ins == insurance)
    assert len(cohort) >= 3
    slots = {**HTN, "insurance": insurance}
    leave = ("DELETE FROM mimiciv_hosp.diagnoses_icd WHERE hadm_id IN (SELECT hadm_id FROM mimiciv_hosp.admissions "
             "WHERE subject_id = (SELECT subject_id FROM mimiciv_hosp.admissions WHERE hadm_id = ?))")
    _cohort_test(ehr, fam, slots, lambda con: _copy_admission(con, cohort[0], diagnoses=True),
                 lambda con: con.execute(leave, [cohort[0]]))


@pytest.mark.parametrize("family_id, stratum", [
    ("vitals.pop_mean_first_icu_day_peak_hr_by_group_type", "admission_type"),
    ("vitals.pop_mean_first_icu_day_lowest_map_by_group_insurance", "insurance"),
])
def test_tied_first_icu_stay_leaves_the_first_day_vital_cohort(ehr, families, family_id, stratum):
    with duckdb.connect(str(ehr)) as con:
        rows = con.execute(f"SELECT a.hadm_id, a.{stratum} FROM mimiciv_hosp.admissions a JOIN ({GROUP_ADM}) g "
                           f"ON g.hadm_id = a.hadm_id WHERE a.hadm_id IN (SELECT hadm_id FROM mimiciv_icu.icustays) "
                           f"AND a.{stratum} IS NOT NULL").fetchall()
    value = max({v for _, v in rows}, key=lambda x: sum(v == x for _, v in rows))
    cohort = sorted(h for h, v in rows if v == value)
    assert len(cohort) >= 3
    slots = {**HTN, stratum: value}
    _cohort_test(ehr, families[family_id], slots, lambda con: _copy_first_stay(con, cohort[0]),
                 lambda con: con.execute("DELETE FROM mimiciv_icu.icustays WHERE hadm_id = ?", [cohort[0]]))
