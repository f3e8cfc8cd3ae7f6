"""Every family's binding query, as PostgreSQL plans it for the build (the whole-EHR settings: hash joins, no nested
loops), has no correlated subquery that scans a table or CTE once per row. DuckDB decorrelates such subqueries;
PostgreSQL runs them as a SubPlan per outer row, and with nested loops off each run scans or hashes its tables
whole: at 30,000 patients five binding queries of this shape ran 2 to over 10 minutes each, one past the build's
per-query limit (BENCHMARKS.md, "PostgreSQL at 30,000 patients"). The plan's shape shows on the tiny EHR: sequential
scans are switched off, so a scan left inside a per-row SubPlan is one no index can serve. Lookups in the small
d_* dictionaries are allowed."""

import re
from typing import Any

import psycopg
import pytest
import sqlglot
from sqlglot import exp

from pipeline.construction.config import BuildConfig
from pipeline.construction.slots import PLACEHOLDER_RE
from pipeline.construction.steps import families_from_frame, step_families
from pipeline.ehr.database import SESSION_SETTINGS, WHOLE_EHR_SETTINGS

# what a subquery run once per row may do: look rows up by index and aggregate them (MIN, COUNT, EXISTS)
PER_ROW_OK = frozenset({"Index Scan", "Index Only Scan", "Bitmap Index Scan", "Bitmap Heap Scan", "Aggregate",
                        "Result", "Limit"})


def _strings(node: dict[str, Any]) -> list[str]:
    out = [v for v in node.values() if isinstance(v, str)]
    out += [x for v in node.values() if isinstance(v, list) for x in v if isinstance(x, str)]
    for child in node.get("Plans", []):
        out += _strings(child)
    return out


def _work(node: dict[str, Any]) -> list[str]:
    """The nodes under a SubPlan that do more than an index lookup (scans of d_* dictionaries aside)."""
    relation = node.get("Relation Name") or ""
    here = [] if node["Node Type"] in PER_ROW_OK or relation.startswith("d_") else [
        f"{node['Node Type']} {relation or node.get('CTE Name') or ''}".strip()]
    return here + [s for child in node.get("Plans", []) for s in _work(child)]


def per_row_work(plan: dict[str, Any]) -> list[str]:
    """The SubPlans of a JSON plan that run once per outer row (not hashed: an uncorrelated IN list is hashed and runs
    once) and do more than index lookups, with what they do."""
    hashed = set(re.findall(r"hashed (SubPlan \d+)", " ".join(_strings(plan))))
    found: list[str] = []

    def walk(node: dict[str, Any]) -> None:
        name = node.get("Subplan Name", "")
        if name.startswith("SubPlan") and name not in hashed and (work := _work(node)):
            found.append(f"{name}: {', '.join(sorted(set(work)))}")
        for child in node.get("Plans", []):
            walk(child)

    walk(plan)
    return found


def test_the_checker_sees_a_per_row_scan(tiny_pg_url):
    """The check itself: a correlated count over a CTE is flagged, its join form is not."""
    per_row = ("WITH s AS MATERIALIZED (SELECT subject_id, hadm_id FROM mimiciv_hosp.admissions) "
               "SELECT a.hadm_id FROM mimiciv_hosp.admissions a "
               "WHERE (SELECT COUNT(*) FROM s WHERE s.subject_id = a.subject_id) >= 2")
    joined = ("WITH s AS (SELECT subject_id FROM mimiciv_hosp.admissions GROUP BY subject_id HAVING COUNT(*) >= 2) "
              "SELECT a.hadm_id FROM mimiciv_hosp.admissions a JOIN s ON s.subject_id = a.subject_id")
    with psycopg.connect(_plain(tiny_pg_url)) as conn:
        assert [w.split(": ")[1] for w in per_row_work(_plan(conn, per_row))] == ["CTE Scan s"]
        assert per_row_work(_plan(conn, joined)) == []


def _plain(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://")


def _plan(conn: psycopg.Connection, sql: str) -> dict[str, Any]:
    with conn.transaction():
        for setting in [*SESSION_SETTINGS, *WHOLE_EHR_SETTINGS, "SET LOCAL enable_seqscan = off"]:
            conn.execute(setting)
        return conn.execute("EXPLAIN (FORMAT JSON, VERBOSE) " + sql).fetchone()[0][0]["Plan"]


@pytest.fixture(scope="module")
def families():
    return families_from_frame(step_families(BuildConfig()))


def test_no_binding_query_scans_per_row_on_postgresql(tiny_pg_url, families):
    with psycopg.connect(_plain(tiny_pg_url)) as conn:
        offenders = {fam.id: found for fam in families
                     if (found := per_row_work(_plan(conn, fam.text(fam.spec.binding))))}
    assert offenders == {}


def correlated_in(sql: str) -> list[str]:
    """The `x IN (SELECT …)` predicates of a query whose subquery reads a column of the query around it. PostgreSQL
    pulls an IN up into a join only when its subquery stands alone; a correlated one runs once per outer row (the
    diagnosis-group test did, once per diagnosis row and binding: over 9 minutes for one condition at 30,000
    patients). An EXISTS with the correlation in its WHERE becomes a semi-join. A slot's value (`{{slot}}`) is a
    constant of each binding, not a correlation."""
    tree = sqlglot.parse_one(PLACEHOLDER_RE.sub(lambda m: f"rg_b.{m.group(1)}", sql), read="postgres")
    found = []
    for pred in tree.find_all(exp.In):
        sub = pred.args.get("query")
        if sub is None:
            continue
        inner = {t.alias_or_name for t in sub.find_all(exp.Table)} | {"rg_b"}
        outer = sorted({c.table for c in sub.find_all(exp.Column) if c.table and c.table not in inner})
        if outer:
            found.append(f"{pred.sql(dialect='postgres')[:80]}… reads {', '.join(outer)}")
    return found


def test_the_correlated_in_check_sees_one():
    assert correlated_in("SELECT d.x FROM t d WHERE {{g}} IN (SELECT gc.g FROM codes gc WHERE gc.c = d.c)")
    assert not correlated_in("SELECT d.x FROM t d WHERE EXISTS (SELECT 1 FROM codes gc WHERE gc.g = {{g}} "
                             "AND gc.c = d.c) AND d.y IN (SELECT u.y FROM u WHERE u.k = {{k}})")


def test_no_family_query_has_a_correlated_in(families):
    """Every query a build runs: bindings, conditions, references, readings, noise candidates and drop-one SQL."""
    offenders = {}
    for fam in families:
        for key, text in sorted(fam.sql.items()):
            if found := correlated_in(text):
                offenders[key] = found
    assert offenders == {}
