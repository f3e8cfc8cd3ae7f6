"""Minimal Parquet -> DuckDB materialisation for the generator tests (the project's
loader is pipeline.ehr.load; this one has no constraints or indexes, so it shows the data exactly as written)."""

from pathlib import Path

import duckdb

from pipeline.ehr.schema import MODULE_SCHEMAS, mimic_tables


def parquet_to_duckdb(parquet_dir: Path, db_path: Path) -> Path:
    db_path = Path(db_path)
    db_path.unlink(missing_ok=True)
    con = duckdb.connect(str(db_path))
    try:
        for schema in MODULE_SCHEMAS.values():
            con.execute(f"CREATE SCHEMA IF NOT EXISTS {schema}")
        for t in mimic_tables():
            glob = Path(parquet_dir) / t.module / t.name / "part-*.parquet"
            con.execute(f"CREATE TABLE {t.qualified} AS SELECT * FROM read_parquet('{glob}')")
    finally:
        con.close()
    return db_path
