"""The execution engine's state belongs to one build: two engines (two builds, in one process, through Dagster too)
never share what their probes learned or their query gate. Explain mode writes, per template, the SQL that ran
and how it ran, under names that are the same in every build."""

import re
import shutil
from pathlib import Path

import pytest
from dagster import DagsterInstance

from pipeline.assets.resources import BuildSettings, EHRResource
from pipeline.assets.run import materialize_build
from pipeline.construction import sqlexec
from pipeline.construction.noise.inject import candidates_for
from pipeline.construction.requests.binding import bind_family
from pipeline.construction.requests.family import load_families
from pipeline.construction.sqlexec import SET_MARK, SINGLE_MARK, Engine, EngineConfig
from pipeline.construction.verification.verify import verify_set
from pipeline.ehr.database import QueryError, connect

DATA = Path(__file__).parent / "data" / "families"
FAMILY = "labs.first_value_in_admission"


@pytest.fixture(scope="module")
def families():
    return {f.id: f for f in load_families(DATA / "contracts", DATA / "sql")}


@pytest.fixture
def every_probe_timed(monkeypatch):
    """Each probe times a contract: a set probe cheaper than preparing its text skips that, and whether it is depends
    on the machine's load (on an idle machine no contract was timed, and these tests saw nothing learned)."""
    monkeypatch.setattr(sqlexec, "SKIP_PROBE_SHARE", 0.0)


@pytest.fixture
def db(tiny_duckdb_url):  # per test: the Dagster build below opens the file itself
    with connect(tiny_duckdb_url) as d:
        yield d


class Recording:
    """The database, keeping every statement sent to it."""

    def __init__(self, db):
        self._db, self.sent = db, []

    def __getattr__(self, name):
        return getattr(self._db, name)

    def query(self, sql, **kw):
        inline = kw.get("inline")  # a set-based query: the statement is its text with the bindings' rows inlined
        self.sent.append(sql if inline is None else sql.replace(inline.placeholder(), inline.cte(), 1))
        return self._db.query(sql, **kw)


def _verify(engine: Engine, db, fam) -> list:
    bound = bind_family(db, fam, seed=0, cap=40, engine=engine).sampled
    return [(v.reason, v.answer) for v in verify_set(engine.runner(db), fam, bound)]


def test_two_engines_share_no_learned_state(db, families, every_probe_timed):
    fam = families[FAMILY]
    a, b = Engine(), Engine()
    first = _verify(a, db, fam)
    learned, costs, _ = a.learned(db.url)
    assert learned and set(learned) == set(costs)  # the probes decided every template they saw
    assert b.learned(db.url) == ({}, {}, {}) and b.gate is not a.gate
    assert _verify(b, db, fam) == first
    assert set(b.learned(db.url)[0]) == set(learned)  # b probed again for itself
    b.learned(db.url)[0].clear()
    assert a.learned(db.url)[0] == learned  # and clearing b leaves a as it was
    assert a.runner(db).strategy is a.runner(db).strategy  # one engine's runners share it


def _explain_build(db_url: str, tmp: Path, name: str) -> Path:
    settings = BuildSettings(version=name, contracts_dir=str(DATA / "contracts"), sql_dir=str(DATA / "sql"),
                             outputs_dir=str(tmp / "out"), per_family_cap=30, chunk_size=25)
    explain = tmp / f"explain_{name}"
    with DagsterInstance.ephemeral() as instance:
        result = materialize_build(EHRResource(db_url=db_url, generate_if_absent=False), settings, instance=instance,
                                   storage_dir=str(tmp / f"storage_{name}"), explain_sql_dir=str(explain),
                                   log_level="CRITICAL")
    assert result.success
    return explain


def _index(explain: Path) -> list[dict[str, str]]:
    text = (explain / "index.tsv").read_text()
    assert "\x00" not in text
    head, *rows = text.splitlines()
    return [dict(zip(head.split("\t"), r.split("\t"), strict=True)) for r in rows]


def test_each_dagster_build_gets_its_own_engine(tiny_duckdb_url, tmp_path, every_probe_timed):
    """Two builds in one process. Each runs every binding of a template once, and probes every template again: a
    probe runs one binding per contract to time it, so with the strategies shared the second build would run none
    per contract; with one engine for both, its counts would add up. Explain files are named alike in both."""
    one, two = _explain_build(tiny_duckdb_url, tmp_path, "e1"), _explain_build(tiny_duckdb_url, tmp_path, "e2")
    rows_one, rows_two = _index(one), _index(two)
    assert [r["file"] for r in rows_one] == [r["file"] for r in rows_two]
    assert sorted(p.name for p in one.iterdir()) == sorted(p.name for p in two.iterdir())

    def ran(rows: list[dict[str, str]]) -> dict[str, int]:
        return {r["file"]: int(r["set_based_bindings"]) + int(r["per_contract_bindings"]) for r in rows}

    def probed(rows: list[dict[str, str]]) -> set[str]:
        return {r["file"] for r in rows if int(r["per_contract_bindings"]) >= 1}

    assert ran(rows_one) == ran(rows_two)
    assert len(probed(rows_one)) >= 3 and probed(rows_two) == probed(rows_one)
    assert {r["kind"] for r in rows_one} >= {"conditions", "reference", "candidates"}
    assert not [p for p in one.iterdir() if p.name.startswith(".")]  # no temporary file left behind


def _sections(text: str) -> tuple[str | None, list[str]]:
    """(the set-based query, the per-contract statements) of an explain file."""
    set_sql, single = None, []
    if SET_MARK in text:
        set_sql = text.split(SET_MARK + "\n", 1)[1].split("\n" + SINGLE_MARK, 1)[0].rstrip().removesuffix(";")
    if SINGLE_MARK in text:
        single = [q.strip() for q in text.split(SINGLE_MARK + "\n", 1)[1].split(";\n") if q.strip()]
        single = [q.removesuffix(";") for q in single]
    return set_sql, single


def test_explain_writes_the_sql_that_ran(db, families, tmp_path):
    fam = families[FAMILY]
    rec = Recording(db)
    # not adaptive: no probe, so every template runs set-based but the one set per contract below
    engine = Engine(EngineConfig(chunk_size=7, adaptive=False, explain_dir=tmp_path / "explain"))
    bound = bind_family(rec, fam, seed=0, cap=40, engine=engine).sampled
    runner = engine.runner(rec)
    spec = fam.spec.noise[0]
    forced = "rows:" + fam.text(spec.candidates)
    runner.strategy[forced] = "single"  # this template runs per contract from the start
    verify_set(runner, fam, bound)
    clean = list(enumerate(bound))
    candidates_for(runner, fam, spec, clean, seed=0, pair_ids={b: f"c{b}" for b, _ in clean}, keep=2)
    out = engine.write_explain()
    files = sorted(p for p in out.iterdir() if p.suffix == ".sql")
    assert files and all(re.fullmatch(r"[a-z_]+-[0-9a-f]{12}\.sql", p.name) for p in files)
    seen_set = seen_single = 0
    for path in files:
        text = path.read_text()
        set_sql, single = _sections(text)
        first = text.splitlines()[0]
        if set_sql is not None:
            assert set_sql in rec.sent, path.name  # exactly the statement sent to the database
            assert "rg_b AS (SELECT" in set_sql and set_sql.count("rg_bid") >= 2
            seen_set += 1
        for q in single:
            assert q in rec.sent, path.name
        seen_single += bool(single)
        if path.name.startswith("candidates"):
            assert first.endswith("ran per contract") and set_sql is None and single
        else:
            assert first.endswith("ran set-based") and not single
    assert seen_set >= 2 and seen_single == 1
    # the same templates in another build (another engine): the same file names
    again = Engine(EngineConfig(chunk_size=7, explain_dir=tmp_path / "again"))
    verify_set(again.runner(db), fam, bound)
    names = {p.name for p in (tmp_path / "again").glob("*.sql")} if again.write_explain() else set()
    assert names and names <= {p.name for p in files}


def test_no_explain_no_record(db, families):
    engine = Engine()
    _verify(engine, db, families[FAMILY])
    assert engine.runs == {} and engine.write_explain() is None


def _threads(db) -> int:
    return int(db.connection.execute("SELECT current_setting('threads')").fetchone()[0])


class OutOfMemoryOnce(Recording):
    """The database, failing its first query as DuckDB does out of memory, and noting each query's thread count."""

    def __init__(self, db):
        super().__init__(db)
        self.threads = []

    def query(self, sql, **kw):
        self.threads.append(_threads(self._db))
        if len(self.threads) == 1:
            raise QueryError("Out of Memory Error: failed to allocate data of size 128.0 MiB (3.1 GiB/3.2 GiB used)")
        return super().query(sql, **kw)


def test_a_binding_query_out_of_memory_runs_again_on_one_thread(tiny_duckdb_url, tmp_path, families):
    """At 300,000 patients a binding query ran out of DuckDB's budget alone (a worker build's family run): the retry
    runs it on one thread (per-thread hash tables and sort runs), then the connection gets its threads back."""
    path = tmp_path / "ehr.duckdb"
    shutil.copy(tiny_duckdb_url[len("duckdb:///"):], path)
    fam = families[FAMILY]
    with connect(f"duckdb:///{path}", read_only=False, threads=2) as rw:
        db = OutOfMemoryOnce(rw)
        bound = bind_family(db, fam, seed=0, cap=40)
        assert db.threads == [2, 1]
        assert bound.sampled == bind_family(rw, fam, seed=0, cap=40).sampled
        assert _threads(rw) == 2
