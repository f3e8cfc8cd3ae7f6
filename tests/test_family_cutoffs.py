"""The threshold families state standard cut-offs (k × a limit), and their Noise twins must state them the way the
Clean questions do: a twin whose cut-off multiple no Clean question uses is a wording tell a question-only
classifier learns ("1.5 × the limit" was in twice as many twins as Clean questions, "3 ×" in none). On the tiny
generated EHR, through the engine's own binding and set-based candidate runs: every Clean threshold is a cut-off of
the family's ladder, the Record twin's swapped item keeps the Clean twin's multiple, and the Query twin's is the next
rung up."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pipeline.construction.requests.binding import bind_family  # noqa: E402
from pipeline.construction.requests.family import load_families  # noqa: E402
from pipeline.construction.sqlexec import BID, SetRunner  # noqa: E402
from pipeline.ehr.database import connect  # noqa: E402

# family → (its cut-off ladder, the SQL giving each item's limit, the digits cut-offs are rounded to,
#           its Record candidates with a swapped item, its Query candidates with a higher cut-off)
LADDERS = {
    "labs.first_time_above_threshold": (
        (1.0, 1.5, 2.0, 3.0),
        "SELECT itemid, MIN(ref_range_upper) AS lim FROM mimiciv_hosp.labevents WHERE valuenum IS NOT NULL "
        "AND ref_range_upper IS NOT NULL GROUP BY itemid", 1,
        "labs/noise_unmeasured_lab_same_cutoff.sql", "labs/noise_threshold_not_crossed.sql"),
    "vitals.first_time_above_threshold": (
        (1.0, 1.1, 1.25),
        "SELECT itemid, highnormalvalue AS lim FROM mimiciv_icu.d_items WHERE highnormalvalue IS NOT NULL", 0,
        "vitals/noise_uncharted_vital_with_threshold.sql", "vitals/noise_threshold_not_crossed.sql"),
}


def _rung(threshold: float, lim: float, ladder: tuple[float, ...], digits: int) -> int | None:
    """The index of the ladder's cut-off that rounds to `threshold` (half away from zero, as SQL NUMERIC does)."""
    for i, k in enumerate(ladder):
        if abs(float(f"{lim * k + 1e-9:.{digits}f}") - threshold) < 1e-6:
            return i
    return None


@pytest.mark.parametrize("family_id", sorted(LADDERS))
def test_twins_state_the_clean_cutoff_multiples(family_id: str, tiny_duckdb_url: str) -> None:
    ladder, limits_sql, digits, record_sql, query_sql = LADDERS[family_id]
    fam = next(f for f in load_families(ROOT / "contracts", ROOT / "sql" / "families") if f.id == family_id)
    kinds = fam.slot_kinds
    with connect(tiny_duckdb_url) as db:
        limits = dict(db.query(limits_sql).iter_rows())
        bound = bind_family(db, fam, seed=0, cap=40).sampled
        assert len(bound) >= 5, family_id
        rungs = [_rung(float(s["threshold"]), limits[s["itemid"]], ladder, digits) for s in bound]
        assert None not in rungs, [(s["itemid"], s["threshold"]) for s, r in zip(bound, rungs, strict=True) if r is None]
        runner = SetRunner(db, chunk_size=16, adaptive=False)
        record = runner.frame(fam.text(record_sql), list(enumerate(bound)), kinds, kind="candidates")
        query = runner.frame(fam.text(query_sql), list(enumerate(bound)), kinds, kind="candidates")
    assert record.height > 0 and query.height > 0, family_id
    for row in record.iter_rows(named=True):
        clean = bound[row[BID]]
        assert row["itemid"] != clean["itemid"]
        assert _rung(float(row["threshold"]), limits[row["itemid"]], ladder, digits) == rungs[row[BID]], (row, clean)
    for row in query.iter_rows(named=True):
        clean = bound[row[BID]]
        assert _rung(float(row["threshold"]), limits[clean["itemid"]], ladder, digits) == rungs[row[BID]] + 1, (row, clean)
