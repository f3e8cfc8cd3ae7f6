"""The ED-window reading (issue 21 item 2, DESIGN §4 "Reasonable readings"): a clinician asked for "the first
potassium during admission X" may count the unfiled emergency-department draws (hadm_id NULL, charttime in
[edregtime, admittime)) of the visit that led to it. The real lab family on the tiny synthetic EHR: a Clean task whose
first result is an ED draw is rejected under the reading and accepted without it; a Noise twin the ED draw answers
is rejected the same way."""

from pathlib import Path

import pytest

from pipeline.construction.noise.inject import inject_family
from pipeline.construction.requests.binding import bind_family
from pipeline.construction.requests.family import load_family_file
from pipeline.construction.sqlexec import SetRunner
from pipeline.construction.verification.verify import verify_set
from pipeline.ehr.database import connect

ROOT = Path(__file__).resolve().parents[1]

# the earliest ED draw of each admission's lab, with the earliest filed result of the same lab
ED_FIRST = """SELECT a.hadm_id, l.itemid, MIN(l.valuenum) AS ed_value,
       (SELECT MIN(f.charttime) FROM mimiciv_hosp.labevents f
        WHERE f.hadm_id = a.hadm_id AND f.itemid = l.itemid AND f.valuenum IS NOT NULL) AS first_filed
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.labevents l ON l.subject_id = a.subject_id AND l.hadm_id IS NULL AND l.valuenum IS NOT NULL
 AND l.charttime >= a.edregtime AND l.charttime < a.admittime
WHERE l.charttime = (SELECT MIN(x.charttime) FROM mimiciv_hosp.labevents x
                     WHERE x.subject_id = a.subject_id AND x.itemid = l.itemid AND x.hadm_id IS NULL
                       AND x.valuenum IS NOT NULL AND x.charttime >= a.edregtime AND x.charttime < a.admittime)
GROUP BY a.hadm_id, l.itemid"""


@pytest.fixture(scope="module")
def db(tiny_duckdb_url):
    with connect(tiny_duckdb_url) as d:
        yield d


def _family(name: str = "first_value_in_admission", without_ed: bool = False):
    fam, errs = load_family_file(ROOT / "contracts" / "labs" / f"{name}.yaml", ROOT / "sql" / "families")
    assert not errs, [str(e) for e in errs]
    if without_ed:
        fam.spec.readings = [r for r in fam.spec.readings if r.name != "ed_window"]
    return fam


def test_clean_first_value_moves_with_an_ed_draw(db):
    ed = {(h, i): (v, t) for h, i, v, t in db.query(ED_FIRST).iter_rows()}
    assert ed, "the tiny EHR files ED draws without hadm_id"
    fam = _family()
    bound = bind_family(db, fam, seed=0, cap=400).sampled
    runner = SetRunner(db, chunk_size=50)
    out = verify_set(runner, fam, bound)
    moved = [v for v in out if v.reason == "reading_disagrees" and v.detail.startswith("ed_window: ")]
    assert moved
    for v in moved:  # the reading's answer is the admission's earliest ED draw of that lab
        key = (v.slots["hadm_id"], v.slots["itemid"])
        assert key in ed and str(ed[key][0]) in v.detail.split(" vs ")[0], v.detail
    plain = verify_set(runner, _family(without_ed=True), [v.slots for v in moved])
    assert all(p.accepted for p in plain)  # without the reading the same tasks ship with the filed answer
    kept = [v for v in out if v.accepted]
    assert kept and all("ed_window" in v.readings for v in kept)


def test_noise_twin_answered_by_an_ed_draw_is_rejected(db):
    # "the lowest calcium on <day> of admission X": a twin whose day or lab the admission lacks but its ED visit has
    fam = _family("min_on_day")
    bound = bind_family(db, fam, seed=0, cap=400).sampled
    runner = SetRunner(db, chunk_size=50)
    clean = [v for v in verify_set(runner, fam, bound) if v.accepted]
    ids = [f"c{i}" for i in range(len(clean))]
    plain = inject_family(runner, _family("min_on_day", without_ed=True), [v.slots for v in clean], ids, seed=0)
    full = inject_family(runner, fam, [v.slots for v in clean], ids, seed=0)
    failures = [reason for o in full for reason in o.failures.values()]
    assert "reading_answerable:ed_window" in failures
    made = sum(len(o.twins) for o in plain)
    assert sum(len(o.twins) for o in full) < made
    assert all("ed_window" in t.readings for o in full for t in o.twins.values())
