"""Query result → answer: the one encoder. Construction stores a Clean answer with it, and the oracle baseline
re-encodes the reference SQL's result with it, so the two agree to the byte (contracts/FORMAT.md, "Dataset rows").

Encoding by answer type: number → float rounded to FLOAT_DIGITS decimals; integer → int; boolean → bool;
datetime → "YYYY-MM-DD HH:MM:SS"; date → "YYYY-MM-DD"; string → str; number_with_unit → {"value", "unit"};
list → the distinct rows (one scalar per row, or a list per row of several columns), sorted unless ordered."""

import datetime as dt
import math
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any, NamedTuple

import polars as pl

from pipeline.common.hashing import canonical_json

FLOAT_DIGITS = 6  # every float in a contract or answer is rounded to this many decimals (DuckDB ≡ PostgreSQL)


def round_float(v: float) -> float:
    r = round(float(v), FLOAT_DIGITS)
    return 0.0 if r == 0 else r  # no negative zero


def normalize_any(value: Any) -> Any:
    """Canonical form of an arbitrary result value: floats rounded, times as text; identical on both backends."""
    if value is None or isinstance(value, bool | int):
        return value
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() and value.as_tuple().exponent >= 0 else round_float(float(value))
    if isinstance(value, float):
        return None if math.isnan(value) else round_float(value)
    if isinstance(value, dt.datetime):
        return value.replace(microsecond=0, tzinfo=None).strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, dt.date):
        return value.strftime("%Y-%m-%d")
    if isinstance(value, dt.timedelta):
        return round_float(value.total_seconds())
    return str(value)


def _scalar(answer_type: str, v: Any) -> Any:
    if v is None:
        return None
    if answer_type == "number":
        return round_float(float(v))
    if answer_type == "integer":
        f = float(v)
        if f != int(f):
            raise ValueError(f"non-integer value {v!r} for an integer answer")
        return int(f)
    if answer_type == "boolean":
        if isinstance(v, str):
            return v.strip().lower() in ("t", "true", "yes", "1")
        return bool(v)
    if answer_type == "datetime":
        n = normalize_any(v)
        return n if len(str(n)) > 10 else f"{n} 00:00:00"
    if answer_type == "date":
        return str(normalize_any(v))[:10]
    if answer_type == "string":
        return str(normalize_any(v))
    return normalize_any(v)


class Encoded(NamedTuple):
    """An answer, or why a result has none (reason: empty, null_answer, query_error, type_mismatch, ambiguous)."""

    answer: Any
    reason: str | None = None
    detail: str = ""


def answer_columns(answer_type: str, columns: Sequence[str] | None, first_row: Mapping[str, Any]) -> list[str]:
    """The result columns that form the answer: the family's `answer.columns`, else the first column (the first
    two for number_with_unit: value and unit)."""
    if columns:
        return list(columns)
    names = list(first_row)
    return names[:2] if answer_type == "number_with_unit" else names[:1]


def is_no_answer(rows: Sequence[Mapping[str, Any]]) -> bool:
    """The reference returned no row, or only NULLs: what a Noise twin must produce."""
    return all(all(v is None for v in r.values()) for r in rows)


def _values(answer_type: str, many: bool, tuples: list[tuple]) -> list[Any]:
    if answer_type == "number_with_unit":
        return [{"value": _scalar("number", t[0]), "unit": None if len(t) < 2 or t[1] is None else str(t[1])}
                for t in tuples]
    if answer_type == "list" or many:
        return [normalize_any(t[0]) if len(t) == 1 else [normalize_any(x) for x in t] for t in tuples]
    return [_scalar(answer_type, t[0]) if len(t) == 1 else [_scalar(answer_type, x) for x in t] for t in tuples]


def encode_answer(rows: Sequence[Mapping[str, Any]], answer_type: str, *, columns: Sequence[str] | None = None,
                  many: bool = False, ordered: bool = False) -> Encoded:
    """The answer a reference result encodes. `many` (a list answer): every distinct row; otherwise exactly one
    distinct row, and several different ones are `ambiguous`."""
    if not rows:
        return Encoded(None, "empty", "the reference SQL returned no row")
    cols = answer_columns(answer_type, columns, rows[0])
    missing = [c for c in cols if c not in rows[0]]
    if missing:
        return Encoded(None, "query_error", f"reference SQL returns no column(s) {missing}")
    tuples = [t for t in (tuple(r[c] for c in cols) for r in rows) if any(v is not None for v in t)]
    if not tuples:
        return Encoded(None, "null_answer", "the reference SQL returned only NULL")
    many = many or answer_type == "list"
    try:
        values = _values(answer_type, many, tuples)
    except (ValueError, TypeError) as e:
        return Encoded(None, "type_mismatch", str(e))
    if answer_type == "number_with_unit" and any(v["value"] is None for v in values):
        return Encoded(None, "null_answer", "the value column is NULL")
    distinct = sorted({canonical_json(v): v for v in values}.items())
    if not many:
        if len(distinct) > 1:
            return Encoded(None, "ambiguous", f"{len(distinct)} different rows where the question implies one")
        return Encoded(distinct[0][1])
    if ordered:
        return Encoded(list({canonical_json(v): v for v in values}.values()))  # first occurrence order
    return Encoded([v for _, v in distinct])


def answer_from_frame(frame: pl.DataFrame, answer_type: str, columns: Sequence[str] | None = None, *,
                      ordered: bool = False) -> Any:
    """The answer a result frame encodes, or None (abstention) when it has none."""
    if frame.width == 0:
        return None
    return encode_answer(frame.to_dicts(), answer_type, columns=columns, ordered=ordered).answer
