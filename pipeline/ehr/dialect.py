"""PostgreSQL-dialect SQL → DuckDB, with sqlglot's known traps handled.

Reference SQL is written once in PostgreSQL dialect. sqlglot transpiles it; we then fix what sqlglot gets
wrong on its own: a bare NUMERIC becomes DECIMAL(18,3) in DuckDB and silently truncates, so it is widened;
integer division needs the AST typed (qualify + annotate_types against the MIMIC schema) to stay integral.
"""

import threading

import sqlglot
from sqlglot import exp
from sqlglot.errors import OptimizeError, ParseError
from sqlglot.optimizer.annotate_types import annotate_types
from sqlglot.optimizer.qualify import qualify

from pipeline.ehr.schema import sqlglot_schema

WIDE_DECIMAL = exp.DataType.build("DECIMAL(38, 10)")


class SQLSyntaxError(ValueError):
    """The SQL does not parse as PostgreSQL."""


def parse_postgres(sql: str) -> list[exp.Expression]:
    try:
        stmts = [s for s in sqlglot.parse(sql, read="postgres") if s is not None]
    except ParseError as e:
        raise SQLSyntaxError(f"SQL does not parse: {_first_line(str(e))}") from None
    return stmts


def _first_line(msg: str) -> str:
    return msg.strip().splitlines()[0] if msg.strip() else msg


def _widen_decimals(tree: exp.Expression) -> exp.Expression:
    def fix(node: exp.Expression) -> exp.Expression:
        if (
            isinstance(node, exp.DataType)
            and node.this in (exp.DataType.Type.DECIMAL, exp.DataType.Type.BIGDECIMAL)
            and not node.expressions
        ):
            return WIDE_DECIMAL.copy()
        return node

    return tree.transform(fix, copy=False)


def _extract_as_numeric(tree: exp.Expression) -> exp.Expression:
    """PostgreSQL (14+) EXTRACT returns NUMERIC and date_part DOUBLE PRECISION, so `EXTRACT(EPOCH FROM d) / 3600`
    is fractional hours there; sqlglot types EXTRACT as INT and would make that an integer division. Cast them so
    the typed transpile keeps PostgreSQL's arithmetic."""

    def fix(node: exp.Expression) -> exp.Expression:
        if isinstance(node, exp.Extract) and not isinstance(node.parent, exp.Cast):
            return exp.Cast(this=node, to=WIDE_DECIMAL.copy())
        if isinstance(node, exp.Anonymous) and node.name.lower() == "date_part" and not isinstance(node.parent, exp.Cast):
            return exp.Cast(this=node, to=exp.DataType.build("DOUBLE"))
        return node

    return tree.transform(fix, copy=False)


def _has_integer_division(tree: exp.Expression) -> bool:
    return any(True for _ in tree.find_all(exp.Div))


_TEMPORAL = {exp.DataType.Type.TIMESTAMP, exp.DataType.Type.TIMESTAMPTZ, exp.DataType.Type.DATETIME}


def _may_sum_intervals(tree: exp.Expression) -> bool:
    """Syntactic pre-check (cheap): a SUM over a subtraction or an INTERVAL literal."""
    return any(isinstance(s.this.unnest(), exp.Sub) or s.this.find(exp.Interval) for s in tree.find_all(exp.Sum))


def _is_interval(node: exp.Expression) -> bool:
    node = node.unnest()
    if isinstance(node, exp.Interval):
        return True
    if isinstance(node, exp.Sub):
        # timestamp - timestamp is an interval (date - date is an integer in both engines)
        types = [getattr(side.type, "this", None) for side in (node.left, node.right)]
        if all(t in _TEMPORAL for t in types):
            return True
    if isinstance(node, exp.Add | exp.Sub):
        return _is_interval(node.left) and _is_interval(node.right)
    return False


def _fix_interval_sums(tree: exp.Expression) -> bool:
    """DuckDB has no SUM(INTERVAL): rewrite it in place as to_seconds(SUM(epoch(x))), the same span in seconds
    (also as a window function). Returns whether anything was rewritten."""
    changed = False
    for node in list(tree.find_all(exp.Sum)):
        if not _is_interval(node.this):
            continue
        new_sum: exp.Expression = exp.Sum(this=exp.Anonymous(this="epoch", expressions=[node.this.copy()]))
        target: exp.Expression = node
        if isinstance(node.parent, exp.Window) and node.arg_key == "this":
            target = node.parent
            window = target.copy()
            window.set("this", new_sum)
            new_sum = window
        target.replace(exp.Anonymous(this="to_seconds", expressions=[new_sum]))
        changed = True
    return changed


_CACHE_SIZE = 4096
_CACHEABLE_CHARS = 20_000  # set-based construction queries run once and can be ~100 KB: not worth keeping
_cache: dict[str, str] = {}
_cache_lock = threading.Lock()  # the build's two worker threads evict together: an unguarded pop raised KeyError


def to_duckdb(sql: str, parsed: exp.Expression | None = None) -> str:
    """Transpile one PostgreSQL statement to DuckDB. Pass `parsed` (the statement's sqlglot tree) when the caller
    has already parsed it: parsing is a third of the cost of a small query. The tree is consumed (rewritten in
    place): copying the tree of a set-based query cost more than DuckDB took to run it."""
    cached = _cache.get(sql)
    if cached is not None:
        return cached
    if parsed is None:
        stmts = parse_postgres(sql)
        if len(stmts) != 1:
            raise SQLSyntaxError(f"expected exactly one SQL statement, got {len(stmts)}")
        parsed = stmts[0]
    out = _transpile_tree(parsed, sql)
    if len(sql) > _CACHEABLE_CHARS:
        return out
    with _cache_lock:
        while len(_cache) >= _CACHE_SIZE:
            _cache.pop(next(iter(_cache)))
        _cache[sql] = out
    return out


def _transpile_tree(statement: exp.Expression, sql: str) -> str:
    """`statement` is rewritten in place. A division always takes the typed transpile, so its tree is typed in
    place (and `sql` parsed afresh for the untyped fallback); an interval sum may not need it, so it types a copy."""
    tree = _widen_decimals(statement)
    division, interval_sum = _has_integer_division(tree), _may_sum_intervals(tree)
    if division or interval_sum:
        try:
            schema = sqlglot_schema()
            typed = annotate_types(
                qualify(_extract_as_numeric(tree) if division else tree.copy(), schema=schema, dialect="postgres",
                        quote_identifiers=False, validate_qualify_columns=False),
                schema=schema,
            )
            if _fix_interval_sums(typed) or division:
                return typed.sql("duckdb")
        except (OptimizeError, KeyError, ValueError):
            # unknown tables or columns: fall back to the untyped transpile
            if division:
                tree = _widen_decimals(parse_postgres(sql)[0])
    return tree.sql("duckdb")
