"""Rendering family SQL templates and running them set-based.

Per-contract rendering (placeholders → typed literals) is what the dataset stores and an oracle runs. Set-based
execution runs one template over a whole chunk of bindings in one query:

    WITH rg_b AS (SELECT <bindings as parallel unnested arrays>)
    SELECT rg_b.rg_bid, r.* FROM rg_b CROSS JOIN LATERAL (<template with {{slot}} → rg_b.slot>) r

The bindings are inlined as one delimited string literal per slot, indexed by GENERATE_SERIES, rather than a
VALUES list: the query layer parses and transpiles every statement with sqlglot, which costs ~1 s per 1,000 VALUES
rows but nothing for a single long literal. Semantics are those of FORMAT.md's `WITH b(...) AS (VALUES …)`.

All that execution learns and needs (which strategy each template runs fastest with, its cost per contract, the
gate binding queries share, the knobs in EngineConfig, the explain record) lives in one Engine, made per build and
passed to every step; nothing is kept at module level, so two builds in one process cannot see each other's.
"""

import hashlib
import logging
import os
import re
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import polars as pl
import sqlglot
from sqlglot import exp

from pipeline.construction.config import BuildConfig
from pipeline.construction.constants import ConstantTables
from pipeline.construction.slots import PLACEHOLDER_RE, SlotValue, format_number, sql_literal
from pipeline.ehr.database import Database, InlineTable, QueryError, QueryTimeout, RowLimitExceeded
from pipeline.ehr.schema import sqlglot_schema

log = logging.getLogger(__name__)

CTE = "rg_b"
BID = "rg_bid"
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
    hoisted, body = _split_ctes(template, tag, materialize)
    return list(hoisted), body


@lru_cache(maxsize=4096)
def _split_ctes(template: str, tag: str, materialize: bool) -> tuple[tuple[str, ...], str]:
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
        return (), body
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
        return (), body
    return tuple(out), tree.sql(dialect="postgres")


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
    return format_number(float(value)) if kind == "float" else str(value)


def bindings_table(bindings: Sequence[tuple[int, dict[str, SlotValue]]], kinds: dict[str, str]) -> InlineTable:
    """The bindings as the query's first CTE: one row per binding, columns rg_bid and every slot, typed."""
    columns = ((BID, "BIGINT"), *((name, _CASTS[kind]) for name, kind in kinds.items()))
    values = (tuple(str(b) for b, _ in bindings),
              *(tuple(_as_text(kind, s[name]) for _, s in bindings) for name, kind in kinds.items()))
    return InlineTable(CTE, columns, values)


@dataclass(frozen=True)
class SetQuery:
    """One set-based query: `sql` begins with the bindings' placeholder CTE, so every chunk of one template has
    the same text and the database checks and transpiles it once; `text()` is the query with the rows inlined."""

    sql: str
    bindings: InlineTable

    def text(self) -> str:
        return self.sql.replace(self.bindings.placeholder(), self.bindings.cte(), 1)


def _set_query(bindings: InlineTable, ctes: Sequence[str], select: str) -> SetQuery:
    return SetQuery(f"WITH {', '.join([bindings.placeholder(), *ctes])}\n{select}", bindings)


def lateral_query(template: str, bindings: Sequence[tuple[int, dict[str, SlotValue]]], kinds: dict[str, str], *,
                  materialize: bool = False) -> SetQuery:
    hoisted, body = split_ctes(template, "h0", materialize=materialize)
    return _set_query(bindings_table(bindings, kinds), hoisted,
                      f"SELECT {CTE}.{BID}, r.* FROM {CTE} CROSS JOIN LATERAL (\n{body}\n) r")


def lateral_sql(template: str, bindings: Sequence[tuple[int, dict[str, SlotValue]]], kinds: dict[str, str], *,
                materialize: bool = False) -> str:
    return lateral_query(template, bindings, kinds, materialize=materialize).text()


def conditions_query(conditions: Sequence[tuple[str, str]], bindings: Sequence[tuple[int, dict[str, SlotValue]]],
                     kinds: dict[str, str], *, materialize: bool = False) -> SetQuery:
    """All conditions of a family as correlated scalar subqueries in one query (one boolean column each)."""
    ctes, cols = [], []
    for i, (_, sql) in enumerate(conditions):
        hoisted, body = split_ctes(sql, f"h{i}", materialize=materialize)
        ctes += hoisted
        cols.append(f"({body}) AS c{i}")
    return _set_query(bindings_table(bindings, kinds), ctes, f"SELECT {CTE}.{BID}, {', '.join(cols)} FROM {CTE}")


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
    """A template's start, whitespace collapsed, to tell in a log which one changed strategy (the conditions of
    a family, joined by NUL in their key, by " | ")."""
    return " ".join(key.split(":", 1)[-1].replace("\x00", " | ").split())[:160]


@dataclass(frozen=True)
class EngineConfig:
    """Every knob of the execution engine, in one place. `for_build` takes the two a build config sets."""

    chunk_size: int = 1000  # bindings per set-based query
    timeout_s: float = 600.0  # seconds one construction query may run
    # 2M rows, not 5M: a candidates frame is copied several times while it is canonicalised and hashed, on two
    # worker threads at once (100,000 patients: 7.2 GB peak RSS with 5M-row chunks, 7.0 GB with 2M; 1M only added
    # halved chunks, 36% more CPU with a 3 GB DuckDB budget, and peaked at 7.4 GB)
    max_rows: int = 2_000_000
    binding_max_rows: int = 20_000_000  # a binding query returns every candidate binding of a family at once
    probe: int = 24  # bindings in a template's first set-based probe (a second one is 4x larger)
    min_probe: int = 8  # templates with fewer bindings are not probed: they run set-based
    min_split: int = 16  # a chunk over max_rows is halved down to this many bindings, then run per contract
    workers: int = 2  # families run side by side on this many threads
    adaptive: bool = True  # probe each template and keep the faster strategy for the rest of the build
    # DuckDB's budget sits beside the Python frames of the step (two worker threads' query results). At 100,000
    # patients: 4 GB for every step peaked at 7.2 GB RSS; 3.5 GB at 7.0 GB in 28 m 52 s; 3 GB at 7.4 GB in 40 m 48 s
    # with 36% more CPU, and two binding queries at once ran out of memory (a binding query that does is now rerun
    # alone). Once noise candidates were cut chunk by chunk (aede5fe), 3.5 GB for every step peaked at 6.11 GB in
    # the rewrite step's re-execution: the binding step keeps 3.5 GB, the chunked steps get 3 GB.
    memory_limit_binding: str = "3.5GB"
    memory_limit_chunked: str = "3GB"
    explain_dir: Path | None = None  # write each template's set-based SQL and strategy here (explain mode)

    @classmethod
    def for_build(cls, cfg: BuildConfig, **overrides: Any) -> "EngineConfig":
        """The engine a BuildConfig asks for (its chunk size and query timeout), plus overrides."""
        return cls(**{"chunk_size": cfg.chunk_size, "timeout_s": cfg.query_timeout_s, **overrides})

    def memory_limit(self, whole_ehr_queries: bool) -> str:
        return self.memory_limit_binding if whole_ehr_queries else self.memory_limit_chunked


class QueryGate:
    """Binding queries run side by side (shared); a retry after running out of memory runs alone: it waits for
    the running ones to finish and keeps new ones from starting until it is done."""

    def __init__(self) -> None:
        self._cv = threading.Condition()
        self._running = 0
        self._exclusive = False

    @contextmanager
    def shared(self) -> Iterator[None]:
        with self._cv:
            self._cv.wait_for(lambda: not self._exclusive)
            self._running += 1
        try:
            yield
        finally:
            with self._cv:
                self._running -= 1
                self._cv.notify_all()

    @contextmanager
    def alone(self) -> Iterator[None]:
        with self._cv:
            self._cv.wait_for(lambda: not self._exclusive)
            self._exclusive = True
            self._cv.wait_for(lambda: self._running == 0)
        try:
            yield
        finally:
            with self._cv:
                self._exclusive = False
                self._cv.notify_all()


class Progress:
    """Where a build reports its progress: the step running and the families it has done. This one ignores it;
    the command line shows it."""

    def step(self, name: str) -> None:
        pass

    def add_total(self, n: int) -> None:
        pass

    def advance(self, n: int = 1) -> None:
        pass


@dataclass
class TemplateRun:
    """What explain mode records of one template: how its bindings ran and the first statements of each kind."""

    kind: str
    key: str
    set_queries: int = 0
    set_bindings: int = 0
    single_bindings: int = 0
    failed_chunks: int = 0
    seconds: float = 0.0  # wall time of its queries, summed over threads (where a build's time goes)
    strategy: str = "set"  # what the runner settled on: "set" | "single"
    set_sql: str | None = None  # the first set-based query that returned, exactly as sent
    single_sql: list[str] | None = None  # the statements of the first binding run per contract
    first_error: str | None = None


_EXPLAIN_NAME = re.compile(r"^[a-z_]+-[0-9a-f]{12}\.sql$")
SET_MARK = "-- the first set-based query, as it ran:"
SINGLE_MARK = "-- the queries of the first binding run per contract, as they ran:"


# The per-contract probe is skipped when the set-based probe costs less per binding than this share of the time the
# set text took to check and transpile (a contract run alone prepares a text about as long, so it cannot win); a
# set probe that has no per-contract time yet is given at least SKIP_PROBE_MIN_S per binding before it times out
# (generous: a probe that times out under load falls to per contract for its bindings).
SKIP_PROBE_SHARE = 0.5
REPROBES = 2  # further probes of a template that runs per contract, each by a later call
SKIP_PROBE_MIN_S = 0.25


class Engine:
    """The execution engine's state for one build: the strategy each template was found to run fastest with and
    its cost per contract (learned by the probes, per database URL), the gate binding queries pass, the progress
    sink, the explain record, and the knobs (EngineConfig). Make one per build and hand it to every step: two builds
    in one process then never share what either learned."""

    def __init__(self, config: EngineConfig | None = None, *, progress: Progress | None = None):
        self.config = config or EngineConfig()
        self.progress = progress or Progress()
        self.gate = QueryGate()
        self._lock = threading.Lock()
        self._strategy: dict[str, dict[str, str]] = {}  # url → template key → "set" | "single"
        self._single_cost: dict[str, dict[str, float]] = {}  # url → template key → seconds per contract
        self._reprobed: dict[str, dict[str, int]] = {}  # url → template key → times a per-contract verdict was re-probed
        self.runs: dict[str, TemplateRun] = {}  # template key → its explain record (explain mode only)
        self.constants = ConstantTables()  # the slot-free CTEs computed so far, per database URL

    def learned(self, url: str) -> tuple[dict[str, str], dict[str, float], dict[str, int]]:
        """The strategies and per-contract costs learned so far on the database at `url` (shared by its runners),
        and how often each template's per-contract strategy was put to another probe."""
        with self._lock:
            return (self._strategy.setdefault(url, {}), self._single_cost.setdefault(url, {}),
                    self._reprobed.setdefault(url, {}))

    def runner(self, db: Database, stats: ExecStats | None = None) -> "SetRunner":
        return SetRunner(db, self, stats=stats)

    def map(self, fn: Callable[[Any], Any], items: Sequence[Any]) -> list[Any]:
        """fn over items (one per family) on `workers` threads, results in input order: the backends run queries
        outside the GIL, so two families overlap their queries and Python work on two cores."""
        self.progress.add_total(len(items))

        def one(x: Any) -> Any:
            out = fn(x)
            self.progress.advance()
            return out

        if self.config.workers <= 1 or len(items) <= 1:
            return [one(x) for x in items]
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(max_workers=self.config.workers) as pool:
            return list(pool.map(one, items))

    def record(self, key: str, kind: str) -> TemplateRun | None:
        if self.config.explain_dir is None:
            return None
        with self._lock:
            return self.runs.setdefault(key, TemplateRun(kind, key))

    def write_explain(self) -> Path | None:
        """Explain mode: one file per template (`<kind>-<hash of the template>.sql`, the same name in every build)
        with how it ran and the SQL it ran, and an index.tsv; each written to a temporary name, then renamed.
        Files of that form that no template of this build wrote are removed."""
        if self.config.explain_dir is None:
            return None
        out = Path(self.config.explain_dir)
        out.mkdir(parents=True, exist_ok=True)
        with self._lock:
            runs = sorted(self.runs.values(), key=_explain_name)
        index = ["file\tkind\tstrategy\tset_based_queries\tset_based_bindings\tper_contract_bindings\tseconds\ttemplate"]
        names = set()
        for run in runs:
            name, how = _explain_name(run), "per contract" if run.strategy == "single" else "set-based"
            names.add(name)
            lines = [f"-- robustgym explain: {run.kind} template, ran {how}",
                     f"-- bindings: {run.set_bindings} set-based in {run.set_queries} queries, "
                     f"{run.single_bindings} per contract (a probe times one); set-based queries that failed: "
                     f"{run.failed_chunks}"]
            if run.first_error:
                lines.append(f"-- first failure: {run.first_error}")
            lines.append(f"-- template: {_label(run.key)}")
            if run.set_sql is not None:
                lines += [SET_MARK, run.set_sql.rstrip() + ";"]
            if run.single_sql:
                lines += [SINGLE_MARK, *(q.rstrip() + ";" for q in run.single_sql)]
            _write_atomic(out / name, "\n".join(lines) + "\n")
            index.append("\t".join([name, run.kind, how, str(run.set_queries), str(run.set_bindings),
                                    str(run.single_bindings), f"{run.seconds:.2f}", _label(run.key)]))
        _write_atomic(out / "index.tsv", "\n".join(index) + "\n")
        for old in out.iterdir():
            if _EXPLAIN_NAME.match(old.name) and old.name not in names:
                old.unlink()
        return out


def _out_of_memory(e: QueryError) -> bool:
    return "Out of Memory Error" in str(e)


def _explain_name(run: TemplateRun) -> str:
    return f"{run.kind}-{hashlib.sha256(run.key.encode()).hexdigest()[:12]}.sql"


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text)
    os.replace(tmp, path)


class SetRunner:
    """Runs templates over many bindings in chunks, one query per chunk, with the state and knobs of its Engine.

    Some correlated shapes defeat a backend's decorrelation (DuckDB turns `col = CASE {{slot}} … END` inside a
    join into a cross product). So the first use of each template is a probe: one binding per contract, then a
    small set-based chunk; if the set-based form is not clearly faster per binding (or fails), that template runs
    per contract from then on on this backend, for the rest of the engine's build. A chunk that fails later
    (memory, timeout) is re-run per contract. Either way the results are the same; only the speed differs (logged
    and counted, and written by explain mode)."""

    clock: Callable[[], float] = staticmethod(time.perf_counter)  # the probes' timer (a test swaps in its own)

    def __init__(self, db: Database, engine: Engine | None = None, *, stats: ExecStats | None = None,
                 **knobs: Any):
        """`knobs` (EngineConfig fields) make a runner with an engine of its own, for tests and one-off use."""
        if engine is None:
            engine = Engine(EngineConfig(**knobs))
        elif knobs:
            raise TypeError("give the knobs to the Engine's config, not to a runner of a shared engine")
        self.db = db
        self.engine = engine
        self.config = engine.config
        self.stats = stats or ExecStats()
        # PostgreSQL runs the LATERAL as a nested loop: slot-free parts are materialized once per chunk (split_ctes)
        self.materialize = db.backend == "postgresql"
        # template key → "set" | "single", and seconds per binding per contract; shared by the engine's runners on
        # one database (a runner that does not adapt keeps its own, for tests that set a strategy by hand)
        self.strategy, self.single_cost, self.reprobed = engine.learned(db.url) if self.config.adaptive \
            else ({}, {}, {})
        self.rows_per_binding: dict[str, float] = {}  # template key → most result rows per binding seen in a chunk
        self.chunk_cap: dict[str, int] = {}  # template key → most bindings per chunk, after DuckDB ran out of memory
        self._tls = threading.local()  # the statements of a binding explain mode is capturing, per thread

    def map(self, fn: Callable[[Any], Any], items: Sequence[Any]) -> list[Any]:
        return self.engine.map(fn, items)

    def _query(self, kind: str, sql: str, timeout_s: float | None = None,
               inline: InlineTable | None = None) -> pl.DataFrame:
        start = time.perf_counter()
        try:
            return self.db.query(sql, timeout_s=timeout_s or self.config.timeout_s, max_rows=self.config.max_rows,
                                 inline=inline)
        finally:
            self.stats.add(kind, time.perf_counter() - start)
            captured = getattr(self._tls, "captured", None)
            if captured is not None:
                captured.append(sql if inline is None else sql.replace(inline.placeholder(), inline.cte(), 1))

    def _set_query(self, run: TemplateRun | None, kind: str, query: SetQuery, n: int,
                   timeout_s: float) -> pl.DataFrame:
        """One set-based query over n bindings, recorded for explain mode once it has returned."""
        start = time.perf_counter()
        try:
            frame = self._query(kind, query.sql, timeout_s=timeout_s, inline=query.bindings)
        except QueryError as e:
            if run is not None:
                with self.engine._lock:
                    run.seconds += time.perf_counter() - start
                    run.failed_chunks += 1
                    run.first_error = run.first_error or str(e).splitlines()[0][:300]
            raise
        if run is not None:
            with self.engine._lock:
                run.seconds += time.perf_counter() - start
                run.set_queries += 1
                run.set_bindings += n
                if run.set_sql is None:
                    run.set_sql = query.text()
        return frame

    def _single(self, run: TemplateRun | None, single: Callable[[int, dict], None], bid: int, slots: dict) -> None:
        """One binding per contract; explain mode keeps the statements of the first such binding."""
        if run is None:
            single(bid, slots)
            return
        with self.engine._lock:
            capture = run.single_sql is None
            if capture:
                run.single_sql = []  # claimed by this thread
        self._tls.captured = [] if capture else None
        start = time.perf_counter()
        try:
            single(bid, slots)
        finally:
            captured, self._tls.captured = self._tls.captured, None
            with self.engine._lock:
                run.seconds += time.perf_counter() - start
                run.single_bindings += 1
                if capture:
                    run.single_sql = captured

    def _run(self, key: str, kind: str, bindings: Bindings, set_sql: Callable[[Bindings], SetQuery],
             parse: Callable[[pl.DataFrame, dict], None], single: Callable[[int, dict], None]) -> None:
        """Drive chunks of `bindings` through set_sql/parse, or through single() per binding."""
        todo = list(bindings)
        if not todo:
            return
        run = self.engine.record(key, kind)
        try:
            self._drive(key, kind, todo, run, set_sql, parse, single)
        finally:
            if run is not None:
                run.strategy = self.strategy.get(key, "set")

    def _drive(self, key: str, kind: str, todo: list[tuple[int, dict]], run: TemplateRun | None,
               set_sql: Callable[[Bindings], SetQuery], parse: Callable[[pl.DataFrame, dict], None],
               single: Callable[[int, dict], None]) -> None:
        cfg = self.config

        def one(b: int, sl: dict) -> None:
            self._single(run, single, b, sl)

        # a per-contract verdict rests on one probe, which a query of the other worker can slow several-fold: a
        # template that lost it is probed again (at most REPROBES times) by a later call of a probe's worth of
        # bindings (one lab template lost it in a build and ran 537 contracts in 59 s; set-based, 100 took 0.2 s)
        again = (self.strategy.get(key) == "single" and self.reprobed.get(key, 0) < REPROBES
                 and len(todo) >= cfg.probe)
        if again:
            self.reprobed[key] = self.reprobed.get(key, 0) + 1
        if cfg.adaptive and (key not in self.strategy or again) and len(todo) >= cfg.min_probe:
            # A contract run alone pays for checking and transpiling its own text (each binding's text differs);
            # when the set-based probe costs less per binding than a fraction of what preparing the set text took,
            # per contract cannot win and is not timed (the per-contract probes were 12 % of a build's query time)
            first = set_sql(todo[:cfg.probe])
            t0 = self.clock()
            self.db.prepare(first.sql, first.bindings)
            prepare_s = self.clock() - t0
            per_one: float | None = self.single_cost.get(key) if again else None

            def time_one() -> float:
                nonlocal todo
                bid, slots = todo[0]
                todo = todo[1:]
                t1 = self.clock()
                one(bid, slots)
                self.single_cost[key] = max(self.clock() - t1, 1e-4)
                return self.single_cost[key]

            ok = retry = False
            # a set-based query pays a fixed cost (a scan of a large table) that 24 bindings may not amortize (at
            # 100,000 patients five templates fell to per contract on the 24-binding probe alone): a template that
            # loses the first probe gets a second one, 4x larger, before it runs per contract. (A third stage, a whole
            # chunk of 1,000 set-based, was tried and dropped: on a per-binding top-N template, the nearest admission
            # ids of other patients, it took the 100,000-patient build from 6.3 to 7.8 GB RSS)
            for size in (cfg.probe, 4 * cfg.probe):
                if ok or not todo or (size > cfg.probe and len(todo) < size and not retry):
                    break
                probe, todo = todo[:size], todo[size:]
                t1 = self.clock()
                try:
                    limit = per_one if per_one is not None else max(prepare_s, SKIP_PROBE_MIN_S)
                    timeout = max(2.0, len(probe) * limit * 2)
                    frame = self._set_query(run, kind, first if size == cfg.probe else set_sql(probe), len(probe),
                                            timeout_s=timeout)
                    per_set = (self.clock() - t1) / len(probe)
                    if per_one is None and per_set < SKIP_PROBE_SHARE * prepare_s:
                        ok = True
                    else:
                        if per_one is None and todo:
                            per_one = time_one()
                        ok = per_one is not None and per_set < 1.5 * per_one  # per contract only when clearly faster
                except QueryError as e:
                    frame = None
                    if _out_of_memory(e) and len(probe) > cfg.min_split:
                        # too large to time at this size, not slower: run it set-based in smaller chunks below
                        self.chunk_cap[key] = len(probe) // 2
                        todo, ok = probe + todo, True
                        break
                    log.info("set-based %s probe of %d bindings failed (%s): %s", kind, len(probe), e, _label(key))
                    if per_one is None and todo:
                        per_one = time_one()  # the next probe's timeout, and the strategy, are measured as before
                    if (isinstance(e, QueryTimeout) and size == cfg.probe and per_one is not None
                            and per_one * len(probe) > timeout):
                        # stopped at a guessed limit, not shown slower: run alone these would take longer than the
                        # set query was given (a fixed scan per contract), so they join the next probe, whose limit
                        # is the contract just timed
                        todo, retry = probe + todo, True
                        continue
                if frame is not None:
                    self._saw_rows(key, frame.height, len(probe))
                    parse(frame, dict(probe))
                else:
                    for b, sl in probe:
                        one(b, sl)
            self.strategy[key] = "set" if ok else "single"
            if not ok and not again:
                self.stats.per_contract_templates += 1
                log.info("%s template runs per contract on %s (set-based not faster): %s", kind, self.db.backend,
                         _label(key))
        if self.strategy.get(key) == "single":
            for b, sl in todo:
                one(b, sl)
            return
        chunks: list[list[tuple[int, dict]]] = []
        while chunks or todo:
            if not chunks:  # the next chunk, sized by the rows per binding this template has returned so far
                size = self._chunk_size(key)
                chunks, todo = [todo[:size]], todo[size:]
            chunk = chunks.pop(0)
            budget = cfg.timeout_s
            if key in self.single_cost:
                budget = min(cfg.timeout_s, max(30.0, 2 * len(chunk) * self.single_cost[key]))
            try:
                frame = self._set_query(run, kind, set_sql(chunk), len(chunk), timeout_s=budget)
            except RowLimitExceeded:
                # the bindings' results together outgrow max_rows (noise candidates at 100,000 patients: > 5M rows
                # per 1,000 bindings): halves keep the set-based speed, the rows are the same
                self._saw_rows(key, cfg.max_rows + 1, len(chunk))
                if len(chunk) > cfg.min_split:
                    half = len(chunk) // 2
                    chunks[:0] = [chunk[:half], chunk[half:]]
                    self.stats.splits += 1
                    continue
                log.warning("set-based %s query over %d bindings still exceeds %d rows; running them per contract",
                            kind, len(chunk), cfg.max_rows)
                self.stats.fallbacks += 1
                for b, sl in chunk:
                    one(b, sl)
                continue
            except QueryError as e:
                if _out_of_memory(e) and len(chunk) > cfg.min_split:
                    # DuckDB spilled past its budget: halves need half the memory, and per contract costs a whole
                    # query per binding (a title-matching condition: 245 s of queries for 265 bindings)
                    half = len(chunk) // 2
                    self.chunk_cap[key] = half
                    chunks[:0] = [chunk[:half], chunk[half:]]
                    self.stats.splits += 1
                    continue
                log.warning("set-based %s query failed (%s); running this chunk per contract: %s", kind,
                            str(e).splitlines()[0], _label(key))
                self.stats.fallbacks += 1
                self.strategy[key] = "single"
                for b, sl in chunk:
                    one(b, sl)
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
        rate, cfg = self.rows_per_binding.get(key), self.config
        size = min(cfg.chunk_size, self.chunk_cap.get(key, cfg.chunk_size))
        if not rate:
            return size
        return min(size, max(cfg.min_split, int(cfg.max_rows / 2 / rate)))

    def rows(self, template: str, bindings: Bindings, kinds: dict[str, str], *,
             kind: str = "reference") -> dict[int, list[dict[str, Any]]]:
        """bid → result rows of the template for that binding (bindings with no rows are absent)."""
        out: dict[int, list[dict[str, Any]]] = {}
        key, template = "rows:" + template, self._constants(template) if bindings else template

        def parse(frame: pl.DataFrame, _: dict) -> None:
            names = [c for c in frame.columns if c != BID]
            for row in frame.iter_rows():
                out.setdefault(int(row[0]), []).append(dict(zip(names, row[1:], strict=True)))

        def single(bid: int, slots: dict) -> None:
            frame = self._query(kind, render(template, slots, kinds))
            if frame.height:
                out[bid] = frame.to_dicts()

        self._run(key, kind, bindings, lambda ch: lateral_query(template, ch, kinds, materialize=self.materialize), parse, single)
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
        key, template = "rows:" + template, self._constants(template) if bindings else template

        def keep(frame: pl.DataFrame) -> None:
            if frame.height:
                frame = frame.with_columns(pl.col(BID).cast(pl.Int64))
                parts.append(reduce(frame) if reduce is not None else frame)

        def parse(frame: pl.DataFrame, _: dict) -> None:
            keep(frame)

        def single(bid: int, slots: dict) -> None:
            frame = self._query(kind, render(template, slots, kinds))
            keep(frame.select(pl.lit(bid, dtype=pl.Int64).alias(BID), pl.all()))

        self._run(key, kind, bindings, lambda ch: lateral_query(template, ch, kinds, materialize=self.materialize), parse, single)
        parts = [p for p in parts if p.height]
        if not parts:
            return pl.DataFrame({BID: []}, schema={BID: pl.Int64})
        return pl.concat(parts, how="vertical_relaxed")

    def conditions(self, conditions: Sequence[tuple[str, str]], bindings: Bindings,
                   kinds: dict[str, str]) -> dict[int, dict[str, bool | None]]:
        """bid → {condition name: holds} for every binding; one query per chunk (all conditions together)."""
        out: dict[int, dict[str, bool | None]] = {}
        names = [n for n, _ in conditions]
        key = "conditions:" + "\x00".join(sql for _, sql in conditions)
        conditions = [(n, self._constants(sql) if bindings else sql) for n, sql in conditions]

        def parse(frame: pl.DataFrame, _: dict) -> None:
            for row in frame.iter_rows():
                out[int(row[0])] = {n: (None if v is None else bool(v)) for n, v in zip(names, row[1:], strict=True)}

        def single(bid: int, slots: dict) -> None:
            out[bid] = self.conditions_one(conditions, slots, kinds)

        self._run(key, "conditions", bindings, lambda ch: conditions_query(conditions, ch, kinds, materialize=self.materialize), parse, single)
        return out

    def conditions_one(self, conditions: Sequence[tuple[str, str]], slots: dict[str, SlotValue],
                       kinds: dict[str, str]) -> dict[str, bool | None]:
        """One query per condition for one contract (the per-contract mode)."""
        res: dict[str, bool | None] = {}
        for name, sql in conditions:
            v = self._query("conditions", render(self._constants(sql), slots, kinds))
            val = v.row(0)[0] if v.height else None
            res[name] = None if val is None else bool(val)
        return res

    def rows_one(self, template: str, slots: dict[str, SlotValue], kinds: dict[str, str], *,
                 kind: str = "reference") -> list[dict[str, Any]]:
        return self._query(kind, render(self._constants(template), slots, kinds)).to_dicts()

    def _constants(self, template: str) -> str:
        """The template as this runner executes it: its slot-free CTEs that read the EHR as their rows."""
        return self.engine.constants.resolve(self.db, template, self.stats)
