"""Patients, admissions and their conditions, transfers, ICU stays and services for one chunk of patients.

Everything downstream (labs, drugs, charting) reads the arrays of the Cohort built here, so the clinical story of an
admission is decided once: which conditions it has, whether it goes to the ICU, when, and whether the patient dies.
Times are int64 minutes since the epoch (shifted into the 2100s, one shift per patient).
"""

from dataclasses import dataclass

import numpy as np
import polars as pl

from pipeline.ehr.synth import catalog as cat
from pipeline.ehr.synth import codes
from pipeline.ehr.synth.util import (
    DAY_MIN,
    S,
    choice,
    choice_rows,
    expand,
    group_rank,
    pick,
    sort_perm,
    to_date,
    to_datetime,
    weighted,
    year_of_minutes,
    year_start_minutes,
)

# id blocks per chunk: ids are unique across the whole run because every chunk owns a disjoint block
HADM_PER_PATIENT = 8
TRANSFER_PER_PATIENT = 24
BASE_ICU_P = 0.033  # ICU probability of an admission before its conditions add theirs (keeps ~20% of admissions in the ICU)
TAIL_PRINCIPAL_P = 0.6  # share of admissions without a modelled acute condition whose principal is a long-tail code
CHRONIC = ("t2dm", "hypertension", "hyperlipidemia", "cad", "ckd", "depression", "gerd", "hypothyroidism", "obesity",
           "tobacco", "copd", "heart_failure", "afib", "cirrhosis", "anemia")


@dataclass
class Cohort:
    chunk: int
    # patients (n_p)
    subject_id: np.ndarray
    gender: np.ndarray  # 0 = F, 1 = M
    anchor_age: np.ndarray
    anchor_year: np.ndarray
    group: np.ndarray  # index into ANCHOR_YEAR_GROUPS
    dod: np.ndarray  # minutes, -1 = NULL
    weight_kg: np.ndarray
    height_cm: np.ndarray
    # admissions (n_a), sorted by subject then time
    a_pat: np.ndarray
    hadm_id: np.ndarray
    admit: np.ndarray
    disch: np.ndarray
    died: np.ndarray
    ed: np.ndarray
    edreg: np.ndarray
    icd_version: np.ndarray
    conds: np.ndarray  # (n_a, n_conditions) bool
    principal: np.ndarray  # condition index of the principal diagnosis; -1 = a long-tail principal (below)
    adm_type: np.ndarray  # index into ADMISSION_TYPES
    # ICU (at most one stay per admission)
    icu: np.ndarray
    vent: np.ndarray
    icu_in: np.ndarray
    icu_out: np.ndarray
    # stays (n_s)
    # ICU treatments decided once so every table tells the same story (per admission, False without ICU)
    shock: np.ndarray | None = None  # vasopressors
    cardiogenic: np.ndarray | None = None  # inotropes (dobutamine, milrinone, dopamine)
    nmb: np.ndarray | None = None  # neuromuscular blockade for severe hypoxaemia (ARDS) on the ventilator
    crrt: np.ndarray | None = None  # continuous renal replacement therapy
    icp: np.ndarray | None = None  # intracranial pressure monitoring
    dnr: np.ndarray | None = None  # code status DNR/DNI (or comfort measures): coded Z66, charted in the ICU
    arrest: np.ndarray | None = None  # cardiac arrest during the ICU stay (I469)
    septic_shock: np.ndarray | None = None  # sepsis with vasopressors (R6521)
    palliative: np.ndarray | None = None  # palliative-care encounter (Z515)
    art: np.ndarray | None = None  # arterial line in the ICU stay
    tail_principal10: np.ndarray | None = None  # ICD-10-CM principal of the long tail (object, None elsewhere)
    tail_principal9: np.ndarray | None = None  # its ICD-9-CM equivalent (CMS GEM)
    s_adm: np.ndarray | None = None
    stay_id: np.ndarray | None = None
    s_first_unit: np.ndarray | None = None
    s_last_unit: np.ndarray | None = None
    reason_class: np.ndarray | None = None  # index into REASON_CLASSES: why the admission happens
    adm_loc: np.ndarray | None = None  # index into ADMISSION_LOCATIONS
    icu_reason: np.ndarray | None = None  # index into ICU_UNIT_BY_REASON: which ICU takes the patient

    @property
    def n_patients(self) -> int:
        return len(self.subject_id)

    @property
    def n_adm(self) -> int:
        return len(self.hadm_id)

    def cond(self, name: str) -> np.ndarray:
        return self.conds[:, cat.COND_INDEX[name]]

    @property
    def a_subject(self) -> np.ndarray:
        return self.subject_id[self.a_pat]


def _lognormal_minutes(rng: np.random.Generator, median_min: float, sigma: float, n: int) -> np.ndarray:
    return np.exp(np.log(median_min) + sigma * rng.standard_normal(n))


def _prefix_class(codes10: np.ndarray, table: tuple[tuple[str, tuple[str, ...]], ...], default: str) -> np.ndarray:
    """The class of each ICD-10-CM code by its first matching prefix (None -> default), one lookup per distinct code."""
    keys = np.array(["" if x is None else x for x in codes10], dtype=object)
    uniq, inv = np.unique(keys.astype(str), return_inverse=True)
    cls = [next((name for name, prefixes in table if u and u.startswith(prefixes)), default) for u in uniq]
    return np.array(cls, dtype=object)[inv.reshape(-1)]


def _index_of(values: np.ndarray, names: list[str]) -> np.ndarray:
    uniq, inv = np.unique(values.astype(str), return_inverse=True)
    return np.array([names.index(u) for u in uniq], dtype=np.int64)[inv.reshape(-1)]


def _by_condition(principal: np.ndarray, mapping: dict[str, str], default: str) -> np.ndarray:
    per_cond = np.array([mapping.get(c.name, default) for c in cat.CONDITIONS], dtype=object)
    return per_cond[np.maximum(principal, 0)]


def build_cohort(rng: np.random.Generator, chunk: int, first_patient: int, n: int, chunk_patients: int) -> Cohort:
    """Draw the patients of one chunk and the skeleton of all their admissions."""
    subject_id = 10_000_000 + first_patient + np.arange(n, dtype=np.int64)
    gender = (rng.random(n) < 0.47).astype(np.int8)
    age = np.clip(np.round(rng.normal(58, 18, n)), 18, 100).astype(np.int64)
    group = choice(rng, cat.ANCHOR_YEAR_GROUPS, cat.ANCHOR_GROUP_P, n)
    anchor_year = rng.integers(2110, 2201, n)
    weight = np.clip(rng.normal(80, 18, n) + 8 * gender, 40, 180)
    height = np.clip(rng.normal(163, 7, n) + 13 * gender, 140, 205)

    # admissions: geometric count (mean ~1.5), first one during the anchor year, later ones after gaps
    n_adm = np.minimum(rng.geometric(0.67, n), HADM_PER_PATIENT)
    a_pat, a_pos = expand(n_adm)
    na = len(a_pat)
    # random ids from the chunk's block, as MIMIC-IV's are: an id must not reveal the order of a patient's admissions
    block = chunk * chunk_patients * HADM_PER_PATIENT
    hadm_id = 20_000_000 + block + rng.choice(chunk_patients * HADM_PER_PATIENT, na, replace=False).astype(np.int64)

    # conditions: chronic ones per patient (shared by all admissions), acute ones per admission
    nc = len(cat.CONDITIONS)
    old = (age[a_pat] >= 65)[:, None]
    prev = np.array([c.prevalence for c in cat.CONDITIONS])
    u_pat = rng.random((n, nc))[a_pat]
    u_adm = rng.random((na, nc))
    chronic_mask = np.array([c.name in CHRONIC for c in cat.CONDITIONS])
    u = np.where(chronic_mask[None, :], u_pat, u_adm)
    conds = u < prev[None, :] * np.where(old, 1.4, 0.7)
    # draws added after generator 1.1.0 come from a side stream, so a seed keeps its 1.1.0 skeleton (who is admitted
    # when, with which acute conditions, to which ICU): the families' cohorts do not reshuffle with each addition
    side = np.random.default_rng(rng.bit_generator.seed_seq.spawn(1)[0])
    # comorbidities cluster: a chronic child is the patient's (one draw per patient, so every admission agrees)
    rules = cat.CORRELATIONS + cat.CLUSTERS
    u_corr = side.random((n, len(rules)))[a_pat]
    for j, (parent, child, p) in enumerate(rules):
        pi, ci = cat.COND_INDEX[parent], cat.COND_INDEX[child]
        u_adm_j = rng.random(na) if j < len(cat.CORRELATIONS) else side.random(na)
        conds[:, ci] |= conds[:, pi] & ((u_corr[:, j] if child in CHRONIC else u_adm_j) < p)
    acute_idx = np.array([i for i, c in enumerate(cat.CONDITIONS) if c.acute])
    prio = np.array([cat.CONDITIONS[i].priority for i in acute_idx])
    has_acute = conds[:, acute_idx].any(axis=1)
    reason_w = np.array([cat.REASON_WEIGHTS_UNDER_65, cat.REASON_WEIGHTS_65_AND_OVER])
    reason = np.array([cat.COND_INDEX[r] for r in cat.REASON_CONDITIONS])[choice_rows(rng, reason_w, old[:, 0].astype(np.int64))]
    conds[np.flatnonzero(~has_acute), reason[~has_acute]] = True
    masked_prio = np.where(conds[:, acute_idx], prio[None, :], 10_000)
    principal = acute_idx[np.argmin(masked_prio, axis=1)]
    # most admissions without a modelled acute condition come for one of the code system's many other reasons
    tail = ~has_acute & (rng.random(na) < TAIL_PRINCIPAL_P)
    conds[np.flatnonzero(tail), reason[tail]] = False
    principal = np.where(tail, -1, principal)
    tail10 = np.full(na, None, dtype=object)
    male_a = gender[a_pat] == 1
    for male in (False, True):
        idx = np.flatnonzero(tail & (male_a == male))
        tail10[idx] = codes.principal_pool(male).draw(rng, len(idx))
    gem = codes.gem_10_to_9()
    tail9 = np.array([None if x is None else gem[x] for x in tail10], dtype=object)
    cardiac_surgery = principal == cat.COND_INDEX["cardiac_surgery"]
    for name, p in cat.CARDIAC_SURGERY_COMORBIDITY:
        conds[:, cat.COND_INDEX[name]] |= cardiac_surgery & (rng.random(na) < p)

    # why the admission happens decides how it arrives: admission type by reason class (catalog)
    reason = np.where(tail, _prefix_class(tail10, cat.TAIL_REASON_PREFIXES, "other"),
                      _by_condition(principal, cat.CONDITION_REASON_CLASS, "medical"))
    reason_idx = _index_of(reason, list(cat.REASON_CLASSES))
    adm_type = choice_rows(rng, np.array([cat.ADMISSION_TYPE_BY_REASON[r] for r in cat.REASON_CLASSES]), reason_idx)
    type_names = [t for t, _ in cat.ADMISSION_TYPES]
    ed_types = np.array([t in cat.ED_TYPES for t in type_names])
    ed = ed_types[adm_type]

    # ICU and ventilation
    icu_p = np.array([c.icu_p for c in cat.CONDITIONS])
    p_icu = 1 - (1 - BASE_ICU_P) * np.prod(np.where(conds, 1 - icu_p[None, :], 1.0), axis=1)
    icu = rng.random(na) < p_icu
    resp = conds[:, [cat.COND_INDEX["sepsis"], cat.COND_INDEX["pneumonia"], cat.COND_INDEX["stroke"]]].any(axis=1)
    vent = icu & (rng.random(na) < np.where(resp | cardiac_surgery, 0.6, 0.3))
    # the sicker urgent / direct-emergency admissions are transfers from another hospital (no ED visit here)
    severe = reason == "severe"
    transfer_in = (np.isin(adm_type, [type_names.index("URGENT"), type_names.index("DIRECT EMER.")])
                   & (severe | icu) & (rng.random(na) < cat.TRANSFER_IN_P))
    ed &= ~transfer_in
    routes = list(cat.ADMISSION_LOCATION_BY_ROUTE)
    planned_types = np.isin(adm_type, [type_names.index("SURGICAL SAME DAY ADMISSION"), type_names.index("ELECTIVE")])
    route = np.select([ed, transfer_in, planned_types, adm_type == type_names.index("DIRECT EMER.")],
                      [routes.index("ed"), routes.index("transfer"), routes.index("planned"),
                       routes.index("direct_emergency")], routes.index("direct_observation"))
    adm_loc = choice_rows(rng, np.array(list(cat.ADMISSION_LOCATION_BY_ROUTE.values())), route)
    # which ICU takes the patient, by the principal diagnosis
    icu_reasons = list(cat.ICU_UNIT_BY_REASON)
    tail_icu = _prefix_class(tail10, cat.TAIL_ICU_PREFIXES, "medical")
    tail_icu = np.where((tail_icu == "medical") & (reason == "planned"), "surgical", tail_icu)
    icu_reason = np.where(tail, tail_icu, _by_condition(principal, cat.CONDITION_ICU_REASON, "medical"))
    icu_reason = _index_of(icu_reason, icu_reasons)

    # ICU treatments and the events that make an admission severe, decided before length of stay and death so that
    # both follow them (SOFA-like: shock, ventilation, arrest)
    sepsis, cardiac = conds[:, cat.COND_INDEX["sepsis"]], conds[:, cat.COND_INDEX["mi"]] | conds[:, cat.COND_INDEX["heart_failure"]]
    u = side.random((na, 7))
    # after valve surgery: vasoplegia needing vasopressors, low output needing inotropes
    shock = icu & (u[:, 0] < np.where(sepsis, 0.6, np.where(cardiac_surgery, 0.4, np.where(cardiac, 0.25, 0.04))))
    cardiogenic = icu & (cardiac | cardiac_surgery) & (u[:, 1] < 0.3)
    nmb = vent & (sepsis | conds[:, cat.COND_INDEX["pneumonia"]]) & (u[:, 2] < 0.2)
    crrt = icu & conds[:, cat.COND_INDEX["aki"]] & (u[:, 3] < 0.3)
    icp = icu & conds[:, cat.COND_INDEX["stroke"]] & (u[:, 4] < 0.3)
    art = icu & (vent | (u[:, 5] < 0.35))  # arterial line: charted ABP and its procedure row agree
    arrest = icu & (u[:, 6] < 0.015 + 0.06 * conds[:, cat.COND_INDEX["mi"]] + 0.04 * shock)
    septic_shock = sepsis & shock

    # lengths of stay (minutes): longer when sicker
    sick_f = np.exp(0.25 * sepsis + 0.2 * (conds[:, acute_idx].sum(axis=1) > 1))
    icu_f = np.exp(0.45 * shock + 0.5 * vent + 0.3 * crrt)
    ward_los = np.clip(_lognormal_minutes(rng, 2.6 * DAY_MIN, 0.75, na) * sick_f, 240, 60 * DAY_MIN)
    pre_icu = np.where(rng.random(na) < 0.5, 0, np.clip(_lognormal_minutes(rng, 600, 0.8, na), 60, 3 * DAY_MIN))
    icu_los = np.clip(_lognormal_minutes(rng, 1.5 * DAY_MIN, 0.9, na) * icu_f, 0.5 * DAY_MIN, 40 * DAY_MIN)
    post_icu = np.clip(_lognormal_minutes(rng, 2.3 * DAY_MIN, 0.7, na) * sick_f, 180, 30 * DAY_MIN)

    # death (only on a patient's last admission) follows severity: septic shock ~35%, arrest ~50%, ventilation,
    # age; an ordinary ward admission ~1%
    is_last = np.r_[a_pat[1:] != a_pat[:-1], True]
    death_p = np.array([c.death_p for c in cat.CONDITIONS])
    p_die = (0.004 + 0.3 * (conds * death_p[None, :]).sum(axis=1) + 0.01 * icu + 0.06 * vent + 0.08 * (shock & ~sepsis)
             + 0.30 * septic_shock + 0.45 * arrest + 0.0005 * np.maximum(age[a_pat] - 60, 0))
    died = is_last & (rng.random(na) < np.minimum(p_die, 0.9))
    died_in_icu = died & icu & (rng.random(na) < 0.8)
    post_icu = np.where(died_in_icu, 0, post_icu)
    los = np.where(icu, pre_icu + icu_los + post_icu, ward_los).round().astype(np.int64)
    pre_icu = pre_icu.round().astype(np.int64)
    icu_los = icu_los.round().astype(np.int64)

    # admission timeline per patient
    base = year_start_minutes(anchor_year)[a_pat] + rng.integers(0, 330 * DAY_MIN, na)
    gaps = np.where(a_pos == 0, 0, rng.exponential(160 * DAY_MIN, na).astype(np.int64) + 2 * DAY_MIN)
    # cumulative: admit_k = base_0 + sum_{j<=k} gap_j + sum_{j<k} los_j  (within patient)
    first_idx = np.cumsum(n_adm) - n_adm
    step = gaps + np.r_[0, los[:-1]] * (a_pos > 0)
    cs = np.cumsum(step)
    admit = base[first_idx[a_pat]] + cs - cs[first_idx[a_pat]]
    disch = admit + los
    edreg = np.where(ed, admit - np.clip(_lognormal_minutes(rng, 300, 0.6, na), 30, 24 * 60).round().astype(np.int64), -1)
    icu_in = np.where(icu, admit + pre_icu, -1)
    icu_out = np.where(icu, np.where(died_in_icu, disch, icu_in + icu_los), -1)

    # ICD version by anchor_year_group (2014 - 2016 straddles the October 2015 switch)
    real_year = 2014 + rng.integers(0, 3, n)[a_pat] + (year_of_minutes(admit) - anchor_year[a_pat])
    doy = (admit - year_start_minutes(year_of_minutes(admit))) // DAY_MIN
    v_mixed = np.where((real_year > 2015) | ((real_year == 2015) & (doy >= 273)), 10, 9)
    g = group[a_pat]
    icd_version = np.where(g <= 1, 9, np.where(g >= 3, 10, v_mixed)).astype(np.int64)

    # dod: in-hospital death date, or an out-of-hospital death within a year of the last discharge
    last_adm = np.flatnonzero(is_last)
    dod = np.full(n, -1, dtype=np.int64)
    pat_died = died[last_adm]
    dod[a_pat[last_adm[pat_died]]] = disch[last_adm[pat_died]]
    # code status and palliative care follow the outcome: most deaths are coded DNR, many palliative; few survivors
    old_age = np.maximum(age[a_pat] - 60, 0)
    u = side.random((na, 2))
    dnr = (u[:, 0] < np.where(died, 0.6, 0.02 + 0.002 * old_age + 0.1 * icu))
    palliative = u[:, 1] < np.where(died, 0.45, 0.002 + 0.0003 * old_age)
    # after discharge, death follows the same severity (a palliative or DNR discharge, a septic shock) and comes
    # early: half of the deaths of the following year within ~2 months
    sev_last = 0.45 * palliative[last_adm] + 0.12 * dnr[last_adm] + 0.08 * septic_shock[last_adm]
    ooh = ~pat_died & (rng.random(len(last_adm)) < 0.04 + 0.002 * np.maximum(age - 60, 0) + sev_last)
    days = np.minimum(1 + np.floor(side.exponential(85, len(last_adm))), 364).astype(np.int64)
    dod[a_pat[last_adm[ooh]]] = disch[last_adm[ooh]] + days[ooh] * DAY_MIN

    anchor_age = np.where(age > 89, 91, age)
    cohort = Cohort(chunk, subject_id, gender, anchor_age, anchor_year, group, dod, weight, height, a_pat, hadm_id,
                  admit, disch, died, ed, edreg, icd_version, conds, principal, adm_type, icu, vent, icu_in, icu_out,
                  tail_principal10=tail10, tail_principal9=tail9)
    cohort.shock, cohort.cardiogenic, cohort.nmb, cohort.crrt, cohort.icp, cohort.dnr = shock, cardiogenic, nmb, crrt, icp, dnr
    cohort.arrest, cohort.septic_shock, cohort.palliative, cohort.art = arrest, septic_shock, palliative, art
    cohort.reason_class, cohort.adm_loc, cohort.icu_reason = reason_idx, adm_loc, icu_reason
    return cohort


# ------------------------------------------------------------------------------------------------ tables


def patients_frame(c: Cohort) -> pl.DataFrame:
    return pl.DataFrame({
        "subject_id": c.subject_id,
        "gender": pick(["F", "M"], c.gender),
        "anchor_age": c.anchor_age,
        "anchor_year": c.anchor_year,
        "anchor_year_group": pick(cat.ANCHOR_YEAR_GROUPS, c.group),
        "dod": to_date(np.where(c.dod < 0, 0, c.dod)),
    }).with_columns(pl.when(pl.Series(c.dod >= 0)).then(pl.col("dod")).otherwise(None).alias("dod"))


def admissions_frame(rng: np.random.Generator, c: Cohort, providers: np.ndarray) -> pl.DataFrame:
    na = c.n_adm
    dloc = weighted(rng, cat.DISCHARGE_LOCATIONS, na)
    # patient-level demographics repeated on each admission
    race = weighted(rng, cat.RACES, c.n_patients).gather(pl.Series(c.a_pat))
    language = weighted(rng, cat.LANGUAGES, c.n_patients).gather(pl.Series(c.a_pat))
    marital = weighted(rng, cat.MARITAL, c.n_patients).gather(pl.Series(c.a_pat))
    # payer by age at admission; under 65, chronic kidney disease (end-stage: dialysis) often has Medicare
    age_at_admit = c.anchor_age[c.a_pat] + year_of_minutes(c.admit) - c.anchor_year[c.a_pat]
    under_65 = age_at_admit < 65
    ins = choice_rows(rng, np.array([cat.INSURANCE_UNDER_65, cat.INSURANCE_65_AND_OVER]), (~under_65).astype(np.int64))
    esrd = under_65 & c.cond("ckd") & (rng.random(na) < cat.CKD_UNDER_65_MEDICARE_P)
    ins = np.where(esrd, 0, ins)
    died = pl.Series(c.died)
    ed = pl.Series(c.ed)
    return pl.DataFrame({
        "subject_id": c.a_subject,
        "hadm_id": c.hadm_id,
        "admittime": to_datetime(c.admit),
        "dischtime": to_datetime(c.disch),
        "deathtime": to_datetime(c.disch),
        "admission_type": pick([t for t, _ in cat.ADMISSION_TYPES], c.adm_type),
        "admit_provider_id": pick(list(providers), rng.integers(0, len(providers), na)),
        "admission_location": pick(cat.ADMISSION_LOCATIONS, c.adm_loc),
        "discharge_location": pl.select(pl.when(died).then(pl.lit("DIED")).otherwise(dloc)).to_series(),
        "insurance": pick([i for i, _ in cat.INSURANCE], ins),
        "language": language,
        "marital_status": marital,
        "race": race,
        "edregtime": to_datetime(np.where(c.ed, c.edreg, 0)),
        "edouttime": to_datetime(np.where(c.ed, c.admit, 0)),
        "hospital_expire_flag": c.died.astype(np.int16),
    }).with_columns(
        pl.when(died).then(pl.col("deathtime")).otherwise(None).alias("deathtime"),
        pl.when(ed).then(pl.col("edregtime")).otherwise(None).alias("edregtime"),
        pl.when(ed).then(pl.col("edouttime")).otherwise(None).alias("edouttime"),
    )


def transfers_and_stays(rng: np.random.Generator, c: Cohort, chunk_patients: int) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Transfers tiling each admission (ED -> admit -> transfer... -> discharge) and the ICU stays they imply."""
    na = c.n_adm
    icu_units = [u for u, _ in cat.ICU_UNITS]
    unit_a = choice_rows(rng, np.array(list(cat.ICU_UNIT_BY_REASON.values())), c.icu_reason)
    split_icu = c.icu & (rng.random(na) < 0.1) & (c.icu_out - c.icu_in > DAY_MIN)
    unit_b = (unit_a + 1 + rng.integers(0, len(icu_units) - 1, na)) % len(icu_units)
    icu_mid = np.where(split_icu, c.icu_in + (c.icu_out - c.icu_in) // 2, c.icu_out)
    wards = [u for u, _ in cat.WARD_UNITS]
    ww = [w for _, w in cat.WARD_UNITS]
    step_units = [u for u, _ in cat.STEPDOWN_UNITS]
    n_wards = np.where(c.icu, 0, 1 + (rng.random(na) < 0.6) + (rng.random(na) < 0.3))
    # ward split points for non-ICU admissions
    f1, f2 = np.sort(rng.uniform(0.15, 0.85, (2, na)), axis=0)
    los = c.disch - c.admit
    w1_end = np.where(n_wards >= 2, c.admit + (los * f1).astype(np.int64), c.disch)
    w2_end = np.where(n_wards >= 3, c.admit + (los * f2).astype(np.int64), c.disch)

    segs: list[tuple[np.ndarray, np.ndarray, np.ndarray, pl.Series, int]] = []  # mask, start, end, unit, slot

    def add(mask: np.ndarray, start: np.ndarray, end: np.ndarray, unit: pl.Series, slot: int) -> None:
        segs.append((mask, start, end, unit, slot))

    ward_a = pick(wards, choice(rng, wards, ww, na))
    ward_b = pick(wards, choice(rng, wards, ww, na))
    ward_c = pick(wards, choice(rng, wards, ww, na))
    step = pick(step_units, choice(rng, step_units, [w for _, w in cat.STEPDOWN_UNITS], na))
    icu_a_names = pick(icu_units, unit_a)
    icu_b_names = pick(icu_units, unit_b)
    ed_name = pl.Series([cat.ED_UNIT] * na)
    add(c.ed, c.edreg, c.admit, ed_name, 0)
    add(~c.icu, c.admit, w1_end, ward_a, 1)
    add(~c.icu & (n_wards >= 2), w1_end, w2_end, ward_b, 2)
    add(~c.icu & (n_wards >= 3), w2_end, c.disch, ward_c, 3)
    add(c.icu & (c.icu_in > c.admit), c.admit, c.icu_in, ward_a, 4)
    add(c.icu, c.icu_in, icu_mid, icu_a_names, 5)
    add(split_icu, icu_mid, c.icu_out, icu_b_names, 6)
    post = c.icu & (c.disch > c.icu_out)
    post_split = post & (rng.random(na) < 0.5) & (c.disch - c.icu_out > DAY_MIN)
    post_mid = np.where(post_split, c.icu_out + (c.disch - c.icu_out) // 2, c.disch)
    add(post, c.icu_out, post_mid, step, 7)
    add(post_split, post_mid, c.disch, ward_b, 8)

    adm_l, start_l, end_l, unit_l, slot_l = [], [], [], [], []
    for mask, start, end, unit, slot in segs:
        idx = np.flatnonzero(mask)
        adm_l.append(idx)
        start_l.append(start[idx])
        end_l.append(end[idx])
        unit_l.append(unit.gather(pl.Series(idx)))
        slot_l.append(np.full(len(idx), slot))
    adm = np.concatenate(adm_l)
    order = np.lexsort((np.concatenate(slot_l), adm))
    adm = adm[order]
    start = np.concatenate(start_l)[order]
    end = np.concatenate(end_l)[order]
    slot = np.concatenate(slot_l)[order]
    unit = pl.concat(unit_l).gather(pl.Series(order))
    # discharge rows go after each admission's segments
    adm_all = np.concatenate([adm, np.arange(na)])
    key_slot = np.concatenate([slot, np.full(na, 99)])
    order2 = np.lexsort((key_slot, adm_all))
    adm_all = adm_all[order2]
    start_all = np.concatenate([start, c.disch])[order2]
    end_all = np.concatenate([end, np.full(na, -1)])[order2]
    slot_all = key_slot[order2]
    unit_all = pl.concat([unit, pl.Series([None] * na, dtype=pl.String)]).gather(pl.Series(order2))
    is_disch = slot_all == 99
    is_ed = slot_all == 0
    # first non-ED segment of each admission is 'admit'
    non_ed_rank = np.zeros(len(adm_all), dtype=np.int64)
    ne = ~is_ed
    non_ed_rank[ne] = group_rank(adm_all[ne])
    eventtype = np.where(is_ed, 0, np.where(is_disch, 3, np.where(non_ed_rank == 1, 1, 2)))
    # ED-only visits (never admitted): an 'ED' row with NULL hadm_id, before the patient's first admission
    n_edv = rng.poisson(0.3, c.n_patients)
    v_pat, v_k = expand(n_edv)
    first_adm = np.searchsorted(c.a_pat, np.arange(c.n_patients))
    v_in = c.admit[first_adm[v_pat]] - (v_k + 1) * 45 * DAY_MIN - rng.integers(0, 30 * DAY_MIN, len(v_pat))
    v_out = v_in + rng.integers(120, 720, len(v_pat))
    nv = len(v_pat)
    pat = np.concatenate([c.a_pat[adm_all], v_pat])
    is_adm = np.concatenate([np.ones(len(adm_all), dtype=np.int64), np.zeros(nv, dtype=np.int64)])
    start_all = np.concatenate([start_all, v_in])
    order = sort_perm(pat, is_adm, np.where(is_adm == 1, np.arange(len(pat)), start_all))
    pat, is_adm, start_all = pat[order], is_adm[order], start_all[order]
    hadm = np.concatenate([c.hadm_id[adm_all], np.full(nv, -1)])[order]
    end_all = np.concatenate([end_all, v_out])[order]
    eventtype = np.concatenate([eventtype, np.zeros(nv, dtype=np.int64)])[order]
    unit_all = pl.concat([unit_all, pl.Series([cat.ED_UNIT] * nv, dtype=pl.String)]).gather(pl.Series(order))
    slot_all = np.concatenate([slot_all, np.full(nv, -1)])[order]
    adm_all = np.concatenate([adm_all, np.full(nv, -1)])[order]

    base = 30_000_000 + c.chunk * chunk_patients * TRANSFER_PER_PATIENT
    if len(pat) >= chunk_patients * TRANSFER_PER_PATIENT:
        raise ValueError("transfer id block exhausted; use a larger chunk_patients")
    transfer_id = base + np.arange(len(pat), dtype=np.int64)

    transfers = pl.DataFrame({
        "subject_id": c.subject_id[pat],
        "hadm_id": pl.Series(hadm).replace(-1, None),
        "transfer_id": transfer_id,
        "eventtype": pick(["ED", "admit", "transfer", "discharge"], eventtype),
        "careunit": unit_all,
        "intime": to_datetime(start_all),
        "outtime": to_datetime(np.where(end_all < 0, 0, end_all)),
    }).with_columns(pl.when(pl.Series(end_all < 0)).then(None).otherwise(pl.col("outtime")).alias("outtime"))

    # ICU stays: stay_id = transfer_id of the first ICU segment (slot 5)
    first_icu = slot_all == 5
    s_adm = adm_all[first_icu]
    c.s_adm = s_adm
    c.stay_id = transfer_id[first_icu]
    c.s_first_unit = unit_a[s_adm]
    c.s_last_unit = np.where(split_icu[s_adm], unit_b[s_adm], unit_a[s_adm])
    stays = pl.DataFrame({
        "subject_id": c.a_subject[s_adm],
        "hadm_id": c.hadm_id[s_adm],
        "stay_id": c.stay_id,
        "first_careunit": pick(icu_units, c.s_first_unit),
        "last_careunit": pick(icu_units, c.s_last_unit),
        "intime": to_datetime(c.icu_in[s_adm]),
        "outtime": to_datetime(c.icu_out[s_adm]),
        "los": (c.icu_out[s_adm] - c.icu_in[s_adm]) / DAY_MIN,
    })
    return transfers, stays


def services_frame(rng: np.random.Generator, c: Cohort) -> pl.DataFrame:
    na = c.n_adm
    services = [cat.CONDITIONS[i].service for i in range(len(cat.CONDITIONS))]
    tail_service = np.array(["MED" if x is None else ("TRAUM" if x[0] == "S" else "OMED" if x[0] == "C" else
                             "GU" if x.startswith(("N4", "N5")) else "GYN" if x.startswith(("N7", "N8", "N9")) else "MED")
                             for x in c.tail_principal10], dtype=object)
    first = S(np.where(c.principal >= 0, np.array(services, dtype=object)[np.maximum(c.principal, 0)], tail_service))
    second_mask = rng.random(na) < 0.12
    idx = np.flatnonzero(second_mask)
    fb = list(cat.SERVICE_BY_UNIT_FALLBACK)
    second = pick(fb, rng.integers(0, len(fb), len(idx)))
    second = pl.select(pl.when(second == first.gather(pl.Series(idx))).then(pl.lit("SURG")).otherwise(second)).to_series()
    second = pl.select(pl.when(second == first.gather(pl.Series(idx))).then(pl.lit("MED")).otherwise(second)).to_series()
    t2 = c.admit[idx] + ((c.disch[idx] - c.admit[idx]) * rng.uniform(0.2, 0.8, len(idx))).astype(np.int64)
    a = pl.DataFrame({"subject_id": c.a_subject, "hadm_id": c.hadm_id, "transfertime": to_datetime(c.admit),
                      "prev_service": pl.Series([None] * na, dtype=pl.String), "curr_service": first})
    b = pl.DataFrame({"subject_id": c.a_subject[idx], "hadm_id": c.hadm_id[idx], "transfertime": to_datetime(t2),
                      "prev_service": first.gather(pl.Series(idx)), "curr_service": second})
    return pl.concat([a, b]).sort("subject_id", "transfertime", maintain_order=True)
