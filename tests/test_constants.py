"""A template's slot-free CTEs become constants of the build: computed once, inlined with their exact types, and
every answer stays what the CTE as written gives (on both backends, CHAR columns included)."""

from pathlib import Path

import pytest
import sqlglot
from sqlglot import exp

from pipeline.construction import constants
from pipeline.construction.constants import ConstantTables, inline_select
from pipeline.construction.slots import PLACEHOLDER_RE
from pipeline.construction.sqlexec import Engine, EngineConfig, render
from pipeline.ehr.database import connect

# `coded` reads the EHR and no slot (a constant); `mine` reads a slot; `named` reads only a VALUES list
TEMPLATE = """-- codes of this admission that other admissions also carry, by how many admissions carry them
WITH coded AS (SELECT d.icd_code, d.icd_version, COUNT(DISTINCT d.hadm_id) AS n
               FROM mimiciv_hosp.diagnoses_icd AS d GROUP BY d.icd_code, d.icd_version),
named(k) AS (VALUES (1), (2)),
mine AS (SELECT d.icd_code, d.icd_version FROM mimiciv_hosp.diagnoses_icd AS d WHERE d.hadm_id = {{hadm_id}})
SELECT m.icd_code, m.icd_version, c.n FROM mine AS m JOIN coded AS c
  ON c.icd_code = m.icd_code AND c.icd_version = m.icd_version CROSS JOIN named AS k WHERE k.k = 1
ORDER BY m.icd_code, m.icd_version"""
# a CHAR(7) column compared with a shorter literal: equal only with CHAR semantics (a text of the padded value is not)
CHAR_TEMPLATE = """WITH codes AS (SELECT DISTINCT d.icd_code FROM mimiciv_hosp.diagnoses_icd AS d)
SELECT COUNT(*) AS n FROM codes AS c WHERE c.icd_code = {{icd_code}}"""
KINDS = {"hadm_id": "int"}


@pytest.fixture(params=["duckdb", "postgresql"])
def db(request):
    url = request.getfixturevalue("tiny_duckdb_url" if request.param == "duckdb" else "tiny_pg_url")
    with connect(url) as d:
        yield d


class Counting:
    """The database, counting the queries the constants ran alone."""

    def __init__(self, db):
        self._db, self.alone = db, []

    def __getattr__(self, name):
        return getattr(self._db, name)

    def query_result(self, sql, **kw):
        self.alone.append(sql)
        return self._db.query_result(sql, **kw)


def _bindings(db, n=12):
    ids = db.query("SELECT DISTINCT hadm_id FROM mimiciv_hosp.diagnoses_icd ORDER BY hadm_id")["hadm_id"].to_list()
    return [(i, {"hadm_id": h}) for i, h in enumerate(ids[:n])]


def test_slot_free_cte_is_inlined_and_every_answer_is_unchanged(db):
    bindings = _bindings(db)
    resolved = ConstantTables().resolve(db, TEMPLATE)
    assert "GENERATE_SERIES" in resolved and "{{hadm_id}}" in resolved  # `coded` inlined, the slot kept
    assert "COUNT(DISTINCT" not in resolved and "VALUES (1), (2)" in resolved  # `named` reads no table: kept
    engine = Engine(EngineConfig(adaptive=False))
    got = engine.runner(db).rows(TEMPLATE, bindings, KINDS)
    assert engine.constants.inlined == 1
    for bid, slots in bindings:
        want = db.query(render(TEMPLATE, slots, KINDS)).to_dicts()
        assert want, "every binding has codes"
        assert got.get(bid, []) == want
        assert db.query(render(resolved, slots, KINDS)).to_dicts() == want  # per contract too


def test_char_column_keeps_char_semantics(db):
    code = db.scalar("SELECT MIN(icd_code) FROM mimiciv_hosp.diagnoses_icd WHERE LENGTH(TRIM(icd_code)) < 7")
    resolved = ConstantTables().resolve(db, CHAR_TEMPLATE)
    assert "GENERATE_SERIES" in resolved
    for value in (code.strip(), "NOSUCH"):
        slots = {"icd_code": value}
        want = db.scalar(render(CHAR_TEMPLATE, slots, {"icd_code": "text"}))
        assert db.scalar(render(resolved, slots, {"icd_code": "text"})) == want
    assert db.scalar(render(resolved, {"icd_code": code.strip()}, {"icd_code": "text"})) == 1


def test_each_constant_is_computed_once_per_build(db):
    counting, tables = Counting(db), ConstantTables()
    other = TEMPLATE.replace("WHERE k.k = 1", "WHERE k.k = 2")  # another template, the same `coded`
    first, second = tables.resolve(counting, TEMPLATE), tables.resolve(counting, other)
    assert first != TEMPLATE and second != other
    assert tables.resolve(counting, TEMPLATE) == first
    assert len(counting.alone) == 1 and tables.computed == 1
    assert ConstantTables().resolve(counting, TEMPLATE) == first and len(counting.alone) == 2  # a new build: again, the same text


def test_what_cannot_be_inlined_stays_a_cte(db, monkeypatch):
    monkeypatch.setattr(constants, "MAX_ROWS", 2)
    assert ConstantTables().resolve(db, TEMPLATE) == TEMPLATE  # more rows than allowed
    monkeypatch.undo()
    interval = ("WITH spans AS (SELECT a.dischtime - a.admittime AS los FROM mimiciv_hosp.admissions AS a) "
                "SELECT COUNT(*) AS n FROM spans AS s WHERE s.los > INTERVAL '1 day' AND {{hadm_id}} > 0")
    assert ConstantTables().resolve(db, interval) == interval  # no exact text for an interval
    broken = "WITH x AS (SELECT nosuch FROM mimiciv_hosp.admissions) SELECT * FROM x WHERE {{hadm_id}} > 0"
    assert ConstantTables().resolve(db, broken) == broken  # the query itself reports its error


def test_values_round_trip_with_their_types(db):
    sql = ("SELECT CAST(x.i AS BIGINT) AS i, CAST(x.i AS SMALLINT) AS s, CAST(x.i / 3.0 AS DOUBLE PRECISION) AS f, "
           "CAST(x.i / 8.0 AS DECIMAL(9, 3)) AS d, "
           "CASE WHEN x.i = 2 THEN NULL WHEN x.i = 3 THEN '' ELSE 'it''s ' || CAST(x.i AS VARCHAR) END AS t, "
           "x.i % 2 = 0 AS b, CAST('2150-01-02' AS DATE) + x.i AS day, "
           "CAST('2150-01-02 03:04:05.250001' AS TIMESTAMP) AS ts "
           "FROM (SELECT CAST(g AS INT) AS i FROM GENERATE_SERIES(1, 4) AS t(g)) AS x ORDER BY i")
    result = db.query_result(sql)
    body = inline_select(result.frame.columns, result.types, result.frame.rows())
    assert body is not None
    back = db.query(f"SELECT * FROM ({body}) AS v ORDER BY i")
    assert back.schema == result.frame.schema
    assert back.to_dicts() == result.frame.to_dicts()
    empty = inline_select(["a"], ("BIGINT",), [])
    assert db.query(f"SELECT * FROM ({empty}) AS v").height == 0
    assert inline_select(["a"], ("TEXT",), [("",)]) is None  # one empty string: PostgreSQL splits it into nothing
    assert inline_select(["a"], ("interval",), [(1,)]) is None


def _slot_free_by_parse(template: str) -> set[str]:
    """The top-level CTEs that read no slot, directly or through another CTE, as sqlglot's tree has them."""
    tree = sqlglot.parse_one(PLACEHOLDER_RE.sub(lambda m: f"rg_slot.{m.group(1)}", template), read="postgres")
    bound, free = set(), set()
    for cte in tree.args["with_"].expressions:
        refs = {t.name for t in cte.find_all(exp.Table) if not t.db}
        if any(c.table == "rg_slot" for c in cte.find_all(exp.Column)) or refs & bound:
            bound.add(cte.alias_or_name)
        else:
            free.add(cte.alias_or_name)
    return free


def test_text_reading_never_takes_a_cte_that_reads_a_slot_for_a_constant():
    """Read off the text, without a parse: over every template of every family, each CTE taken for a constant is
    one the parse finds slot-free too (the text may pass over a few the parse would take, never the reverse), and
    the reading covers every template with a WITH."""
    from pipeline.construction.requests.family import load_families

    root = Path(__file__).resolve().parents[1]
    texts = {t for fam in load_families(root / "contracts", root / "sql" / "families") for t in fam.sql.values()}
    with_ctes = [t for t in texts if constants._WITH.match(t)]
    assert len(with_ctes) > 100
    taken = 0
    for t in with_ctes:
        ctes = constants.top_level_ctes(t)
        assert ctes is not None, t[:200]
        names = {name for name, _ in constants.constant_ctes(t, ctes)}
        assert names <= _slot_free_by_parse(t), t[:200]
        taken += len(names)
    assert taken > 100


def test_top_level_ctes_reads_names_and_bodies():
    sql = ("-- a comment (with a parenthesis\nWITH a(x) AS MATERIALIZED (SELECT ')' AS x /* ( */), "
           "b AS NOT MATERIALIZED (SELECT \"q)\" FROM t -- )\n), c AS ((SELECT 1)) SELECT * FROM a")
    ctes = constants.top_level_ctes(sql)
    assert [(c.name, c.body) for c in ctes] == [
        ("a", "SELECT ')' AS x /* ( */"), ("b", 'SELECT "q)" FROM t -- )\n'), ("c", "(SELECT 1)")]
    assert sql[ctes[0].start:ctes[0].end] == "a(x) AS MATERIALIZED (SELECT ')' AS x /* ( */)"
    slotted = "WITH a AS (SELECT 1 AS x), b AS (SELECT {{s}} AS y), c AS (SELECT * FROM B), d AS (SELECT * FROM a) SELECT 1"
    assert constants.constant_ctes(slotted, constants.top_level_ctes(slotted)) == [("a", []), ("d", ["a"])]
    assert constants.top_level_ctes("SELECT 1") is None
    assert constants.top_level_ctes("WITH RECURSIVE r AS (SELECT 1) SELECT * FROM r") is None
