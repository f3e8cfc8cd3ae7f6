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


_VECTOR_MIN_ROWS = 2_000


def _vector_normalized(frame: pl.DataFrame, strip_char_padding: bool) -> pl.DataFrame | None:
    """The canonical forms of normalize_value, computed column-wise by polars (for big results). None when a
    column type has no vectorised form (the row-wise path then decides)."""
    exprs = []
    for i, (name, dtype) in enumerate(frame.schema.items()):
        c = pl.col(name)
        if dtype == pl.Boolean or dtype.is_numeric():
            e = c.cast(pl.Float64)
        elif isinstance(dtype, pl.Datetime):
            if dtype.time_zone is not None:
                c = c.dt.convert_time_zone("UTC").dt.replace_time_zone(None)
            e = c.dt.strftime("%Y-%m-%d %H:%M:%S")
        elif dtype == pl.Date:
            e = c.dt.strftime("%Y-%m-%d")
        elif isinstance(dtype, pl.Duration):
            e = c.dt.total_microseconds().cast(pl.Float64) / 1e6
        elif dtype == pl.String:
            e = c.str.strip_chars_end(" ") if strip_char_padding else c
        elif dtype == pl.Null:
            e = c
        else:
            return None
        exprs.append(e.alias(f"c{i}"))
    out = frame.select(exprs)
    for name, dtype in out.schema.items():
        if dtype == pl.Float64 and out[name].is_nan().any():
            return None  # NaN == NaN only in the row-wise path
    return out


def _vector_diff(
    a: pl.DataFrame, b: pl.DataFrame, *, ordered: bool, rel_tol: float, abs_tol: float, strip_char_padding: bool
) -> str | None | bool:
    """Column-wise diff; returns False when the frames cannot be compared this way."""
    na, nb = _vector_normalized(a, strip_char_padding), _vector_normalized(b, strip_char_padding)
    if na is None or nb is None:
        return False
    for name in na.columns:
        ta, tb = na.schema[name], nb.schema[name]
        if ta == pl.Null and tb != pl.Null:
            na = na.with_columns(pl.col(name).cast(tb))
        elif tb == pl.Null and ta != pl.Null:
            nb = nb.with_columns(pl.col(name).cast(ta))
        elif ta != tb:
            return False
    if not ordered:
        def keyed(f: pl.DataFrame) -> pl.DataFrame:
            keys = [
                pl.when(pl.col(n) == pl.col(n).floor()).then(pl.col(n)).otherwise(pl.col(n).round_sig_figs(9))
                if f.schema[n] == pl.Float64 else pl.col(n)
                for n in f.columns
            ]
            return f.with_columns([k.alias(f"k{j}") for j, k in enumerate(keys)]).sort(
                [f"k{j}" for j in range(len(keys))], nulls_last=False
            ).select(f.columns)

        na, nb = keyed(na), keyed(nb)
    for j, name in enumerate(na.columns):
        x, y = na[name], nb[name]
        if na.schema[name] == pl.Float64:
            both = pl.DataFrame({"x": x, "y": y}).select(
                (pl.col("x").is_null() & pl.col("y").is_null())
                | ((pl.col("x") - pl.col("y")).abs()
                   <= pl.max_horizontal(rel_tol * pl.max_horizontal(pl.col("x").abs(), pl.col("y").abs()), pl.lit(abs_tol)))
            ).to_series()
            ok = both.fill_null(False)
        else:
            ok = x.eq_missing(y)
        if not ok.all():
            i = int((~ok).arg_true()[0])
            where = f"row {i}" if ordered else f"sorted row {i}"
            return f"{where}, column {j} ({a.columns[j]}): {x[i]!r} vs {y[i]!r}"
    return None


def diff(
    a: pl.DataFrame, b: pl.DataFrame, *, ordered: bool = False, rel_tol: float = 1e-6, abs_tol: float = 1e-9,
    strip_char_padding: bool = True,
) -> str | None:
    """Why two results differ (first difference, in words), or None when they are the same answer.
    Column names are not compared: backends name unaliased expressions differently. Big results are compared
    column-wise by polars with the same canonical forms; anything polars cannot express goes row by row."""
    if a.width != b.width:
        return f"column count differs: {a.width} {a.columns} vs {b.width} {b.columns}"
    if a.height != b.height:
        return f"row count differs: {a.height} vs {b.height}"
    if a.height >= _VECTOR_MIN_ROWS:
        fast = _vector_diff(a, b, ordered=ordered, rel_tol=rel_tol, abs_tol=abs_tol,
                            strip_char_padding=strip_char_padding)
        if fast is not False:
            return fast  # type: ignore[return-value]
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
