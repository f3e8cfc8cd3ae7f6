"""Every family's templates give the same answers set-based as per contract, on the tiny EHR (its own file, so
that the test runner's workers can take it beside tests/test_families.py's yields)."""

from pathlib import Path

import pytest

from pipeline.common.vocabulary import INTENTS
from pipeline.construction.requests.family import load_families

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def families():
    return load_families(ROOT / "contracts", ROOT / "sql" / "families", display_base=ROOT)


@pytest.mark.parametrize("intent", INTENTS)
def test_every_family_set_based_agrees_with_per_contract(families, tiny_duckdb_url, intent):
    """The catalogue's own templates (CTEs hoisted or kept per binding by the engine) give the same conditions and
    answers set-based as the per-contract SQL the dataset stores and the oracle runs, on a few bindings each.
    One test per intent: the whole catalogue in one test ran close to the 300 s timeout on a loaded machine."""
    from pipeline.construction.requests.binding import bind_family
    from pipeline.construction.sqlexec import SetRunner
    from pipeline.construction.verification.verify import verify_per_contract, verify_set
    from pipeline.ehr.database import connect

    with connect(tiny_duckdb_url) as db:
        runner = SetRunner(db, chunk_size=4, adaptive=False)
        checked = 0
        mine_fams = [f for f in families if f.spec.intent == intent]
        assert mine_fams, f"no family of intent {intent}"
        for fam in mine_fams:
            bound = bind_family(db, fam, seed=0, cap=5).sampled[:5]
            if not bound:
                continue
            s = verify_set(runner, fam, bound)
            p = verify_per_contract(runner, fam, bound)
            assert [(v.reason, v.answer, v.conditions) for v in s] == [(v.reason, v.answer, v.conditions) for v in p], fam.id
            kinds = fam.slot_kinds
            for n in fam.spec.noise:
                if not n.candidates:
                    continue
                template = fam.text(n.candidates)
                frame = runner.frame(template, list(enumerate(bound)), kinds, kind="candidates")
                for i, slots in enumerate(bound):
                    mine = sorted(map(repr, (r[1:] for r in frame.iter_rows() if r[0] == i)))
                    theirs = sorted(map(repr, runner.rows_one(template, slots, kinds, kind="candidates")))
                    assert len(mine) == len(theirs), (fam.id, n.candidates)
            checked += 1
        assert runner.stats.fallbacks == 0
        assert checked >= 0.8 * len(mine_fams)



def test_a_lab_of_the_same_name_in_another_fluid_holds_the_lab_condition(tiny_duckdb_url):
    """labs/lab_in_admission_numeric.cond.sql (fragments/lab_named_alike.sql): a question naming 'lactate
    dehydrogenase' says no fluid, so an admission with only the ascites item has the test (review 7, 34eedc344a9e4960:
    the twin's blood LD was never drawn, the ascites one was). Each sibling here was never measured in the admission:
    read by its own itemid the condition would be false."""
    from pipeline.construction.sqlexec import SetRunner
    from pipeline.construction.verification.verify import _conditions
    from pipeline.ehr.database import connect

    root = Path(__file__).resolve().parents[1]
    fam = next(f for f in load_families(root / "contracts", root / "sql" / "families", display_base=root)
               if f.id == "labs.first_lab_after_infusion_start")
    with connect(tiny_duckdb_url) as db:
        pairs = db.query("""
            SELECT l.hadm_id, l.itemid AS measured, o.itemid AS sibling
            FROM (SELECT DISTINCT hadm_id, itemid FROM mimiciv_hosp.labevents
                  WHERE valuenum IS NOT NULL AND hadm_id IS NOT NULL) l
            JOIN mimiciv_hosp.d_labitems m ON m.itemid = l.itemid
            JOIN mimiciv_hosp.d_labitems o ON o.itemid <> m.itemid
             AND LOWER(TRIM(REGEXP_REPLACE(o.label, ' *[(][^)]*[)] *$', '')))
               = LOWER(TRIM(REGEXP_REPLACE(m.label, ' *[(][^)]*[)] *$', '')))
            WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents x WHERE x.hadm_id = l.hadm_id AND x.itemid = o.itemid)
            ORDER BY 1, 2, 3 LIMIT 5""", whole_ehr=True).to_dicts()
        assert pairs, "the tiny EHR has no admission with one of two same-named labs"
        cond = [c for c in _conditions(fam) if c[0] == "lab_measured_in_admission"]
        slots = [{"hadm_id": p["hadm_id"], "lab_itemid": p["sibling"]} for p in pairs]
        kinds = {"hadm_id": fam.slot_kinds["hadm_id"], "lab_itemid": fam.slot_kinds["lab_itemid"]}
        got = SetRunner(db, chunk_size=16, adaptive=False).conditions(cond, list(enumerate(slots)), kinds)
    assert all(got[i]["lab_measured_in_admission"] is True for i in range(len(pairs))), got


def _drug_word(label: str) -> str:
    import re

    word = re.sub(r"[^A-Za-z ].*$", "", label).lower().split(" ")[0]
    return {"nacl": "sodium chloride", "kcl": "potassium chloride", "lr": "lactated ringer", "d5w": "dextrose"}.get(
        word, word)


def test_an_infusion_swap_never_names_a_drug_the_stay_was_given_outside_its_icu_inputs(tiny_duckdb_url):
    """fragments/input_given_elsewhere_in_stay.sql: a Record twin naming an ICU input the stay's inputevents lack is
    answerable when a prescription running in the stay, or an eMAR administration in it, gave that drug (review 7d,
    3a42c0ca3de6c472: "D5W" against an Iso-Osmotic Dextrose bag). Checked here against the stays' own drug names."""
    from pipeline.construction.sqlexec import SetRunner
    from pipeline.ehr.database import connect

    fam = next(f for f in load_families(ROOT / "contracts", ROOT / "sql" / "families", display_base=ROOT)
               if f.id == "medications.infusion_hours_merged")
    entry = next(n for n in fam.spec.noise if n.candidates == "medications/noise_infusion_not_in_stay.sql")
    with connect(tiny_duckdb_url) as db:
        stays = db.query("""SELECT s.stay_id, MIN(i.itemid) AS itemid, s.hadm_id, s.intime, s.outtime
            FROM mimiciv_icu.icustays s JOIN mimiciv_icu.inputevents i ON i.stay_id = s.stay_id AND i.rate IS NOT NULL
            GROUP BY s.stay_id, s.hadm_id, s.intime, s.outtime ORDER BY s.stay_id LIMIT 40""", whole_ehr=True)
        names = db.query("""SELECT s.stay_id, LOWER(p.drug) AS drug FROM mimiciv_icu.icustays s
            JOIN mimiciv_hosp.prescriptions p ON p.hadm_id = s.hadm_id AND p.starttime <= s.outtime
             AND COALESCE(p.stoptime, p.starttime) >= s.intime
            UNION ALL SELECT s.stay_id, LOWER(e.medication) FROM mimiciv_icu.icustays s
            JOIN mimiciv_hosp.emar e ON e.hadm_id = s.hadm_id AND e.charttime BETWEEN s.intime AND s.outtime""",
                         whole_ehr=True)
        items = db.query("""SELECT d.itemid, d.label FROM mimiciv_icu.d_items d WHERE d.linksto = 'inputevents'
            AND d.itemid IN (SELECT itemid FROM mimiciv_icu.inputevents WHERE rate IS NOT NULL)""", whole_ehr=True)
        had = db.query("SELECT DISTINCT stay_id, itemid FROM mimiciv_icu.inputevents", whole_ehr=True)
        binds = [(i, {"stay_id": r["stay_id"], "itemid": r["itemid"]}) for i, r in enumerate(stays.iter_rows(named=True))]
        kinds = {k: fam.slot_kinds[k] for k in ("stay_id", "itemid")}
        got = SetRunner(db, chunk_size=16, adaptive=False).rows(fam.text(entry.candidates), binds, kinds,
                                                                 kind="candidates")
    drugs: dict[int, list[str]] = {}
    for stay, drug in names.iter_rows():
        drugs.setdefault(stay, []).append(drug or "")
    given_in = {(s, i) for s, i in had.iter_rows()}
    word = {i: _drug_word(label) for i, label in items.iter_rows()}

    def elsewhere(stay: int, item: int) -> bool:
        return len(word[item]) >= 3 and any(word[item] in d for d in drugs.get(stay, []))

    excluded = 0
    for i, b in binds:
        named = {r["itemid"] for r in got.get(i, [])}
        assert not [n for n in named if elsewhere(b["stay_id"], n)], b
        excluded += sum(1 for n in word if n != b["itemid"] and (b["stay_id"], n) not in given_in
                        and elsewhere(b["stay_id"], n))
    assert excluded > 0, "no candidate was given outside the ICU inputs: the test checks nothing"


def test_input_bindings_skip_a_stay_that_charted_two_items_of_one_drug(tiny_duckdb_url):
    """fragments/icu_input_bindings.sql: "Heparin Sodium" in a stay that also charted "Heparin Sodium
    (Prophylaxis)" reads as either (review 7e, 1366a2def7b74e0c), so neither is bound there."""
    from pipeline.construction.requests.family import expand_includes
    from pipeline.ehr.database import connect

    families_sql = ROOT / "sql" / "families"
    binding = expand_includes((families_sql / "medications" / "icu_input.bind.sql").read_text(), families_sql)
    with connect(tiny_duckdb_url) as db:
        bound = db.query(binding, whole_ehr=True)
        charted = db.query("""SELECT DISTINCT i.stay_id, d.itemid, d.label FROM mimiciv_icu.inputevents i
            JOIN mimiciv_icu.d_items d ON d.itemid = i.itemid""", whole_ehr=True)
    items: dict[tuple[int, str], set[int]] = {}
    for stay, item, label in charted.iter_rows():
        items.setdefault((stay, _drug_word(label)), set()).add(item)
    word = {item: _drug_word(label) for _, item, label in charted.iter_rows()}
    twice = {key for key, its in items.items() if len(its) > 1}
    assert bound.height > 10 and twice, "the tiny EHR has no stay with two items of one drug: nothing checked"
    assert not [(s, i) for s, i in bound.select("stay_id", "itemid").iter_rows() if (s, word[i]) in twice]
