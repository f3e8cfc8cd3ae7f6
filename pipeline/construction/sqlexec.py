"""Rendering family SQL templates and running them set-based.

Per-contract rendering (placeholders → typed literals) is what the dataset stores and an oracle runs. Set-based
execution runs one template over a whole chunk of bindings in one query:

    WITH rg_b AS (SELECT <bindings as parallel unnested arrays>)
    SELECT rg_b.rg_bid, r.* FROM rg_b CROSS JOIN LATERAL (<template with {{slot}} → rg_b.slot>) r

The bindings are inlined as one delimited string literal per slot, indexed by GENERATE_SERIES, rather than a
VALUES list: the query layer parses and transpiles every statement with sqlglot, which costs ~1 s per 1,000 VALUES
rows but nothing for a single long literal. Semantics are those of FORMAT.md's `WITH b(...) AS (VALUES …)`.
"""

import logging
import re
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import polars as pl
import sqlglot
from sqlglot import exp

from pipeline.construction.slots import PLACEHOLDER_RE, SlotValue, format_number, sql_literal
from pipeline.ehr.database import Database, QueryError, RowLimitExceeded
from pipeline.ehr.schema import sqlglot_schema

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
    """The template as a correlated subquery over the bindings CTE. A slot compared with a fixed-width CHAR column
    (`d.icd_code = {{icd_code}}`) is cast to BPCHAR, as PostgreSQL does with the per-contract literal: the bindings
    CTE's text column would turn the comparison into text = text, which no index on the CHAR column serves
    (a correlated `EXISTS … icd_code = …` condition: a sequential scan per binding, 7.5 s per 160-binding chunk)."""
    body = PLACEHOLDER_RE.sub(lambda m: f"{CTE}.{m.group(1)}", template).strip()
    return _cast_char_slots(body)


def _char_columns() -> dict[str, frozenset[str]]:
    """table name → its CHAR(n) columns (from the schema DDL)."""
    out: dict[str, frozenset[str]] = {}
    for tables in sqlglot_schema().values():
        for table, cols in tables.items():
            chars = frozenset(c for c, t in cols.items() if t.upper().startswith("CHAR("))
            if chars:
                out[table] = chars
    return out


_CHAR_COLUMNS = _char_columns()


@lru_cache(maxsize=4096)
def _cast_char_slots(body: str) -> str:
    if f"{CTE}." not in body or not any(c in body for cols in _CHAR_COLUMNS.values() for c in cols):
        return body
    tree = sqlglot.parse_one(body, read="postgres")
    aliases: dict[str, set[str]] = {}
    for t in tree.find_all(exp.Table):
        aliases.setdefault(t.alias_or_name, set()).add(t.name if t.db else f"<cte>{t.name}")

    def is_char(col: exp.Expression) -> bool:
        if not isinstance(col, exp.Column) or not col.table or col.table == CTE:
            return False
        tables = aliases.get(col.table) or set()
        return bool(tables) and all(col.name in _CHAR_COLUMNS.get(t, frozenset()) for t in tables)

    def is_slot(node: exp.Expression) -> bool:
        return isinstance(node, exp.Column) and node.table == CTE

    def cast(node: exp.Expression) -> exp.Expression:
        return exp.Cast(this=node.copy(), to=exp.DataType.build("BPCHAR", dialect="postgres"))

    changed = False
    for cmp in list(tree.find_all(exp.EQ, exp.NEQ)):
        left, right = cmp.left, cmp.right
        if is_char(left) and is_slot(right):
            right.replace(cast(right))
            changed = True
        elif is_char(right) and is_slot(left):
            left.replace(cast(left))
            changed = True
    return tree.sql(dialect="postgres") if changed else body


def split_ctes(template: str, tag: str, *, materialize: bool = False) -> tuple[list[str], str]:
    """A template made ready to run per binding inside the LATERAL: top-level CTEs that depend on no slot
    (directly or through another CTE) are hoisted next to the bindings CTE, renamed `<name>_<tag>` so the
    templates of one query cannot collide, and computed once per chunk; CTEs that read a slot stay in the
    template's own WITH, which both backends evaluate per binding (a correlated CTE). Returns (hoisted
    `name AS (…)` texts, the correlated template).

    With `materialize` (PostgreSQL) the hoisted CTEs are `AS MATERIALIZED`, and derived tables that read neither a
    slot nor an outer alias (`FROM (SELECT DISTINCT itemid, valueuom FROM labevents) e`) are hoisted too:
    PostgreSQL inlines a CTE used once and runs a LATERAL as a nested loop, so both were recomputed per binding
    (a unit-noise candidate scanning labevents: 110 s per 160-binding chunk). DuckDB decorrelates by itself."""
    body = lateral(template)
    has_with = re.match(r"(?is)^\s*(--[^\n]*\n\s*)*WITH\b", body)
    if not has_with and not (materialize and re.search(r"(?i)\b(FROM|JOIN)\s*\(\s*SELECT\b", body)):
        return [], body
    tree = sqlglot.parse_one(body, read="postgres")
    with_ = tree.args.get("with_") or tree.args.get("with")
    bound: set[str] = set()
    hoisted: dict[str, str] = {}
    for cte in with_.expressions if with_ is not None else []:
        reads_slot = any(c.table == CTE for c in cte.find_all(exp.Column))
        reads_bound = any(t.name in bound and not t.db for t in cte.find_all(exp.Table))
        if reads_slot or reads_bound:
            bound.add(cte.alias_or_name)
        else:
            hoisted[cte.alias_or_name] = f"{cte.alias_or_name}_{tag}"

    def rename(node: exp.Expression) -> exp.Expression:
        if isinstance(node, exp.Table) and not node.db and node.name in hoisted:
            return exp.Table(this=exp.to_identifier(hoisted[node.name]),
                             alias=node.args.get("alias") or exp.TableAlias(this=exp.to_identifier(node.name)))
        return node

    out: list[str] = []
    if hoisted:
        tree = tree.transform(rename)
        with_ = tree.args.get("with_") or tree.args.get("with")
        keep = []
        for cte in with_.expressions:
            if cte.alias_or_name in hoisted:
                moved = cte.copy()  # keeps a column list such as `dx_groups(dx_group, ...) AS (VALUES ...)`
                moved.args["alias"].set("this", exp.to_identifier(hoisted[cte.alias_or_name]))
                if materialize:
                    moved.set("materialized", True)
                out.append(moved.sql(dialect="postgres"))
            else:
                keep.append(cte)
        if keep:
            with_.set("expressions", keep)
        else:
            tree.set("with_" if "with_" in tree.args else "with", None)
    if materialize:
        out += _hoist_derived_tables(tree, tag, bound)
    if not out:
        return [], body
    return out, tree.sql(dialect="postgres")


def _hoist_derived_tables(tree: exp.Expression, tag: str, bound: set[str]) -> list[str]:
    """Move every uncorrelated derived table of `tree` (in place) into a MATERIALIZED CTE; return the CTE texts.
    Uncorrelated = every column inside is qualified by an alias defined inside, none is a slot, and no table
    inside is a CTE kept per binding. Anything else (an unqualified column included) stays where it is."""
    out: list[str] = []
    done: list[exp.Expression] = []
    for sub in list(tree.find_all(exp.Subquery)):
        if not isinstance(sub.parent, (exp.From, exp.Join)) or not sub.alias:
            continue
        if any(sub is d or any(p is d for p in _ancestors(sub)) for d in done):
            continue
        inner = sub.this
        tables = list(inner.find_all(exp.Table))
        if any(not t.db and t.name in bound for t in tables):
            continue
        defined = {t.alias_or_name for t in tables} | {s.alias for s in inner.find_all(exp.Subquery) if s.alias}
        defined |= {c.alias_or_name for c in inner.find_all(exp.CTE)}
        if any(not c.table or c.table == CTE or c.table not in defined for c in inner.find_all(exp.Column)):
            continue
        name = f"{sub.alias}_{tag}d{len(out)}"
        cte = exp.CTE(this=inner.copy(), alias=exp.TableAlias(this=exp.to_identifier(name)), materialized=True)
        out.append(cte.sql(dialect="postgres"))
        alias = sub.args["alias"].copy()
        sub.replace(exp.Table(this=exp.to_identifier(name), alias=alias))
        done.append(sub)
    return out


def _ancestors(node: exp.Expression):
    while node.parent is not None:
        node = node.parent
        yield node


def _as_text(kind: str, value: SlotValue) -> str:
    text = format_number(float(value)) if kind == "float" else str(value)
    if DELIM in text:
        raise ValueError(f"slot value {text!r} contains the reserved delimiter {DELIM!r}")
    return text


def bindings_cte(bindings: Sequence[tuple[int, dict[str, SlotValue]]], kinds: dict[str, str]) -> str:
    """`rg_b AS (SELECT …)`: one row per binding, columns rg_bid and every slot, typed. Rows come from
    GENERATE_SERIES(0, n-1) indexing one constant array per slot: the planner then knows the row count (an UNNEST
    is estimated at one row, and DuckDB picked join orders 50-600× slower)."""
    def arr(texts: list[str]) -> str:
        joined = DELIM.join(texts).replace("'", "''")
        return f"(STRING_TO_ARRAY('{joined}', '{DELIM}'))[g.i + 1]"

    cols = [f"CAST({arr([str(b) for b, _ in bindings])} AS BIGINT) AS {BID}"]
    for name, kind in kinds.items():
        expr = arr([_as_text(kind, s[name]) for _, s in bindings])
        cast = _CASTS[kind]
        cols.append(f"CAST({expr} AS {cast}) AS {name}" if cast else f"{expr} AS {name}")
    return f"{CTE} AS (SELECT {', '.join(cols)} FROM GENERATE_SERIES(0, {len(bindings) - 1}) AS g(i))"


def lateral_sql(template: str, bindings: Sequence[tuple[int, dict[str, SlotValue]]], kinds: dict[str, str], *,
                materialize: bool = False) -> str:
    hoisted, body = split_ctes(template, "h0", materialize=materialize)
    return (f"WITH {', '.join([bindings_cte(bindings, kinds), *hoisted])}\n"
            f"SELECT {CTE}.{BID}, r.* FROM {CTE} CROSS JOIN LATERAL (\n{body}\n) r")


def conditions_sql(conditions: Sequence[tuple[str, str]], bindings: Sequence[tuple[int, dict[str, SlotValue]]],
                   kinds: dict[str, str], *, materialize: bool = False) -> str:
    """All conditions of a family as correlated scalar subqueries in one query (one boolean column each)."""
    ctes, cols = [bindings_cte(bindings, kinds)], []
    for i, (_, sql) in enumerate(conditions):
        hoisted, body = split_ctes(sql, f"h{i}", materialize=materialize)
        ctes += hoisted
        cols.append(f"({body}) AS c{i}")
    return f"WITH {', '.join(ctes)}\nSELECT {CTE}.{BID}, {', '.join(cols)} FROM {CTE}"


@dataclass
class ExecStats:
    """Timings and counts of set-based execution, for asset metadata and the bench."""

    queries: int = 0
    seconds: float = 0.0
    fallbacks: int = 0  # chunks that had to run per contract because the set-based form failed
    per_contract_templates: int = 0  # templates the probe found faster per contract on this backend
    splits: int = 0  # chunks halved because their rows together exceeded max_rows
    by_kind: dict[str, float] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def add(self, kind: str, seconds: float, n: int = 1) -> None:
        with self._lock:  # families run on worker threads
            self.queries += n
            self.seconds += seconds
            self.by_kind[kind] = self.by_kind.get(kind, 0.0) + seconds


Bindings = Sequence[tuple[int, dict[str, SlotValue]]]


def _label(key: str) -> str:
    """A template's start, whitespace collapsed, to tell in a log which one changed strategy."""
    return " ".join(key.split(":", 1)[-1].split())[:160]


_STRATEGY: dict[str, dict[str, str]] = {}
_SINGLE_COST: dict[str, dict[str, float]] = {}


class SetRunner:
    """Runs templates over many bindings in chunks, one query per chunk.

    Some correlated shapes defeat a backend's decorrelation (DuckDB turns `col = CASE {{slot}} … END` inside a
    join into a cross product). So the first use of each template is a probe: one binding per contract, then a
    small set-based chunk; if the set-based form is not clearly faster per binding (or fails), that template runs
    per contract from then on on this backend. A chunk that fails later (memory, timeout) is re-run per contract.
    Either way the results are the same; only the speed differs (logged and counted)."""

    PROBE = 24
    MIN_SPLIT = 16  # a chunk over max_rows is halved down to this many bindings, then run per contract
    # max_rows: 2M rows, not 5M: a candidates frame is copied several times while it is canonicalised and hashed,
    # on two worker threads at once (100,000 patients: 7.2 GB peak RSS with 5M-row chunks, 7.0 GB with 2M; 1M
    # only added halved chunks, 36% more CPU with a 3 GB DuckDB budget, and peaked at 7.4 GB)
    clock: Callable[[], float] = staticmethod(time.perf_counter)  # the probes' timer (a test swaps in its own)

    def __init__(self, db: Database, *, chunk_size: int = 1000, timeout_s: float = 600.0, max_rows: int = 2_000_000,
                 stats: ExecStats | None = None, adaptive: bool = True, workers: int = 2):
        self.db = db
        self.workers = workers
        self.chunk_size = chunk_size
        self.timeout_s = timeout_s
        self.max_rows = max_rows
        self.stats = stats or ExecStats()
        self.adaptive = adaptive
        # PostgreSQL runs the LATERAL as a nested loop: slot-free parts are materialized once per chunk (split_ctes)
        self.materialize = db.backend == "postgresql"
        # template key → "set" | "single", and seconds per binding per contract; shared by runners on one database
        self.strategy: dict[str, str] = _STRATEGY.setdefault(db.url, {}) if adaptive else {}
        self.single_cost: dict[str, float] = _SINGLE_COST.setdefault(db.url, {}) if adaptive else {}
        self.rows_per_binding: dict[str, float] = {}  # template key → most result rows per binding seen in a chunk

    def map(self, fn: Callable[[Any], Any], items: Sequence[Any]) -> list[Any]:
        """fn over items (one per family) on `workers` threads, results in input order: the backends run queries
        outside the GIL, so two families overlap their queries and Python work on two cores."""
        if self.workers <= 1 or len(items) <= 1:
            return [fn(x) for x in items]
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(max_workers=self.workers) as pool:
            return list(pool.map(fn, items))

    def _query(self, kind: str, sql: str, timeout_s: float | None = None) -> pl.DataFrame:
        start = time.perf_counter()
        try:
            return self.db.query(sql, timeout_s=timeout_s or self.timeout_s, max_rows=self.max_rows)
        finally:
            self.stats.add(kind, time.perf_counter() - start)

    def _run(self, key: str, kind: str, bindings: Bindings, set_sql: Callable[[Bindings], str],
             parse: Callable[[pl.DataFrame, dict], None], single: Callable[[int, dict], None]) -> None:
        """Drive chunks of `bindings` through set_sql/parse, or through single() per binding."""
        todo = list(bindings)
        if not todo:
            return
        if self.adaptive and key not in self.strategy and len(todo) >= 8:
            bid, slots = todo[0]
            t0 = self.clock()
            single(bid, slots)
            per_one = max(self.clock() - t0, 1e-4)
            self.single_cost[key] = per_one
            todo = todo[1:]
            ok = False
            # a set-based query pays a fixed cost (a scan of a large table) that 24 bindings may not amortize (at
            # 100,000 patients five templates fell to per contract on the 24-binding probe alone): a template that
            # loses the first probe gets a second one, 4x larger, before it runs per contract. (A third stage, a whole
            # chunk of 1,000 set-based, was tried and dropped: on a per-binding top-N template, the nearest admission
            # ids of other patients, it took the 100,000-patient build from 6.3 to 7.8 GB RSS)
            for size in (self.PROBE, 4 * self.PROBE):
                if ok or not todo or (size > self.PROBE and len(todo) < size):
                    break
                probe, todo = todo[:size], todo[size:]
                t1 = self.clock()
                try:
                    frame = self._query(kind, set_sql(probe), timeout_s=max(2.0, len(probe) * per_one * 2))
                    per_set = (self.clock() - t1) / len(probe)
                    ok = per_set < 1.5 * per_one  # per-contract only when set-based is clearly not better
                except QueryError as e:
                    frame = None
                    log.info("set-based %s probe of %d bindings failed (%s): %s", kind, len(probe), e, _label(key))
                if frame is not None:
                    self._saw_rows(key, frame.height, len(probe))
                    parse(frame, dict(probe))
                else:
                    for b, sl in probe:
                        single(b, sl)
            self.strategy[key] = "set" if ok else "single"
            if not ok:
                self.stats.per_contract_templates += 1
                log.info("%s template runs per contract on %s (set-based not faster): %s", kind, self.db.backend,
                         _label(key))
        if self.strategy.get(key) == "single":
            for b, sl in todo:
                single(b, sl)
            return
        chunks: list[list[tuple[int, dict]]] = []
        while chunks or todo:
            if not chunks:  # the next chunk, sized by the rows per binding this template has returned so far
                size = self._chunk_size(key)
                chunks, todo = [todo[:size]], todo[size:]
            chunk = chunks.pop(0)
            budget = self.timeout_s
            if key in self.single_cost:
                budget = min(self.timeout_s, max(30.0, 2 * len(chunk) * self.single_cost[key]))
            try:
                frame = self._query(kind, set_sql(chunk), timeout_s=budget)
            except RowLimitExceeded:
                # the bindings' results together outgrow max_rows (noise candidates at 100,000 patients: > 5M rows
                # per 1,000 bindings): halves keep the set-based speed, the rows are the same
                self._saw_rows(key, self.max_rows + 1, len(chunk))
                if len(chunk) > self.MIN_SPLIT:
                    half = len(chunk) // 2
                    chunks[:0] = [chunk[:half], chunk[half:]]
                    self.stats.splits += 1
                    continue
                log.warning("set-based %s query over %d bindings still exceeds %d rows; running them per contract",
                            kind, len(chunk), self.max_rows)
                self.stats.fallbacks += 1
                for b, sl in chunk:
                    single(b, sl)
                continue
            except QueryError as e:
                log.warning("set-based %s query failed (%s); running this chunk per contract", kind,
                            str(e).splitlines()[0])
                self.stats.fallbacks += 1
                self.strategy[key] = "single"
                for b, sl in chunk:
                    single(b, sl)
                continue
            self._saw_rows(key, frame.height, len(chunk))
            parse(frame, dict(chunk))

    def _saw_rows(self, key: str, rows: int, bindings: int) -> None:
        self.rows_per_binding[key] = max(self.rows_per_binding.get(key, 0.0), rows / max(bindings, 1))

    def _chunk_size(self, key: str) -> int:
        """chunk_size bindings, fewer where the template returns many rows per binding: a chunk is aimed at half of
        max_rows. Noise candidates that list a whole vocabulary per binding (every coded ICD title: ~8,000 rows per
        binding at 100,000 patients) otherwise overflowed max_rows chunk after chunk, each overflow a query run in
        vain and halved down, and each chunk that fit was held whole in memory while it was reduced."""
        rate = self.rows_per_binding.get(key)
        if not rate:
            return self.chunk_size
        return min(self.chunk_size, max(self.MIN_SPLIT, int(self.max_rows / 2 / rate)))

    def rows(self, template: str, bindings: Bindings, kinds: dict[str, str], *,
             kind: str = "reference") -> dict[int, list[dict[str, Any]]]:
        """bid → result rows of the template for that binding (bindings with no rows are absent)."""
        out: dict[int, list[dict[str, Any]]] = {}

        def parse(frame: pl.DataFrame, _: dict) -> None:
            names = [c for c in frame.columns if c != BID]
            for row in frame.iter_rows():
                out.setdefault(int(row[0]), []).append(dict(zip(names, row[1:], strict=True)))

        def single(bid: int, slots: dict) -> None:
            frame = self._query(kind, render(template, slots, kinds))
            if frame.height:
                out[bid] = frame.to_dicts()

        self._run("rows:" + template, kind, bindings, lambda ch: lateral_sql(template, ch, kinds, materialize=self.materialize), parse, single)
        return out

    def frame(self, template: str, bindings: Bindings, kinds: dict[str, str], *, kind: str = "candidates",
              reduce: Callable[[pl.DataFrame], pl.DataFrame] | None = None) -> pl.DataFrame:
        """All result rows of the template for all bindings as one polars frame with a leading rg_bid column
        (for large results, e.g. noise candidates, handled vectorised rather than row by row).

        `reduce`, applied to each chunk's rows as they arrive, must treat each rg_bid on its own (a filter, a
        per-binding top-N): then only the reduced chunks are ever held together. Noise candidates need it: the ICD
        title swap returns every coded title per binding, 2M rows a chunk at 100,000 patients, of which 3 are kept;
        holding a family's chunks until the end made the build's peak RSS."""
        parts: list[pl.DataFrame] = []

        def keep(frame: pl.DataFrame) -> None:
            if frame.height:
                frame = frame.with_columns(pl.col(BID).cast(pl.Int64))
                parts.append(reduce(frame) if reduce is not None else frame)

        def parse(frame: pl.DataFrame, _: dict) -> None:
            keep(frame)

        def single(bid: int, slots: dict) -> None:
            frame = self._query(kind, render(template, slots, kinds))
            keep(frame.select(pl.lit(bid, dtype=pl.Int64).alias(BID), pl.all()))

        self._run("rows:" + template, kind, bindings, lambda ch: lateral_sql(template, ch, kinds, materialize=self.materialize), parse, single)
        parts = [p for p in parts if p.height]
        if not parts:
            return pl.DataFrame({BID: []}, schema={BID: pl.Int64})
        return pl.concat(parts, how="vertical_relaxed")

    def conditions(self, conditions: Sequence[tuple[str, str]], bindings: Bindings,
                   kinds: dict[str, str]) -> dict[int, dict[str, bool | None]]:
        """bid → {condition name: holds} for every binding; one query per chunk (all conditions together)."""
        out: dict[int, dict[str, bool | None]] = {}
        names = [n for n, _ in conditions]

        def parse(frame: pl.DataFrame, _: dict) -> None:
            for row in frame.iter_rows():
                out[int(row[0])] = {n: (None if v is None else bool(v)) for n, v in zip(names, row[1:], strict=True)}

        def single(bid: int, slots: dict) -> None:
            out[bid] = self.conditions_one(conditions, slots, kinds)

        key = "conditions:" + "\x00".join(sql for _, sql in conditions)
        self._run(key, "conditions", bindings, lambda ch: conditions_sql(conditions, ch, kinds, materialize=self.materialize), parse, single)
        return out

    def conditions_one(self, conditions: Sequence[tuple[str, str]], slots: dict[str, SlotValue],
                       kinds: dict[str, str]) -> dict[str, bool | None]:
        """One query per condition for one contract (the per-contract mode)."""
        res: dict[str, bool | None] = {}
        for name, sql in conditions:
            v = self._query("conditions", render(sql, slots, kinds))
            val = v.row(0)[0] if v.height else None
            res[name] = None if val is None else bool(val)
        return res

    def rows_one(self, template: str, slots: dict[str, SlotValue], kinds: dict[str, str], *,
                 kind: str = "reference") -> list[dict[str, Any]]:
        return self._query(kind, render(template, slots, kinds)).to_dicts()
