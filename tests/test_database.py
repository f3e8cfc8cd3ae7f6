"""The bounded read-only query layer, on a real DuckDB file and the suite's PostgreSQL server."""

from pathlib import Path

import duckdb
import pytest

from pipeline.ehr import schema
from pipeline.ehr.database import QueryTimeout, RowLimitExceeded, WriteRefused, connect, validate_read_only
from pipeline.ehr.dialect import to_duckdb


@pytest.fixture
def small_duckdb(tmp_path: Path) -> str:
    path = tmp_path / "ehr.duckdb"
    con = duckdb.connect(str(path))
    for stmt in schema.ddl_statements("create", "duckdb") + schema.ddl_statements("derived", "duckdb"):
        con.execute(stmt)
    con.execute(
        "INSERT INTO mimiciv_hosp.patients VALUES (10000001,'F',60,2150,'2008 - 2010',NULL),"
        "(10000002,'M',91,2160,'2017 - 2019','2161-01-02')"
    )
    con.close()
    return f"duckdb:///{path}"


def test_integer_division_stays_integral_and_numeric_is_not_truncated(small_duckdb: str) -> None:
    with connect(small_duckdb) as db:
        frame = db.query(
            "SELECT anchor_age / 7 AS q, anchor_age::numeric / 7 AS r FROM mimiciv_hosp.patients ORDER BY subject_id"
        )
    assert frame["q"].to_list() == [8, 13]
    assert abs(float(frame["r"][0]) - 60 / 7) < 1e-9  # DECIMAL(18,3) would give 8.571


def test_row_cap_and_truncation_flag(small_duckdb: str) -> None:
    with connect(small_duckdb) as db:
        res = db.query_result("SELECT * FROM generate_series(1, 1000) AS g(x)", max_rows=10)
        assert res.truncated and res.frame.height == 10
        with pytest.raises(RowLimitExceeded):
            db.query("SELECT * FROM generate_series(1, 1000) AS g(x)", max_rows=10)


def test_timeout_interrupts_a_runaway_query(small_duckdb: str) -> None:
    with connect(small_duckdb) as db, pytest.raises(QueryTimeout):
        db.query("WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT COUNT(*) FROM r", timeout_s=0.5)


@pytest.mark.parametrize(
    "sql",
    [
        "DROP TABLE mimiciv_hosp.patients",
        "DELETE FROM mimiciv_hosp.patients",
        "SELECT 1; SELECT 2",
        "COPY mimiciv_hosp.patients TO '/tmp/x.csv'",
        "SELECT * FROM read_csv('/etc/passwd')",
        "SELECT pg_read_file('/etc/passwd')",
        "WITH x AS (DELETE FROM mimiciv_hosp.patients RETURNING *) SELECT * FROM x",
        "SELECT * INTO t2 FROM mimiciv_hosp.patients",
        "SET statement_timeout = 0",
        "BEGIN",
        "",
    ],
)
def test_writes_and_escapes_are_refused(sql: str) -> None:
    with pytest.raises(WriteRefused):
        validate_read_only(sql)


def test_transpile_widens_bare_numeric() -> None:
    assert "DECIMAL(38, 10)" in to_duckdb("SELECT x::numeric FROM mimiciv_hosp.labevents")


@pytest.mark.postgres
def test_postgres_query_is_read_only_and_bounded(pg_database: str) -> None:
    import psycopg

    from pipeline.ehr.database import psycopg_conninfo

    with psycopg.connect(psycopg_conninfo(pg_database), autocommit=True) as conn:
        conn.execute("CREATE TABLE t AS SELECT g AS x FROM generate_series(1, 100) g")
    with connect(pg_database) as db:
        assert db.scalar("SELECT SUM(x) / 7 FROM t") == 5050 // 7
        res = db.query_result("SELECT x FROM t ORDER BY x", max_rows=5)
        assert res.truncated and res.frame["x"].to_list() == [1, 2, 3, 4, 5]
        with pytest.raises(QueryTimeout):
            db.query("SELECT COUNT(*) FROM generate_series(1, 100000000)", timeout_s=0.3)
        # the backend itself refuses writes even if validation were bypassed
        from pipeline.ehr.database import QueryError

        with pytest.raises(QueryError):
            db._execute("CREATE TABLE u (y int)", timeout_s=5, max_rows=10)


@pytest.mark.postgres
def test_postgres_session_settings_are_local_to_the_query(pg_database: str) -> None:
    """jit is off for every query and its cursor is planned for all its rows; hash joins only for a whole-EHR query,
    and the next query on the same pooled connection plans as the server says again (SET LOCAL), still read-only
    and under its own timeout."""
    setting = "SELECT setting FROM pg_settings WHERE name = '{}'"
    with connect(pg_database) as db:
        assert db.scalar(setting.format("jit")) == "off"
        assert db.scalar(setting.format("cursor_tuple_fraction")) == "1"
        assert db.scalar(setting.format("enable_nestloop")) == "on"
        assert db.scalar(setting.format("enable_nestloop"), whole_ehr=True) == "off"
        assert db.scalar(setting.format("max_parallel_workers_per_gather"), whole_ehr=True) == "0"
        assert db.scalar(setting.format("statement_timeout"), whole_ehr=True, timeout_s=7) == "7000"
        assert db.scalar(setting.format("transaction_read_only"), whole_ehr=True) == "on"
        assert db.scalar(setting.format("enable_nestloop")) == "on"
        with pytest.raises(QueryTimeout):
            db.query("SELECT COUNT(*) FROM generate_series(1, 100000000)", timeout_s=0.3, whole_ehr=True)


INLINE_QUERY = (
    "SELECT b.k, b.t, b.x / 2 AS half, p.anchor_age / 7 AS q FROM b "
    "LEFT JOIN mimiciv_hosp.patients p ON p.subject_id = b.k ORDER BY b.k"
)


def _inline_table(keys: list[int], texts: list[str], xs: list[float]):
    from pipeline.ehr.database import InlineTable

    cols = (("k", "BIGINT"), ("t", None), ("x", "DOUBLE PRECISION"))
    return InlineTable("b", cols, (tuple(map(str, keys)), tuple(texts), tuple(map(str, xs))))


def _over_inline(db, table):
    return db.query(f"WITH {table.placeholder()}\n{INLINE_QUERY}", inline=table)


def _inlined(db, table):
    return db.query(f"WITH {table.cte()}\n{INLINE_QUERY}")


@pytest.mark.parametrize("backend", ["duckdb", pytest.param("postgresql", marks=pytest.mark.postgres)])
def test_an_inline_table_is_spliced_into_one_checked_text(backend: str, small_duckdb: str, request) -> None:
    """Rows spliced after the text was checked and transpiled give what the same query with the rows written in
    gives (quotes in values included: they stay literals), and the text is checked once whatever the rows."""
    from pipeline.ehr import database

    if backend == "postgresql":
        url = request.getfixturevalue("pg_database")
        import psycopg

        with psycopg.connect(database.psycopg_conninfo(url), autocommit=True) as conn:
            conn.execute("CREATE SCHEMA mimiciv_hosp")
            conn.execute("CREATE TABLE mimiciv_hosp.patients AS SELECT 10000001 AS subject_id, 60 AS anchor_age")
    else:
        url = small_duckdb
    database._prepared.cache_clear()
    with connect(url) as db:
        first = _inline_table([10000001, 7], ["it's", "a"], [3.0, 5.5])
        second = _inline_table([3, 10000001, 4], ["x'); DROP TABLE t; --", "b", "c"], [1.0, 2.0, 9.0])
        for table in (first, second):
            got = _over_inline(db, table)
            assert got.rows() == _inlined(db, table).rows()
        assert got["t"].to_list() == ["x'); DROP TABLE t; --", "c", "b"] and got["half"].to_list() == [0.5, 4.5, 1.0]
        assert got["q"].to_list() == [None, None, 8]  # integer division stays integral in DuckDB too
        assert database._prepared.cache_info().misses == 1 and database._prepared.cache_info().hits == 1
        with pytest.raises(ValueError, match="must begin with its placeholder"):
            db.query(f"WITH {first.cte()}\n{INLINE_QUERY}", inline=first)
        with pytest.raises(WriteRefused):
            db.query(f"WITH {first.placeholder()}\nDELETE FROM mimiciv_hosp.patients", inline=first)
    with pytest.raises(ValueError, match="reserved delimiter"):
        _inline_table([1], ["a~|~b"], [1.0])
