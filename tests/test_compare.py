"""The result comparator: same answer on both backends despite different Python types."""

import datetime as dt
from decimal import Decimal

import polars as pl
from result_compare import diff, normalize_frame, normalize_value


def test_numbers_normalise_across_types() -> None:
    assert normalize_value(3) == normalize_value(3.0) == normalize_value(Decimal("3.000")) == 3.0
    assert normalize_value(True) == 1.0
    assert normalize_value(float("nan")) == "NaN"


def test_timestamps_dates_intervals_and_strings() -> None:
    assert normalize_value(dt.datetime(2180, 7, 23, 15, 48, 0, 999)) == "2180-07-23 15:48:00"
    aware = dt.datetime(2180, 7, 23, 17, 48, tzinfo=dt.timezone(dt.timedelta(hours=2)))
    assert normalize_value(aware) == "2180-07-23 15:48:00"
    assert normalize_value(dt.date(2180, 7, 23)) == "2180-07-23"
    assert normalize_value(dt.timedelta(days=1, hours=2)) == 93600.0
    assert normalize_value("E785   ") == "E785"
    assert normalize_value("E785   ", strip_char_padding=False) == "E785   "
    assert normalize_value(None) is None


def test_same_answer_unordered_with_tolerance() -> None:
    a = pl.DataFrame({"id": [1, 2, None], "v": [0.1 + 0.2, 2.0, None], "t": ["x", "y", "z"]})
    b = pl.DataFrame({"subject": [None, 2, 1], "v": [None, Decimal("2.0000000001"), Decimal("0.3")], "t": ["z", "y", "x"]},
                     schema_overrides={"v": pl.Decimal(20, 10)})
    assert diff(a, b) is None
    assert diff(a, b, ordered=True) is not None
    assert "row" in (diff(a, b, ordered=True) or "")


def test_differences_are_explained() -> None:
    a = pl.DataFrame({"r": [60 / 7]})
    assert diff(a, pl.DataFrame({"r": [8.571]})) is not None  # DECIMAL(18,3) truncation is a real difference
    assert "column 0 (r)" in (diff(a, pl.DataFrame({"r": [8.571]})) or "")
    assert "row count" in (diff(a, pl.DataFrame({"r": [1.0, 2.0]})) or "")
    assert "column count" in (diff(a, pl.DataFrame({"r": [1.0], "s": [2]})) or "")
    assert diff(pl.DataFrame({"s": ["a"]}), pl.DataFrame({"s": [None]}, schema={"s": pl.String})) is not None


def test_durations_and_datetimes_from_frames() -> None:
    a = pl.DataFrame({"d": [dt.timedelta(hours=1)], "t": [dt.datetime(2150, 1, 1, 10, 0, 0, 500000)]})
    b = pl.DataFrame({"d": [3600], "t": ["2150-01-01 10:00:00"]})
    assert normalize_frame(a) == [(3600.0, "2150-01-01 10:00:00")]
    assert diff(a, b) is None


def test_unordered_compare_keeps_large_ids_apart() -> None:
    a = pl.DataFrame({"subject_id": [10000018, 10000002], "h": [None, 3049.8]})
    b = pl.DataFrame({"subject_id": [10000002, 10000018], "h": [Decimal("3049.8000000000000001"), None]})
    assert diff(a, b) is None


def test_big_results_compare_column_wise_like_row_wise() -> None:
    import random

    import result_compare as compare

    rnd = random.Random(1)
    n = compare._VECTOR_MIN_ROWS + 500
    ids = list(range(10_000_000_000, 10_000_000_000 + n))  # 11-digit ids must not merge when sorting
    vals = [rnd.random() * 100 if i % 7 else None for i in range(n)]
    when = [dt.datetime(2150, 1, 1) + dt.timedelta(minutes=i, microseconds=i % 3) for i in range(n)]
    a = pl.DataFrame({"id": ids, "v": vals, "t": when, "s": ["E785   "] * n, "d": [dt.timedelta(seconds=i) for i in range(n)]})
    perm = list(range(n))
    rnd.shuffle(perm)
    b = pl.DataFrame({
        "id": [ids[i] for i in perm],
        "v": [None if vals[i] is None else Decimal(repr(vals[i])) for i in perm],
        "t": [when[i].replace(microsecond=0) for i in perm],
        "s": ["E785"] * n,
        "d": [float(i) for i in perm],
    })
    assert compare._vector_diff(a, b, ordered=False, rel_tol=1e-6, abs_tol=1e-9, strip_char_padding=True) is None
    assert diff(a, b) is None
    changed = b.with_columns(pl.when(pl.col("id") == ids[5]).then(pl.lit(1.5)).otherwise(pl.col("d")).alias("d"))
    problem = diff(a, changed)
    assert problem is not None and "column 4 (d)" in problem
    assert diff(a, changed) == diff(a, changed)  # deterministic
