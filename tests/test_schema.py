"""The schema our loader creates matches MIMIC-IV v3.1 (pipeline/ehr/reference/mimic_iv_schema.tsv) column by column on both
backends: table set, column names and order, types (as information_schema reports them) and nullability."""

import re
from pathlib import Path

import polars as pl
import pytest

from pipeline.ehr.database import connect
from pipeline.ehr.load import load_parquet
from pipeline.ehr.schema import ddl_statements, mimic_tables, read_reference

# reference pg_type (base) → information_schema.columns.data_type per backend
PG_DATA_TYPE = {
    "INTEGER": "integer", "SMALLINT": "smallint", "BIGINT": "bigint", "VARCHAR": "character varying",
    "CHAR": "character", "TEXT": "text", "TIMESTAMP": "timestamp without time zone", "DATE": "date",
    "FLOAT": "double precision", "DOUBLE PRECISION": "double precision", "REAL": "real",
}
DUCKDB_DATA_TYPE = {
    "INTEGER": "INTEGER", "SMALLINT": "SMALLINT", "BIGINT": "BIGINT", "VARCHAR": "VARCHAR", "CHAR": "VARCHAR",
    "TEXT": "VARCHAR", "TIMESTAMP": "TIMESTAMP", "DATE": "DATE", "FLOAT": "DOUBLE", "DOUBLE PRECISION": "DOUBLE",
    "REAL": "FLOAT",
    # DuckDB keeps TIMESTAMP(p) precision as a distinct type
    "TIMESTAMP(0)": "TIMESTAMP_S", "TIMESTAMP(3)": "TIMESTAMP_MS",
}


def _empty_parquet(out: Path) -> Path:
    for t in mimic_tables():
        d = out / t.module / t.name
        d.mkdir(parents=True, exist_ok=True)
        pl.DataFrame(schema=t.polars_schema).write_parquet(d / "part-00000.parquet")
    return out


def _pk_columns() -> set[tuple[str, str]]:
    """(table, column) in a PRIMARY KEY: adding the key makes them NOT NULL, as on real MIMIC after constraint.sql."""
    out = set()
    for stmt in ddl_statements("constraints"):
        m = re.search(r"TABLE\s+\w+\.(\w+)\s+ADD CONSTRAINT\s+\w+\s+PRIMARY KEY\s*\(([^)]*)\)", stmt, re.I)
        if m:
            out |= {(m.group(1), c.strip()) for c in m.group(2).split(",")}
    return out


def _check(url: str, mapping: dict[str, str], *, lengths: bool) -> None:
    with connect(url) as db:
        cols = db.query(
            "SELECT table_schema, table_name, column_name, ordinal_position, data_type, is_nullable, "
            "character_maximum_length FROM information_schema.columns "
            "WHERE table_schema IN ('mimiciv_hosp', 'mimiciv_icu') ORDER BY table_schema, table_name, ordinal_position"
        )
    actual: dict[tuple[str, str], list[tuple]] = {}
    for r in cols.iter_rows():
        actual.setdefault((r[0].replace("mimiciv_", ""), r[1]), []).append(r[2:])
    expected: dict[tuple[str, str], list[tuple[str, str, bool]]] = {}
    for module, table, column, pg_type, not_null in read_reference():
        expected.setdefault((module, table), []).append((column, pg_type, not_null))
    assert sorted(actual) == sorted(expected)
    pk = _pk_columns()
    assert sum(m == "hosp" for m, _ in actual) == 22 and sum(m == "icu" for m, _ in actual) == 9
    for key, ref_cols in expected.items():
        got = actual[key]
        assert [g[0] for g in got] == [c[0] for c in ref_cols], key
        for (name, _pos, data_type, nullable, max_len), (_, pg_type, not_null) in zip(got, ref_cols, strict=True):
            base = pg_type.split("(")[0]
            want = mapping.get(pg_type, mapping[base])
            assert data_type.lower() == want.lower(), (key, name, data_type, pg_type)
            assert (nullable == "NO") == (not_null or (key[1], name) in pk), (key, name, nullable)
            if lengths and base in ("VARCHAR", "CHAR"):
                assert max_len == int(pg_type.split("(")[1].rstrip(")")), (key, name, max_len, pg_type)
        assert [g[1] for g in got] == list(range(1, len(got) + 1))


def test_duckdb_schema_matches_reference(tmp_path: Path) -> None:
    url = f"duckdb:///{tmp_path / 'schema.duckdb'}"
    load_parquet(_empty_parquet(tmp_path / "pq"), url)
    _check(url, DUCKDB_DATA_TYPE, lengths=False)  # DuckDB has no VARCHAR(n): lengths are not kept


@pytest.mark.postgres
def test_postgres_schema_matches_reference(tmp_path: Path, pg_database: str) -> None:
    load_parquet(_empty_parquet(tmp_path / "pq"), pg_database)
    _check(pg_database, PG_DATA_TYPE, lengths=True)
    with connect(pg_database) as db:
        precision = dict(db.query(
            "SELECT table_name || '.' || column_name, datetime_precision FROM information_schema.columns "
            "WHERE table_schema IN ('mimiciv_hosp', 'mimiciv_icu') AND data_type LIKE 'timestamp%'").iter_rows())
    for module, table, column, pg_type, _ in read_reference():
        if pg_type.startswith("TIMESTAMP("):
            assert precision[f"{table}.{column}"] == int(pg_type[10:-1]), (module, table, column)
