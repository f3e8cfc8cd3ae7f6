"""The generator ties the strata of an admission to the patient, as MIMIC-IV does: admission type and location to
the reason for admission, the payer to age, the ICU to the diagnosis; and its hadm_ids do not reveal the order of a
patient's admissions. Runs the real cohort and table builders on 2,000 patients (about 3,000 admissions)."""

import numpy as np
import polars as pl
import pytest

from pipeline.ehr.synth import catalog as cat
from pipeline.ehr.synth import cohort


@pytest.fixture(scope="module")
def frames() -> tuple[cohort.Cohort, pl.DataFrame, pl.DataFrame]:
    c = cohort.build_cohort(np.random.default_rng([3, 0, 0]), 0, 0, 2000, 5000)
    _transfers, stays = cohort.transfers_and_stays(np.random.default_rng([3, 0, 1]), c, 5000)
    adm = cohort.admissions_frame(np.random.default_rng([3, 0, 2]), c, np.array(["P1", "P2"]))
    principal = pl.Series("principal", [cat.CONDITIONS[p].name if p >= 0 else "tail" for p in c.principal])
    tail10 = pl.Series("tail10", [x or "" for x in c.tail_principal10])
    age = c.anchor_age[c.a_pat] + adm["admittime"].dt.year().to_numpy() - c.anchor_year[c.a_pat]
    adm = adm.with_columns(principal, tail10, pl.Series("age", age))
    return c, adm, stays


def test_planned_admission_types_are_planned_procedures(frames) -> None:
    _c, adm, _stays = frames
    planned = adm.filter(pl.col("admission_type").is_in(["ELECTIVE", "SURGICAL SAME DAY ADMISSION"]))
    assert planned.height > 100
    # never for sepsis, infarction, stroke or GI bleeding, nor for a long-tail sepsis, infarction, stroke or injury
    assert planned.filter(pl.col("principal").is_in(["sepsis", "mi", "stroke", "gi_bleed"])).height == 0
    assert planned.filter(pl.col("tail10").str.contains(r"^(A41|I21|I63|S|T)")).height == 0
    # the modelled surgical reasons are nearly always planned
    surgical = adm.filter(pl.col("principal").is_in(["knee_replacement", "cholecystitis", "cardiac_surgery"]))
    share = surgical["admission_type"].is_in(["ELECTIVE", "SURGICAL SAME DAY ADMISSION"]).mean()
    assert share > 0.8
    # and their locations are referrals and procedure sites, never the emergency room or another hospital
    assert set(planned["admission_location"]) <= {"PHYSICIAN REFERRAL", "CLINIC REFERRAL", "PROCEDURE SITE", "PACU",
                                                  "AMBULATORY SURGERY TRANSFER"}


def test_locations_follow_the_route_in(frames) -> None:
    c, adm, _stays = frames
    ed = adm["edregtime"].is_not_null()
    assert (adm.filter(ed)["admission_location"] == "EMERGENCY ROOM").all()
    assert not (adm.filter(~ed)["admission_location"] == "EMERGENCY ROOM").any()
    transferred = adm.filter(pl.col("admission_location") == "TRANSFER FROM HOSPITAL")
    assert transferred.height > 20
    assert set(transferred["admission_type"]) <= {"URGENT", "DIRECT EMER."}
    # the sicker: a severe reason or an ICU stay
    sick = (c.reason_class == cat.REASON_CLASSES.index("severe")) | c.icu
    assert sick[(adm["admission_location"] == "TRANSFER FROM HOSPITAL").to_numpy()].all()


def test_insurance_follows_age(frames) -> None:
    _c, adm, _stays = frames
    old = adm.filter(pl.col("age") >= 65)
    young = adm.filter(pl.col("age") < 65)
    assert (old["insurance"] == "Medicare").mean() > 0.88
    assert (young["insurance"] == "Medicare").mean() < 0.2
    assert (young["insurance"].is_in(["Private", "Medicaid"])).mean() > 0.7
    # overall still close to MIMIC-IV's payer mix (Medicare about 4 in 10)
    assert 0.3 < (adm["insurance"] == "Medicare").mean() < 0.6


def test_icu_unit_follows_the_diagnosis(frames) -> None:
    c, adm, stays = frames
    by_adm = pl.DataFrame({"hadm_id": c.hadm_id, "principal": adm["principal"], "tail10": adm["tail10"]})
    s = stays.join(by_adm, on="hadm_id")
    unit = {u: s.filter(pl.col("first_careunit") == u) for u in set(s["first_careunit"])}
    cvicu = unit["Cardiac Vascular Intensive Care Unit (CVICU)"]
    assert (cvicu["principal"].is_in(["cardiac_surgery", "mi", "heart_failure"])
            | cvicu["tail10"].str.contains(r"^I(2[125]|3[45]|50)")).all()
    assert (cvicu["principal"] == "cardiac_surgery").mean() > 0.6
    neuro = unit["Neuro Surgical Intensive Care Unit (Neuro SICU)"]
    assert ((neuro["principal"] == "stroke") | neuro["tail10"].str.contains(r"^(I6[0-3]|S06|G)")).all()
    ccu = unit["Coronary Care Unit (CCU)"]
    assert ccu["principal"].is_in(["mi", "heart_failure", "afib", "chest_pain", "tail"]).all()
    micu = unit["Medical Intensive Care Unit (MICU)"]
    assert micu.filter(pl.col("principal") == "cardiac_surgery").height == 0
    # sepsis is a medical ICU's patient
    sepsis = s.filter(pl.col("principal") == "sepsis")["first_careunit"]
    assert sepsis.is_in(["Medical Intensive Care Unit (MICU)", "Medical/Surgical Intensive Care Unit (MICU/SICU)",
                         "Surgical Intensive Care Unit (SICU)"]).all()


def test_hadm_ids_do_not_follow_admission_time(frames) -> None:
    c, _adm, _stays = frames
    assert len(np.unique(c.hadm_id)) == c.n_adm
    assert (c.hadm_id >= 20_000_000).all() and (c.hadm_id < 20_000_000 + 5000 * cohort.HADM_PER_PATIENT).all()
    # consecutive admissions of one patient (the arrays are in subject, time order): ids rise about half the time
    same = c.a_pat[1:] == c.a_pat[:-1]
    rising = (np.diff(c.hadm_id) > 0)[same]
    assert same.sum() > 500 and 0.35 < rising.mean() < 0.65
