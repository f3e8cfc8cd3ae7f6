"""Result frame → answer JSON, in the dataset's encoding (contracts/FORMAT.md, "Dataset rows").

Used by the oracle baseline (which must reproduce every stored answer from the reference SQL) and usable by the
construction pipeline, so both sides agree on one conversion.
"""

import datetime as dt
import decimal
import math
from collections.abc import Sequence
from typing import Any

import polars as pl


def to_json_value(v: Any) -> Any:
    """One cell → JSON: datetimes "YYYY-MM-DD HH:MM:SS", dates "YYYY-MM-DD", decimals → float, NaN → null."""
    if v is None:
        return None
    if isinstance(v, bool | int | str):
        return v
    if isinstance(v, float):
        return None if math.isnan(v) else v
    if isinstance(v, decimal.Decimal):
        f = float(v)
        return int(f) if v == v.to_integral_value() and abs(f) < 2**53 else f
    if isinstance(v, dt.datetime):
        return v.replace(tzinfo=None, microsecond=0).strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(v, dt.date):
        return v.strftime("%Y-%m-%d")
    if isinstance(v, dt.timedelta):
        return v.total_seconds()
    if isinstance(v, list | tuple):
        return [to_json_value(x) for x in v]
    return str(v)


def answer_from_frame(frame: pl.DataFrame, answer_type: str, columns: Sequence[str] | None = None) -> Any:
    """The answer a reference-SQL result encodes; None (abstention) when it has no row or only NULLs."""
    if columns:
        frame = frame.select([c for c in columns if c in frame.columns])
    rows = [tuple(to_json_value(v) for v in r) for r in frame.iter_rows()]
    rows = [r for r in rows if any(v is not None for v in r)]
    if not rows or frame.width == 0:
        return None
    if answer_type == "list":
        return [r[0] if len(r) == 1 else list(r) for r in rows]
    first = rows[0]
    if answer_type == "number_with_unit":
        if len(first) >= 2:
            return {"value": first[0], "unit": first[1]}
        return {"value": first[0], "unit": None}
    value = first[0]
    if answer_type == "integer" and isinstance(value, float) and value.is_integer():
        return int(value)
    if answer_type == "boolean" and isinstance(value, int) and not isinstance(value, bool):
        return bool(value)
    if answer_type == "date" and isinstance(value, str) and len(value) > 10:
        return value[:10]
    return value
