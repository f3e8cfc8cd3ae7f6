"""PhysioNet-layout export and the round trip generate → DuckDB → export → PostgreSQL → export → DuckDB."""

import csv
import gzip
from pathlib import Path

import pytest
from result_compare import diff

from pipeline.ehr.database import connect
from pipeline.ehr.export import export_physionet
from pipeline.ehr.load import load_physionet
from pipeline.ehr.schema import all_tables, mimic_tables


def assert_same_content(url_a: str, url_b: str) -> None:
    """Every table (31 + cost) holds the same rows on both databases (normalised, order-free)."""
    with connect(url_a) as a, connect(url_b) as b:
        for t in all_tables():
            sql = f"SELECT * FROM {t.qualified}"
            fa, fb = a.query(sql, max_rows=5_000_000), b.query(sql, max_rows=5_000_000)
            problem = diff(fa, fb)
            assert problem is None, f"{t.qualified}: {problem}"


def test_export_layout_and_format(tiny_duckdb_url: str, tmp_path: Path) -> None:
    out = tmp_path / "physionet"
    report = export_physionet(tiny_duckdb_url, out)
    assert len(report.rows) == 31
    for t in mimic_tables():
        path = out / t.module / f"{t.name}.csv.gz"
        with gzip.open(path, "rt", newline="") as f:
            reader = csv.reader(f)
            assert next(reader) == t.column_names, path
            first = next(reader, None)
        if first is not None and "admittime" in t.column_names:
            value = first[t.column_names.index("admittime")]
            assert len(value) == 19 and value[10] == " ", value  # 2180-07-23 15:48:00
    assert not list(out.rglob("*.tmp"))


@pytest.mark.postgres
def test_round_trip_duckdb_postgres_duckdb(tiny_duckdb_url: str, pg_database: str, tmp_path: Path) -> None:
    out1 = tmp_path / "from_duckdb"
    export_physionet(tiny_duckdb_url, out1)
    load_physionet(out1, pg_database)
    assert_same_content(tiny_duckdb_url, pg_database)

    out2 = tmp_path / "from_postgres"
    export_physionet(pg_database, out2)
    back = f"duckdb:///{tmp_path / 'back.duckdb'}"
    load_physionet(out2, back)
    assert_same_content(tiny_duckdb_url, back)
    # the two exports hold the same CSV records field for field (row order and optional quoting aside):
    # the same text for every number, timestamp and NULL whichever backend wrote them
    for t in mimic_tables():
        rel = Path(t.module) / f"{t.name}.csv.gz"
        with gzip.open(out1 / rel, "rt", newline="") as f1, gzip.open(out2 / rel, "rt", newline="") as f2:
            assert sorted(csv.reader(f1)) == sorted(csv.reader(f2)), rel
