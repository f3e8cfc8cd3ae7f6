"""The population-by-diagnosis families' matched twins (sql/families/fragments/cross_pairs.sql, cross_twins.sql), on
the tiny EHR: the binding carries each Clean cell's partners, every twin its noise candidates read from them names a
cohort that is empty (the condition it breaks is false, the others hold), and where the partners are matched among the
Clean cells no Clean diagnosis or stratum is swapped in by more twins than Clean cells have it (each cell lends once)."""

from collections import Counter
from pathlib import Path

import pytest

from pipeline.construction.requests.family import load_families

ROOT = Path(__file__).resolve().parents[1]
FAMILIES = {f.id: f for f in load_families(ROOT / "contracts", ROOT / "sql" / "families", display_base=ROOT)
            if "twin_dx" in f.spec.slots}
TWIN_SLOTS = ("twin_dx", "twin_stratum", "twin_near_dx")
# the slot holding each family's stratum key, and the twin slots whose partners are matched among the Clean cells only
# (the others among all the family's cells: every twin_dx, and where the Clean cells alone gave too few twins)
STRATUM = {"diagnoses.pop_mortality_by_dx_age": "age_lo", "demographics.pop_mortality_by_dx_location": "admission_location",
           "labs.pop_mean_by_diagnosis": "itemid", "demographics.pop_mean_age_by_dx_insurance": "insurance",
           "cost.pop_mean_cost_by_dx_type": "admission_type", "vitals.pop_mean_by_dx_careunit": "careunit",
           "cost.pop_mean_lab_charges_by_dx": "itemid", "medications.pop_age_by_dx_drug": "drug",
           "diagnoses.pop_median_los_by_proc_type": "admission_type"}
AMONG_CLEAN = {f: ("twin_stratum", "twin_near_dx") for f in STRATUM}
AMONG_CLEAN["diagnoses.pop_mortality_by_dx_age"] = ("twin_near_dx",)
AMONG_CLEAN["diagnoses.pop_median_los_by_proc_type"] = ("twin_stratum",)
AMONG_CLEAN["demographics.pop_mortality_by_dx_location"] = ("twin_stratum",)
AMONG_CLEAN["demographics.pop_mean_age_by_dx_insurance"] = ()


def test_the_matched_families_are_the_population_by_diagnosis_ones():
    assert len(FAMILIES) == 9, sorted(FAMILIES)


@pytest.mark.parametrize("family_id", sorted(FAMILIES))
def test_matched_twins_name_empty_cohorts_at_the_clean_rate(family_id: str, tiny_duckdb_url: str) -> None:
    from pipeline.construction.requests.binding import bind_family
    from pipeline.construction.sqlexec import BID, SetRunner
    from pipeline.construction.verification.verify import _conditions
    from pipeline.ehr.database import connect

    fam = FAMILIES[family_id]
    kinds = fam.slot_kinds
    with connect(tiny_duckdb_url) as db:
        bound = bind_family(db, fam, seed=0, cap=100_000).sampled
        if not bound:
            pytest.skip(f"{family_id} binds no cell on the tiny EHR")
        # a Clean cell lends its stratum (it has a record twin), or is a borrower where borrowers are Clean too
        assert all(s["twin_dx"] or s["twin_stratum"] for s in bound), family_id
        if family_id != "diagnoses.pop_mortality_by_dx_age":
            assert all(s["twin_dx"] for s in bound), family_id
        runner = SetRunner(db, chunk_size=64, adaptive=False)
        twins: list[tuple[str, dict]] = []
        named: dict[str, Counter] = {}
        for spec in fam.spec.noise:
            slot = next((s for s in TWIN_SLOTS if "{{" + s + "}}" in fam.text(spec.candidates or "")), None) \
                if spec.candidates else None
            if slot is None:
                continue  # an operator of its own (diagnoses/noise_unperformed_proc.sql)
            frame = runner.frame(fam.text(spec.candidates), list(enumerate(bound)), kinds, kind="candidates")
            cols = [c for c in frame.columns if c in kinds]
            got = Counter(frame[BID].to_list())
            assert all(n == 1 for n in got.values()), (spec.candidates, "one twin per cell and operator")
            assert set(got) == {i for i, s in enumerate(bound) if s[slot]}, (spec.candidates, "a twin where the slot is set")
            for row in frame.iter_rows(named=True):
                twin = {**bound[row[BID]], **{c: row[c] for c in cols}}
                twins.append((spec.breaks, twin))
            # per cell (vitals.pop_mean_by_dx_careunit binds up to 2 vitals of one cell)
            named[slot] = Counter(v for *_, v in {(bound[i]["icd_version"], bound[i]["icd_code"],
                                                    bound[i][STRATUM[family_id]]) + (bound[i][slot],) for i in got})
        conds = runner.conditions(_conditions(fam), list(enumerate(t for _, t in twins)), kinds)
        for k, (breaks, twin) in enumerate(twins):
            assert conds[k][breaks] is False, (family_id, breaks, twin)
            assert all(v is True for n, v in conds[k].items() if n != breaks), (family_id, conds[k], twin)
    # a partner matched among the Clean cells lends once: no Clean diagnosis or stratum is swapped in by more twins of
    # one operator than Clean cells have it
    cells = {(f"{s['icd_version']}:{s['icd_code']}", str(s[STRATUM[family_id]])) for s in bound}
    clean = {"twin_near_dx": Counter(d for d, _ in cells), "twin_stratum": Counter(s for _, s in cells)}
    for slot in AMONG_CLEAN[family_id]:
        for value, n in named[slot].items():
            assert n <= clean[slot][value], (family_id, slot, value, n, clean[slot][value])


# the families whose diagnoses lend and borrow once each in matching `ma` (lend_key=rg_d): their cells come up to 3 per
# diagnosis, and a diagnosis whose every cell borrowed was named 3 times in Noise and never in Clean
ONE_PER_DIAGNOSIS = {"labs.pop_mean_by_diagnosis", "cost.pop_mean_lab_charges_by_dx"}


@pytest.mark.parametrize("family_id", sorted(f for f in FAMILIES if "include: fragments/cross_matchings.sql"
                                             in (ROOT / "sql" / "families" / FAMILIES[f].spec.binding).read_text()))
def test_lender_and_borrower_lack_alike_and_diagnoses_match_once(family_id: str, tiny_duckdb_url: str) -> None:
    """Matching `ma` pairs a lender with a borrower of its tier (fragments/cross_tiers.sql: how many of the cells'
    strata their diagnoses lack), and in ONE_PER_DIAGNOSIS each diagnosis lends and borrows at most once."""
    from pipeline.ehr.database import connect

    text = FAMILIES[family_id].text(FAMILIES[family_id].spec.binding)
    head = text[:text.rindex("\nSELECT ")]
    probe = head + """
SELECT p.rg_d, p.rg_pd, tx.rg_dt AS tx, MIN(ty.rg_dt) AS ty_min, MAX(ty.rg_dt) AS ty_max
FROM ma_pair p JOIN rg_tier tx ON tx.rg_d = p.rg_d AND tx.rg_s = p.rg_s
JOIN rg_tier ty ON ty.rg_d = p.rg_pd AND ty.rg_s = p.rg_ps
GROUP BY p.rg_d, p.rg_s, p.rg_pd, p.rg_ps, tx.rg_dt"""
    with connect(tiny_duckdb_url) as db:
        rows = db.query(probe, whole_ehr=True).to_dicts()
    if not rows:
        pytest.skip(f"{family_id} matches no cell on the tiny EHR")
    assert all(r["tx"] == r["ty_min"] == r["ty_max"] for r in rows), family_id
    if family_id in ONE_PER_DIAGNOSIS:
        lenders, borrowers = Counter(r["rg_d"] for r in rows), Counter(r["rg_pd"] for r in rows)
        assert max(lenders.values()) == 1 and max(borrowers.values()) == 1, family_id
