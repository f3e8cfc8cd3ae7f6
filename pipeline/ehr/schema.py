"""The MIMIC-IV schema, read from the DDL in sql/schema (the single source of truth for both backends)."""

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import polars as pl
import sqlglot

from pipeline.paths import SCHEMA_DIR

MODULE_SCHEMAS = {"hosp": "mimiciv_hosp", "icu": "mimiciv_icu"}


@dataclass(frozen=True)
class Column:
    name: str
    pg_type: str  # exactly as written in the DDL, e.g. "VARCHAR(10)", "TIMESTAMP(0)"
    not_null: bool

    @property
    def base_type(self) -> str:
        return self.pg_type.split("(")[0].upper()

    @property
    def polars_dtype(self) -> pl.DataType:
        return _POLARS_TYPES[self.base_type]


@dataclass(frozen=True)
class Table:
    schema: str
    name: str
    columns: tuple[Column, ...]

    @property
    def qualified(self) -> str:
        return f"{self.schema}.{self.name}"

    @property
    def module(self) -> str:
        """PhysioNet folder of the table: hosp, icu (or derived)."""
        return {v: k for k, v in MODULE_SCHEMAS.items()}.get(self.schema, "derived")

    @property
    def column_names(self) -> list[str]:
        return [c.name for c in self.columns]

    @property
    def polars_schema(self) -> dict[str, pl.DataType]:
        return {c.name: c.polars_dtype for c in self.columns}

    def column(self, name: str) -> Column:
        for c in self.columns:
            if c.name == name:
                return c
        raise KeyError(f"{self.qualified} has no column {name!r}")


_POLARS_TYPES: dict[str, pl.DataType] = {
    "INTEGER": pl.Int32(),
    "INT": pl.Int32(),
    "SMALLINT": pl.Int16(),
    "BIGINT": pl.Int64(),
    "FLOAT": pl.Float64(),
    "DOUBLE PRECISION": pl.Float64(),
    "DOUBLE": pl.Float64(),
    "REAL": pl.Float32(),
    "TEXT": pl.String(),
    "VARCHAR": pl.String(),
    "CHAR": pl.String(),
    "DATE": pl.Date(),
    "TIMESTAMP": pl.Datetime("us"),
}


_CREATE_RE = re.compile(r"CREATE TABLE\s+(\w+)\.(\w+)\s*\((.*?)\);", re.S | re.I)
_COLUMN_RE = re.compile(r"^\s*(\w+)\s+(.+?)(\s+NOT NULL)?\s*$", re.I)


def _parse_ddl(path: Path) -> list[Table]:
    """Read CREATE TABLE statements keeping each type exactly as written (sqlglot would normalise
    FLOAT/INTEGER spellings, and the schema test compares them with MIMIC's create.sql)."""
    text = re.sub(r"--[^\n]*", "", path.read_text())
    tables = []
    for schema_name, table_name, body in _CREATE_RE.findall(text):
        cols = []
        for line in body.split(","):
            if not line.strip():
                continue
            # split(",") breaks "NUMERIC(10, 2)"-style types; MIMIC uses none, so refuse rather than misparse
            m = _COLUMN_RE.match(line)
            if m is None:
                raise ValueError(f"{path}: cannot parse column definition {line.strip()!r} in {table_name}")
            cols.append(Column(m.group(1), m.group(2).strip().upper(), bool(m.group(3))))
        tables.append(Table(schema_name, table_name, tuple(cols)))
    if not tables:
        raise ValueError(f"{path}: no CREATE TABLE statements found")
    return tables


@cache
def mimic_tables() -> tuple[Table, ...]:
    """The 31 MIMIC-IV tables, in DDL order."""
    return tuple(_parse_ddl(SCHEMA_DIR / "create.sql"))


@cache
def derived_tables() -> tuple[Table, ...]:
    return tuple(_parse_ddl(SCHEMA_DIR / "derived.sql"))


def all_tables() -> tuple[Table, ...]:
    return mimic_tables() + derived_tables()


@cache
def table_by_name() -> dict[str, Table]:
    """Lookup by bare name ('labevents') and by qualified name ('mimiciv_hosp.labevents')."""
    out: dict[str, Table] = {}
    for t in all_tables():
        out[t.name] = t
        out[t.qualified] = t
    return out


def get_table(name: str) -> Table:
    try:
        return table_by_name()[name]
    except KeyError:
        raise KeyError(f"unknown MIMIC-IV table {name!r}") from None


def sqlglot_schema() -> dict[str, dict[str, dict[str, str]]]:
    """{schema: {table: {column: type}}} for sqlglot's qualify/annotate_types and column validation."""
    out: dict[str, dict[str, dict[str, str]]] = {}
    for t in all_tables():
        out.setdefault(t.schema, {})[t.name] = {c.name: c.pg_type for c in t.columns}
    return out


def ddl_statements(kind: str, dialect: str = "postgres") -> list[str]:
    """Statements of sql/schema/<kind>.sql ('create', 'derived', 'constraints', 'indexes') in a dialect."""
    text = (SCHEMA_DIR / f"{kind}.sql").read_text()
    stmts = [s for s in sqlglot.parse(text, read="postgres") if s is not None]
    if dialect == "postgres":
        return [s.sql("postgres") for s in stmts]
    return [s.sql(dialect) for s in stmts]


def read_reference(path: Path | None = None) -> list[tuple[str, str, str, str, bool]]:
    """Rows (module, table, column, pg_type, not_null) of the shipped MIMIC-IV v3.1 reference TSV."""
    from pipeline.paths import REFERENCE_DIR

    path = path or REFERENCE_DIR / "mimic_iv_schema.tsv"
    rows = []
    lines = [ln for ln in path.read_text().splitlines() if ln and not ln.startswith("#")]
    for ln in lines[1:]:
        f = ln.split("\t")
        rows.append((f[0], f[1], f[2], f[3], f[4] == "NOT NULL"))
    return rows
