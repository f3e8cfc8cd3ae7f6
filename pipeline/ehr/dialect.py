"""PostgreSQL-dialect SQL → DuckDB, with the traps STACK_NOTES lists handled.

Reference SQL is written once in PostgreSQL dialect. sqlglot transpiles it; we then fix what sqlglot gets
wrong on its own: a bare NUMERIC becomes DECIMAL(18,3) in DuckDB and silently truncates, so it is widened;
integer division needs the AST typed (qualify + annotate_types against the MIMIC schema) to stay integral.
"""

from functools import lru_cache

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

    return tree.transform(fix)


def _has_integer_division(tree: exp.Expression) -> bool:
    return any(True for _ in tree.find_all(exp.Div))


@lru_cache(maxsize=4096)
def to_duckdb(sql: str) -> str:
    """Transpile one PostgreSQL statement to DuckDB."""
    stmts = parse_postgres(sql)
    if len(stmts) != 1:
        raise SQLSyntaxError(f"expected exactly one SQL statement, got {len(stmts)}")
    tree = _widen_decimals(stmts[0])
    if _has_integer_division(tree):
        try:
            schema = sqlglot_schema()
            typed = annotate_types(
                qualify(tree.copy(), schema=schema, dialect="postgres", quote_identifiers=False,
                        validate_qualify_columns=False),
                schema=schema,
            )
            return typed.sql("duckdb")
        except (OptimizeError, KeyError, ValueError):
            pass  # unknown tables or columns: fall back to the untyped transpile
    return tree.sql("duckdb")
