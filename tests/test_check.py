"""pipeline.ehr.check: every declared key becomes a check, every invariant file is valid PostgreSQL SQL that
transpiles for DuckDB, and a failing query is reported instead of aborting the report."""

import re

import polars as pl
import pytest
import sqlglot

from pipeline.ehr.check import Check, check_database, invariant_checks, key_checks
from pipeline.paths import SCHEMA_DIR


def test_key_checks_cover_constraints_sql() -> None:
    text = (SCHEMA_DIR / "constraints.sql").read_text()
    n_pk = len(re.findall(r"PRIMARY KEY", text))
    n_fk = len(re.findall(r"FOREIGN KEY", text))
    checks = key_checks()
    assert len([c for c in checks if c.kind == "pk"]) == n_pk > 20
    assert len([c for c in checks if c.kind == "fk"]) == n_fk > 40
    fk = {c.name: c for c in checks}["chartevents_stay_id_fk"]
    assert "mimiciv_icu.icustays" in fk.sql and "NOT EXISTS" in fk.sql


def test_invariant_files_parse_in_both_dialects() -> None:
    checks = invariant_checks()
    assert len(checks) >= 25
    for c in checks:
        assert c.description, f"{c.name} needs a leading comment"
        tree = sqlglot.parse_one(c.sql, read="postgres")
        assert "violations" in [s.alias_or_name for s in tree.selects], c.name
        sqlglot.transpile(c.sql, read="postgres", write="duckdb")


class _FakeDB:
    def __init__(self) -> None:
        self.sql: list[str] = []

    def query(self, sql: str, **_: object) -> pl.DataFrame:
        self.sql.append(sql)
        if "broken" in sql:
            raise RuntimeError("no such table")
        if sql.startswith("SELECT COUNT(*) AS n"):
            return pl.DataFrame({"n": [5]})
        return pl.DataFrame({"violations": [3 if "bad" in sql else 0]})


def test_report_ok_render_and_errors() -> None:
    db = _FakeDB()
    good = check_database(db, checks=[Check("fine", "invariant", "d", "SELECT 0 AS violations")])
    assert good.ok and "OK" in good.render() and good.row_counts["mimiciv_hosp.patients"] == 5
    bad = check_database(db, checks=[Check("fine", "invariant", "d", "SELECT 0 AS violations"),
                                     Check("bad", "invariant", "d", "SELECT bad"),
                                     Check("broken", "invariant", "d", "SELECT broken")])
    assert not bad.ok
    assert bad.violations() == {"fine": 0, "bad": 3, "broken": None}
    text = bad.render()
    assert "FAIL" in text and "ERROR" in text and "VIOLATIONS FOUND" in text


@pytest.mark.postgres
def test_checks_pass_on_both_backends(tiny_duckdb_url: str, tiny_pg_url: str) -> None:
    """The same invariant SQL runs on DuckDB (transpiled) and PostgreSQL, with zero violations on both."""
    from pipeline.ehr.database import connect

    reports = {}
    for url in (tiny_duckdb_url, tiny_pg_url):
        with connect(url) as db:
            reports[url] = check_database(db)
    duck, pg = reports[tiny_duckdb_url], reports[tiny_pg_url]
    for rep in (duck, pg):
        assert rep.ok, "\n" + "\n".join(f"{r.check.name}: {r.violations} {r.error or ''}" for r in rep.failures)
    assert duck.row_counts == pg.row_counts
    assert duck.violations() == pg.violations()
