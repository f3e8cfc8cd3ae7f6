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

