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
from datetime import date, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

import sqlglot
from sqlglot import exp

from pipeline.construction.slots import PLACEHOLDER_RE
from pipeline.ehr.database import INLINE_DELIM, Database, InlineTable, QueryError

if TYPE_CHECKING:
    from pipeline.construction.sqlexec import ExecStats

SLOT_TABLE = "rg_slot"  # the slots' stand-in table while a template is parsed
NULL_TEXT = "~null~"  # an inline value that stands for NULL
MAX_ROWS = 5_000  # more rows than this: the CTE stays a CTE (an inline table is scanned by position)
MAX_CHARS = 2_000_000
TIMEOUT_S = 120.0  # a CTE a backend only ever computed filtered by its query may be large; give up on it early
# column types an inline table can restate exactly from the values' text
_PLAIN_TYPE = re.compile(
    r"(?i)^(bool|boolean|int2|int4|int8|smallint|integer|bigint|float4|float8|real|double precision|text|"
    r"varchar(\(\d+\))?|bpchar(\(\d+\))?|numeric(\(\d+, ?\d+\))?|date|timestamp)$")
_WITH = re.compile(r"(?is)^\s*(--[^\n]*\n\s*|/\*.*?\*/\s*)*WITH\b")


class ConstantTables:
    """A build's constant CTEs, per database URL; shared by the build's worker threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._key_locks: dict[tuple[str, str], threading.Lock] = {}
        self._rows: dict[tuple[str, str], str | None] = {}  # (url, CTE chain) → its inline SELECT, or None: keep it
        self._templates: dict[tuple[str, str], str] = {}  # (url, template) → the template with constants inlined
        self.computed = 0  # CTEs run alone
        self.inlined = 0  # of them, inlined
        self.seconds = 0.0

    def resolve(self, db: Database, template: str, stats: "ExecStats | None" = None) -> str:
        """`template` with every slot-free CTE that reads the EHR replaced by its rows (when they can be)."""
        if not _WITH.match(template) or "RECURSIVE" in template.upper()[:2000]:
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
        slots = set(PLACEHOLDER_RE.findall(template))
        text = PLACEHOLDER_RE.sub(lambda m: f"{SLOT_TABLE}.{m.group(1)}", template)
        try:
            tree = sqlglot.parse_one(text, read="postgres")
        except sqlglot.errors.ParseError:
            return template  # the query itself reports it
        with_ = tree.args.get("with_") or tree.args.get("with")
        if with_ is None or with_.args.get("recursive"):
            return template
        bound: set[str] = set()
        chain: dict[str, str] = {}  # slot-free CTE name → its `name AS (…)` text as written (the constant's key)
        now: dict[str, str] = {}  # … and as it is computed (the CTEs it reads already inlined)
        changed = False
        for cte in with_.expressions:
            name = cte.alias_or_name
            refs = {t.name for t in cte.find_all(exp.Table) if not t.db}
            if any(c.table == SLOT_TABLE for c in cte.find_all(exp.Column)) or refs & bound:
                bound.add(name)
                continue
            deps = _closure(refs & set(chain), with_, chain)
            chain[name] = now[name] = cte.sql(dialect="postgres")
            if not any(t.db for t in cte.find_all(exp.Table)):
                continue  # a VALUES list or a reshaping of other CTEs: nothing to save
            body = self._constant(db, [chain[d] for d in [*deps, name]], [now[d] for d in [*deps, name]], name,
                                  stats)
            if body is None:
                continue
            cte.set("this", sqlglot.parse_one(body, read="postgres"))
            cte.args["alias"].set("columns", None)
            now[name] = cte.sql(dialect="postgres")
            changed = True
        if not changed:
            return template
        out = re.sub(rf"\b{SLOT_TABLE}\.(\w+)\b", r"{{\1}}", tree.sql(dialect="postgres"))
        return out if set(PLACEHOLDER_RE.findall(out)) == slots else template

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
                self.seconds += seconds
            if stats is not None:
                stats.add("constants", seconds)
            return body


def _closure(direct: set[str], with_: exp.Expression, chain: dict[str, str]) -> list[str]:
    """The slot-free CTEs `direct` names and those they read in turn, in the template's order."""
    by_name = {c.alias_or_name: c for c in with_.expressions}
    need, todo = set(), list(direct)
    while todo:
        n = todo.pop()
        if n in need:
            continue
        need.add(n)
        todo += [t.name for t in by_name[n].find_all(exp.Table) if not t.db and t.name in chain]
    return [n for n in chain if n in need]


def inline_select(names: list[str], types: tuple[str | None, ...], rows: list[tuple]) -> str | None:
    """`SELECT … FROM GENERATE_SERIES(…)` giving `rows` with these column names and types, or None when a type or
    value cannot be restated exactly (or the text would be too long)."""
    if len(types) != len(names) or len(set(names)) != len(names):
        return None
    if not all(t is not None and _PLAIN_TYPE.match(t) for t in types):
        return None
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
