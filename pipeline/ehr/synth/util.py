"""Vectorised helpers shared by the table generators (time arithmetic, ragged expansion, schema conformance)."""

import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import polars as pl

from pipeline.ehr.schema import Table

MIN_US = 60_000_000  # microseconds per minute
DAY_MIN = 1440


def year_start_minutes(years: np.ndarray) -> np.ndarray:
    """Epoch minutes of 1 January of each year (years in the 2100s are fine for datetime64)."""
    return (np.asarray(years, dtype=np.int64) - 1970).astype("datetime64[Y]").astype("datetime64[m]").astype(np.int64)


def year_of_minutes(minutes: np.ndarray) -> np.ndarray:
    return np.asarray(minutes, dtype=np.int64).astype("datetime64[m]").astype("datetime64[Y]").astype(np.int64) + 1970


def to_datetime(minutes: np.ndarray) -> pl.Series:
    """Minutes since epoch -> polars Datetime('us'). Float minutes keep their seconds (rounded to the second)."""
    m = np.asarray(minutes)
    us = np.round(m * 60).astype(np.int64) * 1_000_000 if m.dtype.kind == "f" else m.astype(np.int64) * MIN_US
    return pl.Series(us).cast(pl.Datetime("us"))


def to_date(minutes: np.ndarray) -> pl.Series:
    days = np.floor_divide(np.asarray(minutes, dtype=np.int64), DAY_MIN).astype(np.int32)
    return pl.Series(days).cast(pl.Date)


def expand(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Ragged expansion: for counts [2, 0, 3] return parent [0, 0, 2, 2, 2] and position [0, 1, 0, 1, 2]."""
    counts = np.asarray(counts, dtype=np.int64)
    parent = np.repeat(np.arange(len(counts), dtype=np.int64), counts)
    starts = np.cumsum(counts) - counts
    pos = np.arange(len(parent), dtype=np.int64) - starts[parent]
    return parent, pos


def group_rank(keys: np.ndarray) -> np.ndarray:
    """1-based position of each row inside its run of equal keys (keys must already be grouped)."""
    n = len(keys)
    if n == 0:
        return np.zeros(0, dtype=np.int64)
    brk = np.empty(n, dtype=bool)
    brk[0] = True
    brk[1:] = keys[1:] != keys[:-1]
    starts = np.flatnonzero(brk)
    counts = np.diff(np.append(starts, n))
    return np.arange(n, dtype=np.int64) - np.repeat(starts, counts) + 1


def choice(rng: np.random.Generator, options: Sequence, weights: Sequence[float], n: int) -> np.ndarray:
    """Index draws into `options` with the given (unnormalised) weights."""
    w = np.asarray(weights, dtype=float)
    return rng.choice(len(options), size=n, p=w / w.sum())


def choice_rows(rng: np.random.Generator, weights: np.ndarray, row: np.ndarray) -> np.ndarray:
    """Index draws where draw i uses the (unnormalised) weights of row `row[i]` of the matrix `weights`; zero weights
    are never drawn."""
    w = np.asarray(weights, dtype=float)
    cdf = np.cumsum(w, axis=1)
    cdf /= cdf[:, -1:]
    u = rng.random(len(row))
    return np.minimum((u[:, None] >= cdf[np.asarray(row)]).sum(axis=1), w.shape[1] - 1)


def pick(values: Sequence, idx: np.ndarray, dtype: pl.DataType = pl.String) -> pl.Series:
    """Vectorised lookup values[idx] as a polars Series (None allowed)."""
    return pl.Series(list(values), dtype=dtype).gather(pl.Series(np.asarray(idx, dtype=np.int64)))


def weighted(rng: np.random.Generator, pairs: Sequence[tuple], n: int) -> pl.Series:
    """Draw n labels from (label, weight) pairs."""
    labels = [p[0] for p in pairs]
    return pick(labels, choice(rng, labels, [p[1] for p in pairs], n))


def _fmt_class(v: np.ndarray, dec: int) -> pl.Series:
    sv = pl.Series(v)
    return sv.round(0).cast(pl.Int64).cast(pl.String) if dec == 0 else sv.round(int(dec)).cast(pl.String)


def _assemble(parts: list[pl.Series], idxs: list[np.ndarray], n: int) -> pl.Series:
    """Put the pieces computed on row subsets back into row order (one gather instead of n scatters)."""
    order = np.concatenate(idxs) if idxs else np.zeros(0, dtype=np.int64)
    inv = np.empty(n, dtype=np.int64)
    inv[order] = np.arange(len(order), dtype=np.int64)
    return pl.concat(parts).gather(pl.Series(inv)) if parts else pl.Series([], dtype=pl.String)


def text_or_num(is_text: np.ndarray, text_idx: np.ndarray, texts: list[str], values: np.ndarray,
                decimals: np.ndarray) -> pl.Series:
    """value column mixing text results (texts[text_idx]) and formatted numbers, computed per row class."""
    n = len(is_text)
    ti = np.flatnonzero(is_text)
    parts, idxs = [pick(texts, text_idx[ti])], [ti]
    num = ~is_text
    for dec in np.unique(decimals[num]):
        idx = np.flatnonzero(num & (decimals == dec))
        parts.append(_fmt_class(values[idx], int(dec)))
        idxs.append(idx)
    return _assemble(parts, idxs, n)


def sort_perm(*keys: np.ndarray) -> np.ndarray:
    """Stable lexicographic order of integer keys (first key most significant). Packs the keys into one int64
    when their ranges fit in 63 bits (one stable argsort), else falls back to a multi-column sort."""
    arrs = [np.asarray(k, dtype=np.int64) for k in keys]
    if not len(arrs[0]):
        return np.zeros(0, dtype=np.int64)
    comp = np.zeros(len(arrs[0]), dtype=np.int64)
    bits = 0
    for k in arrs:
        lo = int(k.min())
        width = max(int(k.max()) - lo, 0).bit_length()
        bits += width
        if bits > 63:
            df = pl.DataFrame({f"k{i}": k for i, k in enumerate(arrs)})
            return df.with_row_index("_i").sort([f"k{i}" for i in range(len(arrs))], maintain_order=True)["_i"].to_numpy()
        comp = (comp << width) | (k - lo)
    return np.argsort(comp, kind="stable")


def conform(df: pl.DataFrame, table: Table) -> pl.DataFrame:
    """Exactly the table's columns, in DDL order, with the DDL's dtypes (missing columns become NULL)."""
    exprs = []
    for name, dtype in table.polars_schema.items():
        if name in df.columns:
            exprs.append(pl.col(name).cast(dtype, strict=True))
        else:
            exprs.append(pl.lit(None, dtype=dtype).alias(name))
    return df.select(exprs)


def write_parquet_atomic(df: pl.DataFrame, path: Path) -> None:
    """Temp name then rename, so readers never see half-written files; fixed settings for byte-identical output."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    df.write_parquet(tmp, compression="zstd", compression_level=3, statistics=True, row_group_size=1_000_000)
    os.replace(tmp, path)


def S(values: np.ndarray | list) -> pl.Series:
    """String Series from a numpy array (object arrays with None included)."""
    arr = np.asarray(values)
    if arr.dtype == object:
        return pl.Series(arr.tolist(), dtype=pl.String)
    return pl.Series(arr).cast(pl.String)
