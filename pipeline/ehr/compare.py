"""Result comparison that means "the same answer" on DuckDB and PostgreSQL.

The two backends return the same facts in different Python types: COUNT is int64 in one and int32 in the
other, `::numeric` comes back as Decimal vs float, `date_part` as float vs int, intervals as timedelta with
different day/second splits, CHAR(n) codes blank-padded by PostgreSQL only, timestamps with or without
fractions. `normalize_value` maps every value to one canonical form:

- numbers (int, float, Decimal, bool) → float (NaN kept as the string "NaN" so it equals itself);
- datetime → ISO text at second precision ('2180-07-23 15:48:00', fractions truncated, aware values in UTC);
- date → '2180-07-23'; time → '15:48:00';
- timedelta (intervals, durations) → seconds as float;
- strings → as-is, except trailing blanks (CHAR(n) padding) which are stripped unless strip_char_padding=False;
- NULL → None.

Floats are then compared with a relative tolerance (default 1e-6), so 3 and 3.0000000001 are equal but
8.571 (a DECIMAL(18,3) truncation) and 8.5714285714 are not.
"""

import datetime as dt
import math
from decimal import Decimal
from typing import Any

import polars as pl

Normalized = None | float | str


def normalize_value(v: Any, *, strip_char_padding: bool = True) -> Normalized:
    if v is None:
        return None
    if isinstance(v, bool):
        return float(v)
    if isinstance(v, int | float | Decimal):
        f = float(v)
        return "NaN" if math.isnan(f) else f
    if isinstance(v, dt.datetime):
        if v.tzinfo is not None:
            v = v.astimezone(dt.UTC).replace(tzinfo=None)
        return v.replace(microsecond=0).isoformat(sep=" ")
    if isinstance(v, dt.date):
        return v.isoformat()
    if isinstance(v, dt.time):
        return v.replace(microsecond=0).isoformat()
    if isinstance(v, dt.timedelta):
        return v.total_seconds()
    if isinstance(v, str):
        return v.rstrip(" ") if strip_char_padding else v
    if isinstance(v, bytes):
        return v.hex()
    if isinstance(v, list | tuple):
        return repr([normalize_value(x, strip_char_padding=strip_char_padding) for x in v])
    return str(v)


def normalize_frame(frame: pl.DataFrame, *, strip_char_padding: bool = True) -> list[tuple[Normalized, ...]]:
    """Rows of a result as tuples of canonical values (see module docstring), in the frame's order."""
    return [tuple(normalize_value(v, strip_char_padding=strip_char_padding) for v in row) for row in frame.iter_rows()]


def _sort_key(row: tuple[Normalized, ...]) -> tuple:
    # None < numbers < strings; integral values (ids) sort exactly, other floats rounded to 9 significant
    # digits so values equal within tolerance sort alike
    out = []
    for v in row:
        if v is None:
            out.append((0, 0.0, ""))
        elif isinstance(v, float):
            out.append((1, v if v.is_integer() else float(f"{v:.9g}"), ""))
        else:
            out.append((2, 0.0, v))
    return tuple(out)


def _values_equal(x: Normalized, y: Normalized, rel_tol: float, abs_tol: float) -> bool:
    if isinstance(x, float) and isinstance(y, float):
        return math.isclose(x, y, rel_tol=rel_tol, abs_tol=abs_tol)
    return x == y


def diff(
    a: pl.DataFrame, b: pl.DataFrame, *, ordered: bool = False, rel_tol: float = 1e-6, abs_tol: float = 1e-9,
    strip_char_padding: bool = True,
) -> str | None:
    """Why two results differ (first difference, in words), or None when they are the same answer.
    Column names are not compared: backends name unaliased expressions differently."""
    if a.width != b.width:
        return f"column count differs: {a.width} {a.columns} vs {b.width} {b.columns}"
    if a.height != b.height:
        return f"row count differs: {a.height} vs {b.height}"
    ra = normalize_frame(a, strip_char_padding=strip_char_padding)
    rb = normalize_frame(b, strip_char_padding=strip_char_padding)
    if not ordered:
        ra, rb = sorted(ra, key=_sort_key), sorted(rb, key=_sort_key)
    for i, (x, y) in enumerate(zip(ra, rb, strict=True)):
        for j, (vx, vy) in enumerate(zip(x, y, strict=True)):
            if not _values_equal(vx, vy, rel_tol, abs_tol):
                where = f"row {i}" if ordered else f"sorted row {i}"
                return f"{where}, column {j} ({a.columns[j]}): {vx!r} vs {vy!r}"
    return None


def frames_equal(
    a: pl.DataFrame, b: pl.DataFrame, *, ordered: bool = False, rel_tol: float = 1e-6, abs_tol: float = 1e-9,
    strip_char_padding: bool = True,
) -> bool:
    """True when a and b hold the same answer (see module docstring); row order matters only if ordered."""
    return diff(a, b, ordered=ordered, rel_tol=rel_tol, abs_tol=abs_tol, strip_char_padding=strip_char_padding) is None
