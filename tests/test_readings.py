"""Reasonable readings (contracts/FORMAT.md "Readings"): a Noise twin ships only when every reading finds no answer,
a Clean task only when its `agree` readings give the same answer; rejections name the reading. Uses a copy of the
engine test family with a deliberately broad reading, on the tiny synthetic EHR."""

import json
import shutil
from collections import Counter
from pathlib import Path

import polars as pl
import pytest

from pipeline.construction.layouts import CONTRACTS
from pipeline.construction.noise.inject import inject_family
from pipeline.construction.quality.measures import reading_report
from pipeline.construction.requests.binding import bind_family
from pipeline.construction.requests.family import AnswerSpec, load_family_file
from pipeline.construction.sqlexec import SetRunner
from pipeline.construction.verification.verify import (
    answers_agree,
    contract_row,
    verify_per_contract,
    verify_set,
)
from pipeline.ehr.database import connect

DATA = Path(__file__).parent / "data" / "families"

# "the first lab of any kind in the admission": answers wherever the admission had any lab, so it disagrees with
# most Clean answers and makes every unmeasured-lab Noise twin answerable
ANY_LAB = """SELECT r.valuenum, r.valueuom
FROM (
    SELECT l.valuenum, l.valueuom, RANK() OVER (ORDER BY l.charttime, l.itemid, l.valuenum) AS rk
    FROM mimiciv_hosp.labevents l
    WHERE l.hadm_id = {{hadm_id}} AND l.valuenum IS NOT NULL
) r
WHERE r.rk = 1
"""
# the same lab by itemid, spelled differently: a reading that always agrees
SAME_LAB = """SELECT l.valuenum, l.valueuom FROM mimiciv_hosp.labevents l
WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
  AND l.charttime = (SELECT MIN(x.charttime) FROM mimiciv_hosp.labevents x
                     WHERE x.hadm_id = {{hadm_id}} AND x.itemid = {{itemid}} AND x.valuenum IS NOT NULL)
"""
UNMEASURED = """SELECT d.itemid, d.label AS lab_label FROM mimiciv_hosp.d_labitems d
WHERE d.itemid <> {{itemid}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l WHERE l.hadm_id = {{hadm_id}} AND l.itemid = d.itemid)
"""


@pytest.fixture(scope="module")
def db(tiny_duckdb_url):
    with connect(tiny_duckdb_url) as d:
        yield d


def _family(tmp_path: Path, clean_mode: str):
    sql = tmp_path / "sql"
    shutil.copytree(DATA / "sql", sql)
    (sql / "labs" / "reading_any_lab.sql").write_text(ANY_LAB)
    (sql / "labs" / "reading_same_lab.sql").write_text(SAME_LAB)
    (sql / "labs" / "noise_unmeasured_lab.sql").write_text(UNMEASURED)  # any dictionary lab, so twins exist
    path = tmp_path / "contracts" / "labs" / "first_value_in_admission.yaml"
    path.parent.mkdir(parents=True)
    text = (DATA / "contracts" / "labs" / "first_value_in_admission.yaml").read_text()
    text = text.replace("questions:", "readings:\n  - name: same_lab_by_min_time\n    sql: labs/reading_same_lab.sql\n"
                        f"  - name: any_lab\n    sql: labs/reading_any_lab.sql\n    clean: {clean_mode}\nquestions:", 1)
    path.write_text(text)
    fam, errs = load_family_file(path, sql)
    assert not errs, [str(e) for e in errs]
    return fam


def test_clean_needs_agreeing_readings(tmp_path, db):
    fam = _family(tmp_path, "agree")
    bound = bind_family(db, fam, seed=0, cap=200).sampled
    runner = SetRunner(db, chunk_size=13)
    out = verify_set(runner, fam, bound)
    assert [(v.reason, v.detail, v.readings) for v in out] == [
        (v.reason, v.detail, v.readings) for v in verify_per_contract(runner, fam, bound)]
    disagree = [v for v in out if v.reason == "reading_disagrees"]
    assert disagree and all(v.detail.startswith("any_lab: ") for v in disagree)
    kept = [v for v in out if v.accepted]
    assert kept and all(v.readings == ["reference", "same_lab_by_min_time", "any_lab"] for v in kept)


def test_noise_must_fail_every_reading(tmp_path, db):
    fam = _family(tmp_path, "noise_only")
    bound = bind_family(db, fam, seed=0, cap=40).sampled
    runner = SetRunner(db, chunk_size=13)
    clean = [v for v in verify_set(runner, fam, bound) if v.accepted]
    assert len(clean) == len([v for v in verify_set(runner, fam, bound) if v.reason is None]) > 10
    assert all(v.readings == ["reference", "same_lab_by_min_time"] for v in clean)  # noise_only: pinned for Clean
    ids = [f"c{i}" for i in range(len(clean))]
    plain = _family(tmp_path / "plain", "agree")
    plain.spec.readings = plain.spec.readings[:1]
    twins = inject_family(runner, plain, [v.slots for v in clean], ids, seed=0)
    made = [i for i, o in enumerate(twins) if o.twins]
    assert made and all(twins[i].twins["record"].readings == ["reference", "same_lab_by_min_time"]
                        and twins[i].twins["record"].kind == "content" for i in made)
    outcomes = inject_family(runner, fam, [v.slots for v in clean], ids, seed=0)
    assert not any(o.twins for o in outcomes)
    assert {outcomes[i].failures["record"] for i in made} == {"reading_answerable:any_lab"}


def test_answers_agree_within_tolerance():
    num = AnswerSpec(type="number", tolerance=0.1)
    assert answers_agree(num, 1.0, 1.05) and not answers_agree(num, 1.0, 1.2)
    unit = AnswerSpec(type="number_with_unit", tolerance=0.01, columns=["v", "u"])
    assert answers_agree(unit, {"value": 4.1, "unit": "mEq/L"}, {"value": 4.1, "unit": "meq/l"})
    assert not answers_agree(unit, {"value": 4.1, "unit": "mEq/L"}, {"value": 4.1, "unit": "mmol/L"})
    day = AnswerSpec(type="datetime", precision="day")
    assert answers_agree(day, "2150-01-01 10:00:00", "2150-01-01 23:00:00")
    assert json.dumps(answers_agree(AnswerSpec(type="string"), "Female", "female")) == "true"


def test_a_reading_that_changes_nothing_is_reported(tmp_path, db):
    """`same_lab_by_min_time` restates the reference (it never moves a Clean answer nor answers a Noise twin), so
    the readings measure names it as checking nothing; `any_lab` moves Clean answers and answers Noise twins."""
    fam = _family(tmp_path, "agree")
    runner = SetRunner(db, chunk_size=13)
    verified = verify_set(runner, fam, bind_family(db, fam, seed=0, cap=200).sampled)
    assert {n for v in verified for n in v.reading_effects} == {"any_lab"}
    contracts = pl.DataFrame([contract_row(fam, v) for v in verified], schema=CONTRACTS.schema())
    noisy = _family(tmp_path / "noisy", "noise_only")
    clean = [v.slots for v in verify_set(runner, noisy, bind_family(db, noisy, seed=0, cap=40).sampled) if v.accepted]
    outcomes = inject_family(runner, noisy, clean, [f"c{i}" for i in range(len(clean))], seed=0)
    hits = Counter()
    for o in outcomes:
        hits.update(o.reading_hits)
    assert hits["any_lab"] > 0 and hits["same_lab_by_min_time"] == 0
    pairs = pl.DataFrame({"family": [fam.id] * len(outcomes),
                          "reading_hits": [json.dumps(dict(o.reading_hits)) for o in outcomes]})
    rep = reading_report([fam.spec.model_dump(mode="json")], contracts, pairs)
    reached = contracts.filter((pl.col("status") == "accepted") | (pl.col("reason") == "reading_disagrees")).height
    assert rep["by_family"][fam.id]["same_lab_by_min_time"] == {"contracts": reached, "clean_changed": 0,
                                                                "noise_answered": 0}
    assert rep["by_family"][fam.id]["any_lab"]["clean_changed"] > 0
    assert rep["by_family"][fam.id]["any_lab"]["noise_answered"] == hits["any_lab"]
    assert len(rep["problems"]) == 1 and "'same_lab_by_min_time'" in rep["problems"][0]


def _swap_family(tmp_path: Path, swap: str) -> tuple:
    """The project's next-admission-cost family, its broad_group reading declared as `swap`."""
    root = Path(__file__).resolve().parents[1]
    path = tmp_path / "contracts" / "cost" / "next_admission_cost_after_first_group.yaml"
    path.parent.mkdir(parents=True)
    text = (root / "contracts" / "cost" / "next_admission_cost_after_first_group.yaml").read_text()
    before = "    swap: {fragments/dx_group_codes.sql: fragments/dx_group_codes_broad.sql}\n"
    assert before in text
    path.write_text(text.replace(before, swap))
    return load_family_file(path, root / "sql" / "families")


def test_a_swap_reading_is_the_reference_with_its_fragment_swapped(tmp_path):
    """A reading that differs from the reference only in a fragment is declared as the swap, not as a copy of the
    reference: seven such copies had been kept in step by hand."""
    fam, errs = _swap_family(tmp_path, "    swap: {fragments/dx_group_codes.sql: fragments/dx_group_codes_broad.sql}\n")
    assert not errs, [str(e) for e in errs]
    reading = fam.spec.readings[0]
    text, ref = fam.text(reading.key), fam.text(fam.spec.reference)
    codes_end = "), ranked AS ("  # the code set is the first CTE; everything after it is the reference's
    assert text != ref and text.split(codes_end)[0] != ref.split(codes_end)[0]
    assert len(ref.split(codes_end)) == 2 and text.split(codes_end)[1:] == ref.split(codes_end)[1:]

    _, errs = _swap_family(tmp_path / "missing", "    swap: {fragments/lab_label.sql: fragments/dx_group_codes_broad.sql}\n")
    assert any("fragments/lab_label.sql, which the reference does not include" in str(e) for e in errs)
    _, errs = _swap_family(tmp_path / "both", "    sql: cost/next_admission_cost_after_first_group.ref.sql\n"
                           "    swap: {fragments/dx_group_codes.sql: fragments/dx_group_codes_broad.sql}\n")
    assert any("exactly one of sql" in str(e) for e in errs)
    _, errs = _swap_family(tmp_path / "same", "    swap: {fragments/dx_group_codes.sql: fragments/dx_group_codes.sql}\n")
    assert any("must differ from the reference" in str(e) for e in errs)
