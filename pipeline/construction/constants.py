"""The slot-free CTEs of a template as constants of the EHR: each computed once per build, then inlined.

A top-level CTE that reads EHR tables but no slot (directly or through another CTE) has the same rows for every
binding, every chunk and every template that spells it the same way: a diagnosis group's ICD codes, the vital
cut-offs that 5 % of ICU stays cross, the group sizes a population family balances its noise against. The
set-based runner computes such a CTE once per chunk and a per-contract query once per contract, so a family's
noise candidates recomputed the same group-size chain in every one of its queries. Here the engine runs each one
alone the first time a template needs it, keeps its rows (when few and of plain types), and from then on the
template carries them as an inline table (the bindings' own form: a delimited literal per column, cast to the
column's type), which neither backend recomputes. What a CTE means is unchanged: same rows, same column types
(PostgreSQL's own type names, `bpchar(7)` included, so comparisons with CHAR columns keep their semantics)."""

import hashlib
import re
import threading
import time
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from pipeline.ehr.database import INLINE_DELIM, Database, InlineTable, QueryError
from pipeline.ehr.schema import sqlglot_schema

if TYPE_CHECKING:
    from pipeline.construction.sqlexec import ExecStats

NULL_TEXT = "~null~"  # an inline value that stands for NULL
MAX_ROWS = 5_000  # more rows than this: the CTE stays a CTE (an inline table is scanned by position)
MAX_CHARS = 2_000_000
TIMEOUT_S = 120.0  # a CTE a backend only ever computed filtered by its query may be large; give up on it early
# column types an inline table can restate exactly from the values' text
_PLAIN_TYPE = re.compile(
    r"(?i)^(bool|boolean|int2|int4|int8|smallint|integer|bigint|float4|float8|real|double precision|text|"
    r"varchar(\(\d+\))?|bpchar(\(\d+\))?|numeric(\(\d+, ?\d+\))?|date|timestamp)$")
_WITH = re.compile(r"(?is)^\s*(--[^\n]*\n\s*|/\*.*?\*/\s*)*WITH\b")
_NAME = re.compile(r"(\w+)")
_AS = re.compile(r"(?i)AS\b\s*(NOT\s+)?(MATERIALIZED\b)?")
_EHR_TABLE = re.compile(rf"(?i)\b({'|'.join(sqlglot_schema())})\s*\.")


class ConstantTables:
    """A build's constant CTEs, per database URL; shared by the build's worker threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._key_locks: dict[tuple[str, str], threading.Lock] = {}
        self._rows: dict[tuple[str, str], str | None] = {}  # (url, CTE chain) → its inline SELECT, or None: keep it
        self._templates: dict[tuple[str, str], str] = {}  # (url, template) → the template with constants inlined
        self.computed = 0  # CTEs run alone
        self.inlined = 0  # of them, inlined

    def resolve(self, db: Database, template: str, stats: "ExecStats | None" = None) -> str:
        """`template` with every slot-free CTE that reads the EHR replaced by its rows (when they can be)."""
        if not _WITH.match(template):
            return template
        key = (db.url, template)
        with self._lock:
            done = self._templates.get(key)
        if done is not None:
            return done
        out = self._resolve(db, template, stats)
        with self._lock:
            self._templates[key] = out
        return out

    def _resolve(self, db: Database, template: str, stats: "ExecStats | None") -> str:
        ctes = top_level_ctes(template)
        if ctes is None:
            return template
        written: dict[str, str] = {}  # constant CTE name → `name AS (…)` as written (what keys its rows)
        now: dict[str, str] = {}  # … and as it is run (the constants it reads already inlined)
        splices: list[tuple[int, int, str]] = []
        for name, deps in constant_ctes(template, ctes):
            c = next(c for c in ctes if c.name == name)
            written[name] = now[name] = template[c.start:c.end]
            if not _EHR_TABLE.search(_strip_comments(c.body)):
                continue  # a VALUES list or a reshaping of other CTEs: nothing to save
            chain = [*deps, name]
            select = self._constant(db, [written[d] for d in chain], [now[d] for d in chain], name, stats)
            if select is not None:
                now[name] = template[c.start:c.open + 1] + select + ")"
                splices.append((c.open + 1, c.end - 1, select))
        for begin, end_, select in reversed(splices):
            template = template[:begin] + select + template[end_:]
        return template

    def _constant(self, db: Database, written: list[str], ctes: list[str], name: str,
                  stats: "ExecStats | None") -> str | None:
        """The inline SELECT of CTE `name` (its chain `written`, computed as `ctes`), or None: keep the CTE."""
        key = (db.url, hashlib.sha256("\x00".join(written).encode()).hexdigest())
        sql = f"WITH {', '.join(ctes)}\nSELECT * FROM {name}"
        with self._lock:
            if key in self._rows:
                return self._rows[key]
            lock = self._key_locks.setdefault(key, threading.Lock())
        with lock:  # one thread computes it; another that needs it meanwhile waits for its rows
            with self._lock:
                if key in self._rows:
                    return self._rows[key]
            start = time.perf_counter()
            try:
                result = db.query_result(sql, timeout_s=TIMEOUT_S, max_rows=MAX_ROWS)
                body = None if result.truncated else inline_select(result.frame.columns, result.types,
                                                                   result.frame.rows())
            except QueryError:
                body = None
            seconds = time.perf_counter() - start
            with self._lock:
                self._rows[key] = body
                self.computed += 1
                self.inlined += body is not None
            if stats is not None:
                stats.add("constants", seconds)
            return body


@dataclass(frozen=True)
class TopCTE:
    name: str
    start: int  # where its name begins
    open: int  # its body's opening parenthesis
    end: int  # just past the closing one
    body: str


def constant_ctes(template: str, ctes: list[TopCTE]) -> list[tuple[str, list[str]]]:
    """The CTEs that read no slot, directly or through another CTE, each with the ones of them it reads in turn (in
    the template's order). Read off the text, erring towards a slot: a `{{` anywhere in a CTE's text or its name
    mentioned in a CTE's text counts."""
    refs: dict[str, list[str]] = {}
    bound: set[str] = set()
    out = []
    for i, c in enumerate(ctes):
        mentioned = [e.name for e in ctes[:i] if re.search(rf"(?i)\b{re.escape(e.name)}\b", c.body)]
        if "{{" in c.body or bound.intersection(mentioned):
            bound.add(c.name)
            continue
        refs[c.name] = mentioned
        need, todo = set(), list(mentioned)
        while todo:
            n = todo.pop()
            if n not in need:
                need.add(n)
                todo += refs[n]
        out.append((c.name, [e.name for e in ctes[:i] if e.name in need]))
    return out


def _strip_comments(sql: str) -> str:
    return re.sub(r"(?s)--[^\n]*|/\*.*?\*/", " ", sql)


def top_level_ctes(sql: str) -> list[TopCTE] | None:
    """The statement's top-level CTEs, read off the text; None when it is not plainly
    `WITH name [(columns)] AS [[NOT] MATERIALIZED] (…), …` (its CTEs then stay as written)."""
    i = _skip(sql, 0)
    if not re.match(r"(?i)WITH\b", sql[i:i + 5]):
        return None
    i = _skip(sql, i + 4)
    out = []
    while True:
        m = _NAME.match(sql, i)
        if m is None or m.group(1).upper() == "RECURSIVE":
            return None
        name, start, i = m.group(1), i, _skip(sql, m.end())
        if sql.startswith("(", i):
            i = _skip(sql, _close(sql, i))
        m = _AS.match(sql, i)
        if m is None:
            return None
        i = _skip(sql, m.end())
        if not sql.startswith("(", i):
            return None
        end = _close(sql, i)
        if end < 0:
            return None
        out.append(TopCTE(name, start, i, end, sql[i + 1:end - 1]))
        i = _skip(sql, end)
        if not sql.startswith(",", i):
            return out
        i = _skip(sql, i + 1)


def _skip(sql: str, i: int) -> int:
    """The index of the next character after whitespace and comments."""
    while i < len(sql):
        if sql[i].isspace():
            i += 1
        elif sql.startswith("--", i):
            j = sql.find("\n", i)
            i = len(sql) if j < 0 else j + 1
        elif sql.startswith("/*", i):
            j = sql.find("*/", i + 2)
            i = len(sql) if j < 0 else j + 2
        else:
            return i
    return i


def _close(sql: str, i: int) -> int:
    """The index just past the parenthesis that closes the one at i (quotes and comments skipped); -1 if none."""
    depth = 0
    while i < len(sql):
        ch = sql[i]
        if ch in "'\"":
            j = sql.find(ch, i + 1)
            while j >= 0 and sql.startswith(ch * 2, j):
                j = sql.find(ch, j + 2)
            if j < 0:
                return -1
            i = j + 1
            continue
        if sql.startswith("--", i) or sql.startswith("/*", i):
            i = _skip(sql, i)
            continue
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return -1


def inline_select(names: list[str], types: tuple[str | None, ...], rows: list[tuple]) -> str | None:
    """`SELECT … FROM GENERATE_SERIES(…)` giving `rows` (sorted) with these column names and types, or None when a type or
    value cannot be restated exactly (or the text would be too long)."""
    if len(types) != len(names) or len(set(names)) != len(names):
        return None
    if not all(t is not None and _PLAIN_TYPE.match(t) for t in types):
        return None
    # in sorted order: the backend's order of an unordered result may differ from run to run (DuckDB's parallel
    # aggregation), the template's text then does not
    rows = sorted(rows, key=lambda r: tuple((v is None, v) for v in r))
    if not rows:
        cols = ", ".join(f"CAST(NULL AS {t}) AS {_ident(n)}" for n, t in zip(names, types, strict=True))
        return f"SELECT {cols} WHERE FALSE"
    values = []
    for i in range(len(names)):
        texts = [_text(r[i]) for r in rows]
        if any(t is None for t in texts):
            return None
        values.append(tuple(texts))
    if len(rows) == 1 and "" in (col[0] for col in values):
        return None  # PostgreSQL splits '' into no element at all
    table = InlineTable("c", tuple(zip(map(_ident, names), types, strict=True)), tuple(values), null_text=NULL_TEXT)
    if sum(map(len, (v for col in values for v in col))) > MAX_CHARS:
        return None
    return table.select()


def _ident(name: str) -> str:
    return name if re.fullmatch(r"[a-z_][a-z0-9_]*", name) else '"' + name.replace('"', '""') + '"'


def _text(value: Any) -> str | None:
    """A value as the text its column type reads back exactly; None when it has none."""
    if value is None:
        return NULL_TEXT
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, datetime):
        return None if value.tzinfo else value.isoformat(sep=" ")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, str):
        return None if INLINE_DELIM in value or value == NULL_TEXT else value
    return None
