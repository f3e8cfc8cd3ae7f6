"""Rendering family SQL templates and running them set-based.

Per-contract rendering (placeholders → typed literals) is what the dataset stores and an oracle runs. Set-based
execution runs one template over a whole chunk of bindings in one query:

    WITH rg_b AS (SELECT <bindings as parallel unnested arrays>)
    SELECT rg_b.rg_bid, r.* FROM rg_b CROSS JOIN LATERAL (<template with {{slot}} → rg_b.slot>) r

The bindings are inlined as one delimited string literal per slot (unnested in lock-step) rather than a VALUES
list: the query layer parses and transpiles every statement with sqlglot, which costs ~1 s per 1,000 VALUES rows
but nothing for a single long literal. Semantics are those of FORMAT.md's `WITH b(...) AS (VALUES …)`.
"""

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from pipeline.construction.requests.family import PLACEHOLDER_RE
from pipeline.construction.slots import SlotValue, format_number, sql_literal
from pipeline.ehr.database import Database, QueryError

log = logging.getLogger(__name__)

CTE = "rg_b"
BID = "rg_bid"
DELIM = "~|~"
_CASTS = {"int": "BIGINT", "float": "DOUBLE PRECISION", "datetime": "TIMESTAMP", "date": "DATE", "text": None}


def render(template: str, slots: dict[str, SlotValue], kinds: dict[str, str]) -> str:
    """Per-contract SQL: every {{slot}} replaced by its typed literal. Executable as is (PostgreSQL dialect)."""
    def sub(m: Any) -> str:
        name = m.group(1)
        if name not in slots:
            raise KeyError(f"template placeholder {{{{{name}}}}} has no value")
        return sql_literal(kinds[name], slots[name])

    return PLACEHOLDER_RE.sub(sub, template).strip()


def lateral(template: str) -> str:
    """The template as a correlated subquery over the bindings CTE."""
    return PLACEHOLDER_RE.sub(lambda m: f"{CTE}.{m.group(1)}", template).strip()


def _as_text(kind: str, value: SlotValue) -> str:
    text = format_number(float(value)) if kind == "float" else str(value)
    if DELIM in text:
        raise ValueError(f"slot value {text!r} contains the reserved delimiter {DELIM!r}")
    return text


def bindings_cte(bindings: Sequence[tuple[int, dict[str, SlotValue]]], kinds: dict[str, str]) -> str:
    """`rg_b AS (SELECT …)`: one row per binding, columns rg_bid and every slot, typed."""
    cols = [f"CAST(UNNEST(STRING_TO_ARRAY('{DELIM.join(str(b) for b, _ in bindings)}', '{DELIM}')) AS BIGINT) AS {BID}"]
    for name, kind in kinds.items():
        joined = DELIM.join(_as_text(kind, s[name]) for _, s in bindings).replace("'", "''")
        expr = f"UNNEST(STRING_TO_ARRAY('{joined}', '{DELIM}'))"
        cast = _CASTS[kind]
        cols.append(f"CAST({expr} AS {cast}) AS {name}" if cast else f"{expr} AS {name}")
    return f"{CTE} AS (SELECT {', '.join(cols)})"


def lateral_sql(template: str, bindings: Sequence[tuple[int, dict[str, SlotValue]]], kinds: dict[str, str]) -> str:
    return (f"WITH {bindings_cte(bindings, kinds)}\nSELECT {CTE}.{BID}, r.* FROM {CTE} CROSS JOIN LATERAL (\n"
            f"{lateral(template)}\n) r")


def conditions_sql(conditions: Sequence[tuple[str, str]], bindings: Sequence[tuple[int, dict[str, SlotValue]]],
                   kinds: dict[str, str]) -> str:
    """All conditions of a family as correlated scalar subqueries in one query (one boolean column each)."""
    cols = ", ".join(f"({lateral(sql)}) AS c{i}" for i, (_, sql) in enumerate(conditions))
    return f"WITH {bindings_cte(bindings, kinds)}\nSELECT {CTE}.{BID}, {cols} FROM {CTE}"


@dataclass
class ExecStats:
    """Timings and counts of set-based execution, for asset metadata and the bench."""

    queries: int = 0
    seconds: float = 0.0
    fallbacks: int = 0  # chunks that had to run per contract because the set-based form failed
    by_kind: dict[str, float] = field(default_factory=dict)

    def add(self, kind: str, seconds: float, n: int = 1) -> None:
        self.queries += n
        self.seconds += seconds
        self.by_kind[kind] = self.by_kind.get(kind, 0.0) + seconds


class SetRunner:
    """Runs templates over many bindings in chunks. Falls back to per-contract queries for a chunk whose
    set-based form a backend rejects (logged and counted, never silently different)."""

    def __init__(self, db: Database, *, chunk_size: int = 1000, timeout_s: float = 600.0, max_rows: int = 5_000_000,
                 stats: ExecStats | None = None):
        self.db = db
        self.chunk_size = chunk_size
        self.timeout_s = timeout_s
        self.max_rows = max_rows
        self.stats = stats or ExecStats()

    def _chunks(self, bindings: Sequence[tuple[int, dict[str, SlotValue]]]):
        for i in range(0, len(bindings), self.chunk_size):
            yield bindings[i:i + self.chunk_size]

    def _timed(self, kind: str, fn: Callable[[], pl.DataFrame]) -> pl.DataFrame:
        start = time.perf_counter()
        try:
            return fn()
        finally:
            self.stats.add(kind, time.perf_counter() - start)

    def rows(self, template: str, bindings: Sequence[tuple[int, dict[str, SlotValue]]], kinds: dict[str, str],
             *, kind: str = "reference") -> dict[int, list[dict[str, Any]]]:
        """bid → result rows of the template for that binding (bindings with no rows are absent)."""
        out: dict[int, list[dict[str, Any]]] = {}
        for chunk in self._chunks(bindings):
            sql = lateral_sql(template, chunk, kinds)
            try:
                frame = self._timed(kind, lambda s=sql: self.db.query(s, timeout_s=self.timeout_s, max_rows=self.max_rows))
            except QueryError as e:
                log.warning("set-based %s query failed (%s); running this chunk per contract", kind, e)
                self.stats.fallbacks += 1
                for bid, slots in chunk:
                    single = render(template, slots, kinds)
                    frame1 = self._timed(kind, lambda s=single: self.db.query(s, timeout_s=self.timeout_s, max_rows=self.max_rows))
                    if frame1.height:
                        out[bid] = frame1.to_dicts()
                continue
            names = [c for c in frame.columns if c != BID]
            for row in frame.iter_rows():
                out.setdefault(int(row[0]), []).append(dict(zip(names, row[1:], strict=True)))
        return out

    def conditions(self, conditions: Sequence[tuple[str, str]], bindings: Sequence[tuple[int, dict[str, SlotValue]]],
                   kinds: dict[str, str]) -> dict[int, dict[str, bool | None]]:
        """bid → {condition name: holds} for every binding, one query per chunk."""
        out: dict[int, dict[str, bool | None]] = {}
        names = [n for n, _ in conditions]
        for chunk in self._chunks(bindings):
            sql = conditions_sql(conditions, chunk, kinds)
            try:
                frame = self._timed("conditions", lambda s=sql: self.db.query(s, timeout_s=self.timeout_s, max_rows=self.max_rows))
            except QueryError as e:
                log.warning("set-based conditions query failed (%s); running this chunk per contract", e)
                self.stats.fallbacks += 1
                for bid, slots in chunk:
                    out[bid] = self.conditions_one(conditions, slots, kinds)
                continue
            for row in frame.iter_rows():
                out[int(row[0])] = {n: (None if v is None else bool(v)) for n, v in zip(names, row[1:], strict=True)}
        return out

    def conditions_one(self, conditions: Sequence[tuple[str, str]], slots: dict[str, SlotValue],
                       kinds: dict[str, str]) -> dict[str, bool | None]:
        """One query per condition for one contract (the per-contract mode)."""
        res: dict[str, bool | None] = {}
        for name, sql in conditions:
            single = render(sql, slots, kinds)
            v = self._timed("conditions", lambda s=single: self.db.query(s, timeout_s=self.timeout_s))
            val = v.row(0)[0] if v.height else None
            res[name] = None if val is None else bool(val)
        return res

    def rows_one(self, template: str, slots: dict[str, SlotValue], kinds: dict[str, str], *,
                 kind: str = "reference") -> list[dict[str, Any]]:
        single = render(template, slots, kinds)
        return self._timed(kind, lambda: self.db.query(single, timeout_s=self.timeout_s, max_rows=self.max_rows)).to_dicts()
