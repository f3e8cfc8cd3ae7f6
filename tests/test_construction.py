"""Construction steps as plain functions: family validation errors, binding, set-based vs per-contract
verification, noise injection, balance, offline rewriting and validation, splits. Uses the engine test families
in tests/data/families (not the benchmark content) on the tiny synthetic EHR."""

import json
import shutil
import threading
import time
from pathlib import Path

import polars as pl
import pytest

from pipeline.construction.config import BuildConfig
from pipeline.construction.noise.inject import candidates_for, choose_levels, shift_candidates
from pipeline.construction.requests.binding import SharedQueries, bind_family
from pipeline.construction.requests.family import (
    AnswerSpec,
    FamilyValidationError,
    load_families,
    load_family_file,
    load_synonyms,
)
from pipeline.construction.rewriting.offline import rewrite_pair
from pipeline.construction.rewriting.validate import validate_rewrite
from pipeline.construction.splits.split import assign_splits, publish
from pipeline.construction.splits.structure import sql_structure
from pipeline.construction.sqlexec import (
    BID,
    QueryGate,
    SetRunner,
    lateral,
    lateral_query,
    lateral_sql,
    render,
    split_ctes,
)
from pipeline.construction.verification.verify import make_answer, verify_per_contract, verify_set
from pipeline.ehr.database import QueryError, QueryTimeout, connect

DATA = Path(__file__).parent / "data" / "families"
CONTRACTS, SQL = DATA / "contracts", DATA / "sql"


@pytest.fixture(scope="module")
def families():
    return {f.id: f for f in load_families(CONTRACTS, SQL)}


@pytest.fixture(scope="module")
def synonyms():
    return load_synonyms(CONTRACTS / "synonyms.yaml")


@pytest.fixture(scope="module")
def db(tiny_duckdb_url):
    with connect(tiny_duckdb_url) as d:
        yield d


def make_config(tmp_path: Path) -> BuildConfig:
    return BuildConfig(contracts_dir=str(CONTRACTS), sql_dir=str(SQL), outputs_dir=str(tmp_path / "out"),
                       per_family_cap=60, chunk_size=25)


# ---------------------------------------------------------------- family validation


def _copy_family(tmp_path: Path, name: str = "labs/first_value_in_admission.yaml") -> tuple[Path, Path]:
    contracts = tmp_path / "contracts"
    sql = tmp_path / "sql"
    shutil.copytree(SQL, sql)
    (contracts / "labs").mkdir(parents=True)
    target = contracts / name
    shutil.copy(CONTRACTS / name, target)
    return target, sql


def _errors(path: Path, sql: Path) -> list:
    fam, errs = load_family_file(path, sql)
    assert fam is None
    return errs


@pytest.mark.parametrize(("old", "new", "field", "needle"), [
    ("intent: labs\n", "intent: lab\n", "intent", "unknown value 'lab'"),
    ("itemid:     {type: itemid}", "itemid:     {type: item}", "slots.itemid.type", "unknown slot type 'item'"),
    ("breaks: lab_measured_in_admission", "breaks: lab_was_measured", "noise[0].breaks", "breaks names no condition"),
    ("reference: labs/first_value_in_admission.ref.sql", "reference: labs/nope.sql", "reference", "SQL file not found"),
    ("{lab_label} value for patient {subject_id}", "{lab_name} value for patient {subject_id}", "questions[0]",
     "{lab_name} is not a declared slot"),
    ("level: patient", "level: patients", "level", "unknown value"),
    ("cardinality: one", "cardinality: one\n  color: red", "answer.color", "unknown field"),
])
def test_family_errors_name_file_line_field(tmp_path, old, new, field, needle):
    path, sql = _copy_family(tmp_path)
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    errs = _errors(path, sql)
    match = [e for e in errs if e.field == field]
    assert match, [str(e) for e in errs]
    e = match[0]
    assert needle in e.message
    assert e.file == str(path)
    expected_line = next(i for i, ln in enumerate(path.read_text().splitlines(), 1) if new.strip().split("\n")[-1].strip() in ln)
    assert e.line == expected_line
    assert str(e).startswith(f"{path}:{expected_line}: field '{field}'")


def test_malformed_yaml_names_line(tmp_path):
    path, sql = _copy_family(tmp_path)
    lines = path.read_text().splitlines()
    lines[5] = "slots: [unclosed"
    path.write_text("\n".join(lines))
    errs = _errors(path, sql)
    assert errs[0].field == "<yaml>" and "malformed YAML" in errs[0].message and errs[0].line is not None


def test_sql_unknown_column_and_table(tmp_path):
    path, sql = _copy_family(tmp_path)
    ref = sql / "labs" / "first_value_in_admission.ref.sql"
    ref.write_text(ref.read_text().replace("l.valueuom,", "l.value_unit,", 1))
    cond = sql / "labs" / "lab_measured_in_admission.cond.sql"
    cond.write_text(cond.read_text().replace("mimiciv_hosp.labevents", "mimiciv_hosp.lab_events"))
    errs = _errors(path, sql)
    by_field = {e.field: e for e in errs}
    assert "value_unit" in by_field["reference"].message and "first_value_in_admission.ref.sql:3" in by_field["reference"].message
    assert by_field["reference"].line == 18
    assert "lab_events does not exist" in by_field["conditions[1].sql"].message


def test_sql_undeclared_placeholder_and_reserved_cte_name(tmp_path):
    path, sql = _copy_family(tmp_path)
    ref = sql / "labs" / "first_value_in_admission.ref.sql"
    ref.write_text("WITH rg_b AS (SELECT 1 AS a) " + ref.read_text().replace("{{itemid}}", "{{item_id}}"))
    msgs = [str(e) for e in _errors(path, sql)]
    assert any("{{item_id}} is not a declared slot" in m for m in msgs)
    assert any("rg_b is reserved" in m for m in msgs)


def test_top_level_with_hoists_slot_free_ctes(db):
    """A CTE that reads no slot moves next to the bindings CTE (computed once per chunk); one that reads a slot,
    or a CTE that does, stays in the LATERAL (per binding). Both forms give the per-contract answers."""
    template = ("WITH hf AS (SELECT DISTINCT hadm_id FROM mimiciv_hosp.diagnoses_icd WHERE icd_code LIKE '428%' OR icd_code LIKE 'I50%'),\n"
                "own AS (SELECT a.hadm_id FROM mimiciv_hosp.admissions a WHERE a.subject_id = {{subject_id}}),\n"
                "both_ AS (SELECT own.hadm_id FROM own JOIN hf ON hf.hadm_id = own.hadm_id)\n"
                "SELECT (SELECT COUNT(*) FROM own) AS n_adm, (SELECT COUNT(*) FROM both_) AS n_hf")
    hoisted, body = split_ctes(template, "h0")
    assert [h.split(" AS ")[0] for h in hoisted] == ["hf_h0"]
    assert "WITH own AS" in body and "both_ AS" in body and "hf_h0 AS hf" in body
    subjects = db.query("SELECT subject_id FROM mimiciv_hosp.admissions ORDER BY subject_id LIMIT 30")["subject_id"].to_list()
    bindings = [(i, {"subject_id": s}) for i, s in enumerate(subjects)]
    kinds = {"subject_id": "int"}
    frame = db.query(lateral_sql(template, bindings, kinds))
    got = {r[0]: r[1:] for r in frame.iter_rows()}
    for bid, slots in bindings:
        assert got[bid] == db.query(render(template, slots, kinds)).row(0)
    # a hoisted CTE keeps its column list (a VALUES table of named groups)
    valued = ("WITH grp(name, pattern) AS (VALUES ('heart failure', '428%'), ('pneumonia', '486%'))\n"
              "SELECT g.name, (SELECT COUNT(*) FROM mimiciv_hosp.diagnoses_icd d\n"
              "                WHERE d.subject_id = {{subject_id}} AND d.icd_code LIKE g.pattern) AS n FROM grp g ORDER BY g.name")
    assert split_ctes(valued, "h1")[0][0].startswith("grp_h1(name, pattern) AS")
    frame = db.query(lateral_sql(valued, bindings, kinds))
    for bid, slots in bindings:
        mine = [r[1:] for r in frame.iter_rows() if r[0] == bid]
        assert sorted(mine) == sorted(db.query(render(valued, slots, kinds)).rows())


@pytest.mark.postgres
def test_postgres_set_based_materializes_slot_free_parts(tiny_pg_url):
    """On PostgreSQL (a LATERAL is a nested loop) a derived table that reads no slot and no outer alias is hoisted
    into a MATERIALIZED CTE, a correlated one stays, and a slot compared with a CHAR column is cast to BPCHAR (so
    the column's index serves it, as with the per-contract literal). Results equal the per-contract SQL."""
    from pipeline.ehr.database import connect

    template = ("SELECT c.icd_code, (SELECT COUNT(*) FROM mimiciv_hosp.diagnoses_icd d\n"
                "                    WHERE d.icd_code = {{icd_code}} AND d.icd_version = {{icd_version}}) AS n_code\n"
                "FROM (SELECT DISTINCT x.icd_code, x.icd_version FROM mimiciv_hosp.diagnoses_icd x) c\n"
                "JOIN (SELECT a.hadm_id FROM mimiciv_hosp.admissions a WHERE a.subject_id = {{subject_id}}) own ON TRUE\n"
                "WHERE c.icd_version = {{icd_version}} AND c.icd_code < {{icd_code}}\n"
                "GROUP BY c.icd_code ORDER BY c.icd_code LIMIT 3")
    hoisted, body = split_ctes(template, "h0", materialize=True)
    assert hoisted == ["c_h0d0 AS MATERIALIZED (SELECT DISTINCT x.icd_code, x.icd_version "
                       "FROM mimiciv_hosp.diagnoses_icd AS x)"]
    assert "FROM c_h0d0 AS c" in body and "a.subject_id = rg_b.subject_id" in body
    assert "d.icd_code = CAST(rg_b.icd_code AS BPCHAR)" in body and "c.icd_code < rg_b.icd_code" in body
    assert split_ctes(template, "h0") == ([], lateral(template))  # DuckDB decorrelates by itself: unchanged
    kinds = {"icd_code": "text", "icd_version": "int", "subject_id": "int"}
    with connect(tiny_pg_url) as db:
        rows = db.query("SELECT DISTINCT TRIM(d.icd_code) AS icd_code, d.icd_version, d.subject_id "
                        "FROM mimiciv_hosp.diagnoses_icd d ORDER BY 1, 2, 3 LIMIT 12").to_dicts()
        bindings = list(enumerate(rows))
        runner = SetRunner(db, adaptive=False)
        assert runner.materialize
        got = runner.rows(template, bindings, kinds)
        for bid, slots in bindings:
            assert got.get(bid, []) == db.query(render(template, slots, kinds)).to_dicts(), slots


def test_load_families_reports_all_files(tmp_path):
    path, sql = _copy_family(tmp_path)
    path.write_text(path.read_text().replace("intent: labs\n", "intent: physics\n"))
    bad2 = path.parent / "second.yaml"
    bad2.write_text("id: [\n")
    with pytest.raises(FamilyValidationError) as ei:
        load_families(path.parent.parent, sql)
    files = {e.file for e in ei.value.errors}
    assert files == {str(path), str(bad2)}


# ---------------------------------------------------------------- pure functions


def test_make_answer_reasons():
    one = AnswerSpec(type="number", tolerance=0.01)
    assert make_answer(one, []) [1] == "empty"
    assert make_answer(one, [{"v": None}])[1] == "null_answer"
    assert make_answer(one, [{"v": 1.0}, {"v": 2.0}])[1] == "ambiguous"
    assert make_answer(one, [{"v": 1.0}, {"v": 1.0}]) == (1.0, None, "")  # a tie on the same value is one answer
    wu = AnswerSpec(type="number_with_unit", columns=["v", "u"])
    assert make_answer(wu, [{"v": 4.10000001, "u": "mEq/L"}])[0] == {"value": 4.1, "unit": "mEq/L"}
    many = AnswerSpec(type="list", cardinality="many")
    assert make_answer(many, [{"x": "b"}, {"x": "a"}, {"x": "b"}])[0] == ["a", "b"]


def test_shift_candidates(families):
    fam = families["labs.next_value_after_stated"]
    spec = fam.spec.noise[0]
    cands = shift_candidates(spec, {"stated_value": 4.0}, fam.slot_kinds)
    assert [c["stated_value"] for c in cands] == [2.4, 3.0, 5.2, 6.0]
    assert shift_candidates(spec, {"stated_value": 0.1}, fam.slot_kinds) == [{"stated_value": 0.2}]  # 0.06→0.1, 0.075→0.1 equal


def test_choose_levels_balances():
    options = {f"p{i}": ["record", "value", "query"] for i in range(90)} | {f"r{i}": ["record"] for i in range(30)}
    chosen = choose_levels(options, seed=0)
    counts = {lv: sum(1 for v in chosen.values() if v == lv) for lv in ("record", "value", "query")}
    assert counts == {"record": 40, "value": 40, "query": 40}
    assert chosen == choose_levels(dict(reversed(options.items())), seed=0)


def test_choose_levels_keeps_each_broken_condition_under_its_share():
    """Every pair could break its own record condition or the one shared value condition: the level balance alone
    gives the shared condition about a sixth of the pairs, the cap keeps it under MAX_CONDITION_SHARE."""
    from pipeline.construction.quality.measures import MAX_CONDITION_SHARE

    options = {f"p{i:03d}": ["record", "value"] for i in range(200)}
    breaks = {p: {"record": [f"R{i}"], "value": ["shared"]} for i, p in enumerate(options)}
    chosen = choose_levels(options, seed=0, breaks=breaks)
    shared = sum(v == "value" for v in chosen.values())
    assert 0 < shared <= MAX_CONDITION_SHARE * len(options)


def test_over_share_leaves_out_just_enough_pairs():
    from pipeline.construction.noise.inject import over_share
    from pipeline.construction.quality.measures import MAX_CONDITION_SHARE

    broken = {f"p{i:03d}": ("crowded" if i < 30 else f"c{i % 40}") for i in range(200)}
    out = over_share(broken, seed=0)
    left = {p: c for p, c in broken.items() if p not in out}
    assert out and {broken[p] for p in out} == {"crowded"}
    assert sum(c == "crowded" for c in left.values()) / len(left) <= MAX_CONDITION_SHARE
    assert sum(c == "crowded" for c in left.values()) + 1 > 0.97 * MAX_CONDITION_SHARE * (len(left) + 1)  # no more
    assert out == over_share(dict(reversed(broken.items())), seed=0)
    assert not over_share({f"p{i}": f"c{i % 20}" for i in range(200)}, seed=0)


def test_choose_levels_spreads_each_family():
    # query is plentiful elsewhere (family b), so balancing over the dataset alone gives c's query level 10 of 60
    # pairs; with the family as group no level it can use falls under half its even share (25% of two levels)
    options = ({f"a{i}": ["record", "value"] for i in range(60)} | {f"b{i}": ["query"] for i in range(60)}
               | {f"c{i}": ["record", "query"] for i in range(60)} | {f"d{i}": ["value"] for i in range(30)})
    group = {p: p[0] for p in options}
    alone = choose_levels(options, seed=0)
    chosen = choose_levels(options, seed=0, group=group)
    def share(c: dict, fam: str, lv: str) -> float:
        return sum(1 for p, v in c.items() if p[0] == fam and v == lv) / 60
    assert share(alone, "c", "query") < 0.2
    for fam, levels in (("a", ("record", "value")), ("c", ("record", "query"))):
        assert all(share(chosen, fam, lv) >= 0.25 - 1 / 60 for lv in levels), fam
    assert chosen == choose_levels(dict(reversed(options.items())), seed=0, group=group)


def test_assign_splits_patient_disjoint():
    pairs = [(f"a{i}", [i % 40]) for i in range(200)] + [("bridge", [1, 2])] + [(f"pop{i}", []) for i in range(50)]
    splits = assign_splits(pairs, seed=3, test_fraction=0.2)
    subjects = {"train": set(), "test": set()}
    for pid, subs in pairs:
        subjects[splits[pid]].update(subs)
    assert not subjects["train"] & subjects["test"]
    share = sum(1 for v in splits.values() if v == "test") / len(splits)
    assert 0.15 <= share <= 0.22
    assert splits["bridge"] == splits["a1"] == splits["a2"]


def test_sql_structure():
    s = sql_structure("SELECT a.x, COUNT(*) FROM t a JOIN u b ON a.id = b.id WHERE a.y > 1 AND a.z IN (SELECT 1) "
                      "GROUP BY a.x")
    assert s["joins"] == 1 and s["aggregates"] == 1 and s["subqueries"] == 1 and s["predicates"] == 3


def test_rendering_types(families):
    fam = families["labs.next_value_after_stated"]
    slots = {"subject_id": 1, "hadm_id": 2, "itemid": 3, "lab_label": "O'Brien", "stated_value": 4.0,
             "charttime": "2150-01-01 10:00:00"}
    sql = render(fam.text("labs/stated_value_matches.cond.sql"), slots, fam.slot_kinds)
    assert "TIMESTAMP '2150-01-01 10:00:00'" in sql and "- 4.0)" in sql
    lat = lateral_sql("SELECT {{lab_label}} AS x", [(0, slots)], fam.slot_kinds)
    assert "O''Brien" in lat and "rg_b.lab_label" in lat


# ---------------------------------------------------------------- on the tiny EHR


def test_binding_is_deterministic_and_capped(db, families):
    fam = families["labs.first_value_in_admission"]
    a = bind_family(db, fam, seed=1, cap=30)
    b = bind_family(db, fam, seed=1, cap=30)
    c = bind_family(db, fam, seed=2, cap=30)
    assert a.sampled == b.sampled and len(a.sampled) == 30 < a.candidates
    assert a.sampled != c.sampled


def test_set_based_agrees_with_per_contract(db, families):
    runner = SetRunner(db, chunk_size=17)
    for fam in families.values():
        bound = bind_family(db, fam, seed=0, cap=40).sampled
        bound.append({**bound[0], **{k: v for k, v in bound[-1].items() if k in ("itemid", "lab_label")}})
        s = verify_set(runner, fam, bound)
        p = verify_per_contract(runner, fam, bound)
        assert [(v.reason, v.answer, v.conditions) for v in s] == [(v.reason, v.answer, v.conditions) for v in p]
        assert any(v.accepted for v in s)
    assert runner.stats.fallbacks == 0


def test_a_chunk_over_the_row_limit_is_halved_not_run_per_contract(db, families):
    """At 100,000 patients a noise-candidates chunk of 1,000 bindings returned > 5M rows and fell back to one
    query per contract; halving keeps it set-based with the same results."""
    fam = families["labs.first_value_in_admission"]
    bound = bind_family(db, fam, seed=0, cap=40).sampled
    small = SetRunner(db, chunk_size=40, max_rows=20, adaptive=False)
    split = verify_set(small, fam, bound)
    whole = verify_per_contract(SetRunner(db), fam, bound)
    assert [(v.reason, v.answer, v.conditions) for v in split] == [(v.reason, v.answer, v.conditions) for v in whole]
    assert small.stats.splits > 0 and small.stats.fallbacks == 0


def _whole_dictionary_candidates(tmp_path: Path):
    """The engine's lab family whose Record candidates are, like the ICD title swap's, every dictionary entry but
    the Clean one: many rows per binding, a few kept."""
    path, sql = _copy_family(tmp_path)
    (sql / "labs" / "noise_unmeasured_lab.sql").write_text(
        "SELECT d.itemid, d.label AS lab_label FROM mimiciv_hosp.d_labitems d WHERE d.itemid <> {{itemid}}\n")
    fam, errs = load_family_file(path, sql)
    assert not errs, [str(e) for e in errs]
    return fam, fam.spec.noise[0]


def test_noise_candidates_are_cut_chunk_by_chunk_with_the_same_picks(db, tmp_path, monkeypatch):
    """The ICD title swap returns every coded title per binding (2M rows a chunk at 100,000 patients) and 3 are
    kept: each chunk is cut to its picks as it arrives, so a family's chunks are never held whole. The picks must be
    those of one chunk holding every binding, and of one query per contract."""
    fam, spec = _whole_dictionary_candidates(tmp_path)
    clean = list(enumerate(bind_family(db, fam, seed=0, cap=40).sampled))
    ids = {b: f"c{b}" for b, _ in clean}

    def picks(runner: SetRunner) -> dict:
        return candidates_for(runner, fam, spec, clean, seed=0, pair_ids=ids, keep=2)

    whole = picks(SetRunner(db, chunk_size=1000, adaptive=False))
    single = SetRunner(db, adaptive=False)
    single.strategy["rows:" + fam.text(spec.candidates)] = "single"
    by_contract = picks(single)
    held: list[int] = []
    frame = SetRunner.frame

    def spying(self, *args, reduce, **kw):
        def counted(part: pl.DataFrame) -> pl.DataFrame:
            out = reduce(part)
            held.append(out.group_by(BID).len()["len"].max())
            return out
        return frame(self, *args, reduce=counted, **kw)

    monkeypatch.setattr(SetRunner, "frame", spying)
    chunked = picks(SetRunner(db, chunk_size=7, adaptive=False))
    assert chunked == whole == by_contract
    assert all(len(v) == 2 for v in whole.values()) and len({str(v) for v in whole.values()}) > 10
    assert len(held) == 6 and max(held) == 2  # 40 bindings in chunks of 7, each cut to 2 per binding on arrival


def test_a_binding_query_out_of_memory_is_rerun_alone(db, families):
    """At 100,000 patients two whole-EHR binding queries running side by side exhausted DuckDB's memory budget and
    failed the build; the query that runs out is run again once the other is done, with the same bindings."""
    fam = families["labs.first_value_in_admission"]
    calls = []

    class RunsOutOnce:
        def __getattr__(self, name):
            return getattr(db, name)

        def query(self, sql, **kw):
            calls.append(sql)
            if len(calls) == 1:
                raise QueryError("Out of Memory Error: failed to pin block of size 256.0 KiB (2.7 GiB/2.7 GiB used)")
            return db.query(sql, **kw)

    again = bind_family(RunsOutOnce(), fam, seed=0, cap=30)
    assert len(calls) == 2 and again.sampled == bind_family(db, fam, seed=0, cap=30).sampled

    class AlwaysFails(RunsOutOnce):
        def query(self, sql, **kw):
            raise QueryError("Binder Error: no such column")

    with pytest.raises(QueryError, match="labs.first_value_in_admission: binding query"):
        bind_family(AlwaysFails(), fam, seed=0, cap=30)


def test_families_naming_one_binding_query_run_it_once(db, families):
    """A binding text that several families of a step run (three vitals families name vitals/stay_vital.bind.sql) is
    queried once; each family still samples its own bindings, and a text only one family runs is not kept."""
    fam = families["labs.first_value_in_admission"]
    sql, calls = fam.text(fam.spec.binding), []

    class Counting:
        def __getattr__(self, name):
            return getattr(db, name)

        def query(self, sql, **kw):
            calls.append(sql)
            return db.query(sql, **kw)

    shared = SharedQueries([sql, sql, "SELECT 1 AS x"])
    a = bind_family(Counting(), fam, seed=0, cap=30, shared=shared)
    b = bind_family(Counting(), fam, seed=1, cap=30, shared=shared)
    assert len(calls) == 1
    assert a.sampled == bind_family(db, fam, seed=0, cap=30).sampled
    assert b.sampled == bind_family(db, fam, seed=1, cap=30).sampled != a.sampled
    alone = SharedQueries([sql])  # a text one family runs is not kept
    bind_family(Counting(), fam, seed=0, cap=30, shared=alone)
    bind_family(Counting(), fam, seed=0, cap=30, shared=alone)
    assert len(calls) == 3


def test_chunks_are_sized_by_the_rows_per_binding_a_template_returned(db, tmp_path):
    """After a chunk overflows max_rows, the next chunks are sized to half of it instead of overflowing in turn."""
    fam, spec = _whole_dictionary_candidates(tmp_path)
    bound = bind_family(db, fam, seed=0, cap=40).sampled
    clean = list(enumerate(bound * 5))  # 200 bindings
    ids = {b: f"c{b}" for b, _ in clean}
    per_binding = db.query("SELECT COUNT(*) - 1 AS n FROM mimiciv_hosp.d_labitems").item()
    assert per_binding > 1000
    runner = SetRunner(db, chunk_size=100, max_rows=100 * per_binding - 1, adaptive=False)
    sized = candidates_for(runner, fam, spec, clean, seed=0, pair_ids=ids, keep=2)
    # the first chunk of 100 overflows and is halved; after it, chunks of max_rows / 2 / rows per binding
    assert runner.stats.splits == 1 and runner.stats.fallbacks == 0
    assert runner._chunk_size("rows:" + fam.text(spec.candidates)) == 49
    assert sized == candidates_for(SetRunner(db, chunk_size=1000, adaptive=False), fam, spec, clean, seed=0,
                                   pair_ids=ids, keep=2)


def test_a_query_rerun_alone_waits_for_the_running_ones_and_holds_back_new_ones():
    """The out-of-memory retry of a binding query (above) is only worth it if nothing else runs beside it."""
    gate = QueryGate()
    log: list[str] = []
    started = {name: threading.Event() for name in ("a", "c")}
    release_a, alone_waiting = threading.Event(), threading.Event()

    def shared(name: str, hold: threading.Event | None) -> None:
        with gate.shared():
            log.append(f"{name} start")
            started[name].set()
            if hold is not None:
                hold.wait(5)
            log.append(f"{name} end")

    def alone() -> None:
        alone_waiting.set()
        with gate.alone():
            log.append("alone start")
            time.sleep(0.2)  # c asks to start meanwhile and must not
            log.append("alone end")

    a = threading.Thread(target=shared, args=("a", release_a))
    a.start()
    assert started["a"].wait(5)
    b = threading.Thread(target=alone)
    b.start()
    assert alone_waiting.wait(5)
    time.sleep(0.1)
    c = threading.Thread(target=shared, args=("c", None))
    c.start()
    time.sleep(0.1)
    assert log == ["a start"]  # the retry waits for a; c waits for the retry
    release_a.set()
    for t in (a, b, c):
        t.join(5)
    assert log == ["a start", "a end", "alone start", "alone end", "c start", "c end"]


def test_a_template_whose_fixed_cost_loses_the_first_probe_stays_set_based(db):
    """A set-based query that costs the same for 24 or 96 bindings (a scan) loses the 24-binding probe against one
    fast contract, and wins the 96-binding one: it must stay set-based, and every binding is run exactly once.
    The probes read a simulated clock, so the outcome does not depend on the machine's load."""
    now = [0.0]

    class FixedCost(SetRunner):
        def clock(self):
            return now[0]

        def _query(self, kind, sql, timeout_s=None, inline=None):
            now[0] += 0.5  # 0.5 s whatever the chunk: 24 bindings cost 21 ms each, 96 cost 5 ms each
            return pl.DataFrame()

    runner, seen = FixedCost(db), []

    def single(bid, slots):
        now[0] += 0.01  # 10 ms per contract: the first probe (21 ms > 1.5 x 10) loses, the second (5 ms) wins
        seen.append(bid)

    bindings = [(i, {}) for i in range(400)]
    runner._run("fixed", "reference", bindings, lambda ch: lateral_query("SELECT 1", ch, {}), lambda frame, chunk: seen.extend(chunk), single)
    assert runner.strategy["fixed"] == "set" and runner.stats.per_contract_templates == 0
    assert sorted(seen) == list(range(400))


def test_a_template_that_lost_its_probe_under_load_is_probed_once_more(db):
    """The first call's probe ran while another query held the machine (10 s for 24 bindings), so the template ran
    per contract; a later call with many bindings probes it again, finds set-based faster and keeps it, and every
    binding still runs exactly once (simulated clock)."""
    now, cost = [0.0], [10.0]

    class Contended(SetRunner):
        def clock(self):
            return now[0]

        def _query(self, kind, sql, timeout_s=None, inline=None):
            now[0] += cost[0]
            return pl.DataFrame()

    runner, seen = Contended(db), []

    def single(bid, slots):
        now[0] += 0.01
        seen.append(bid)

    def run(bindings):
        runner._run("loaded", "candidates", bindings, lambda ch: lateral_query("SELECT 1", ch, {}),
                    lambda frame, chunk: seen.extend(chunk), single)

    run([(i, {}) for i in range(30)])
    assert runner.strategy["loaded"] == "single"
    cost[0] = 0.024  # the machine is free again: 1 ms per binding
    run([(i, {}) for i in range(30, 330)])
    assert runner.strategy["loaded"] == "set" and runner.stats.per_contract_templates == 1
    assert sorted(seen) == list(range(330))


def test_a_set_probe_cheaper_than_preparing_a_text_skips_the_per_contract_probe(db):
    """A contract run alone must check and transpile its own text: when the set-based probe costs less per binding
    than half of what preparing the set text took, no contract is run alone to time it (simulated clock)."""
    now = [0.0]

    class Cheap(SetRunner):
        def clock(self):
            return now[0]

        def _query(self, kind, sql, timeout_s=None, inline=None):
            now[0] += 0.024  # 1 ms per binding of the 24-binding probe
            return pl.DataFrame()

    class Preparing:
        def __init__(self, inner):
            self.inner = inner

        def prepare(self, sql, inline):
            now[0] += 0.2  # sqlglot's check and transpile of the set text: 200 ms

        def __getattr__(self, name):
            return getattr(self.inner, name)

    runner, seen, alone = Cheap(db), [], []
    runner.db = Preparing(db)
    bindings = [(i, {}) for i in range(100)]
    runner._run("cheap", "reference", bindings, lambda ch: lateral_query("SELECT 1", ch, {}),
                lambda frame, chunk: seen.extend(chunk), lambda bid, slots: alone.append(bid))
    assert runner.strategy["cheap"] == "set" and alone == [] and "cheap" not in runner.single_cost
    assert sorted(seen) == list(range(100))


def test_rewrite_offline_and_validation(families, synonyms):
    fam = families["labs.next_value_after_stated"]
    clean = {"subject_id": 10001, "hadm_id": 20002, "itemid": 50971, "lab_label": "Potassium", "stated_value": 4.1,
             "charttime": "2150-01-01 10:30:00"}
    noise = {**clean, "stated_value": 6.2}
    forms = {rewrite_pair(fam, f"p{i}", clean, noise, synonyms, seed=0)[0] for i in range(30)}
    assert forms == {0, 1, 2}
    form, cq, nq = rewrite_pair(fam, "p1", clean, noise, synonyms, seed=0)
    required = ["charttime", "hadm_id", "lab_label", "stated_value", "subject_id"]
    assert validate_rewrite(fam, cq, nq, clean, noise, required, synonyms) is None
    assert "4.1" in cq and "6.2" in nq and "2150-01-01 10:30" in cq
    assert validate_rewrite(fam, cq.replace("20002", "twenty"), nq, clean, noise, required, synonyms)[0] == "slot_dropped"
    assert validate_rewrite(fam, cq, nq.replace("?", ", if any?"), clean, noise, required, synonyms)[0] in (
        "twins_differ_beyond_slots", "semantic_rule")
    syn = cq.replace("Potassium", "K+").replace("potassium", "K+")
    assert validate_rewrite(fam, syn, nq.replace("Potassium", "K+").replace("potassium", "K+"), clean, noise, required,
                            synonyms) is None
    assert validate_rewrite(fam, "Patient 10001 adm 20002: Potassium 4.1 at 2150-01-01 10:30, what is it?",
                            nq, clean, noise, required, synonyms)[0] == "twins_differ_beyond_slots"


def test_publish_is_atomic(tmp_path):
    frame = pl.DataFrame({"a": [1, 2]})
    root = tmp_path / "outputs"

    def boom(hashes):
        raise RuntimeError("killed")

    with pytest.raises(RuntimeError):
        publish(root, "v9", {"x.parquet": frame}, boom)
    assert list(root.iterdir()) == []
    (root / ".v9.tmp-stale").mkdir()  # what a SIGKILL would leave
    out = publish(root, "v9", {"x.parquet": frame}, lambda h: {"manifest.json": json.dumps(h).encode()})
    assert sorted(p.name for p in root.iterdir()) == ["v9"]
    assert sorted(p.name for p in out.iterdir()) == ["manifest.json", "x.parquet"]


def test_over_used_entities_switch_level_or_leave_the_pair_out():
    """Family f: Clean names lab A 10 times, B 2 times; 12 Noise twins at level 'record' swap in lab B (10 more
    than Clean's 2 allow: 2 x 2 = 4). Pairs with a 'query' twin (same lab, another window) switch to it; the others
    go, until B's Noise uses are within its allowance. A family whose swaps are spread (g) is untouched."""
    from pipeline.construction.noise.inject import over_used
    from pipeline.construction.quality.measures import allowed_noise_uses

    family, clean, twins, chosen = {}, {}, {}, {}
    for i in range(12):
        p = f"f{i:02d}"
        family[p], clean[p] = "f", {"lab": "A" if i < 10 else "B", "subject_id": i}
        twins[p] = {"record": {**clean[p], "lab": "B" if i < 10 else "A"}}
        if i % 2 == 0:
            twins[p]["query"] = {**clean[p], "hours": 6}
        chosen[p] = "record"
    for i in range(30):
        p = f"g{i:02d}"
        family[p], clean[p] = "g", {"lab": f"L{i % 10}"}
        twins[p], chosen[p] = {"record": {"lab": f"L{(i + 1) % 10}"}}, "record"
    after, out = over_used(family, clean, twins, chosen, seed=0)
    kept = [p for p in family if family[p] == "f" and p not in out]
    noise_b = sum(twins[p][after[p]]["lab"] == "B" for p in kept)
    clean_b = sum(clean[p]["lab"] == "B" for p in kept)
    assert noise_b <= allowed_noise_uses(clean_b)
    assert {after[p] for p in kept if p[1:] < "10" and int(p[1:]) % 2 == 0} <= {"query", "record"}
    assert any(after[p] == "query" for p in kept) and 0 < len(out) <= 12 // 3  # some switched, some went (bounded)
    assert not any(p.startswith("g") for p in out) and all(after[p] == "record" for p in family if p[0] == "g")
    assert (after, out) == over_used(dict(reversed(family.items())), clean, twins, chosen, seed=0)


def test_a_query_that_runs_out_of_memory_is_halved_not_run_per_contract(db):
    """DuckDB spilling past its budget on a chunk (or on the first probe) costs halves, not a query per binding."""
    template = "SELECT a.hadm_id, a.admittime FROM mimiciv_hosp.admissions a WHERE a.subject_id = {{subject_id}}"
    subjects = db.query("SELECT subject_id FROM mimiciv_hosp.patients ORDER BY subject_id LIMIT 60")["subject_id"]
    bindings = [(i, {"subject_id": s}) for i, s in enumerate(subjects.to_list() * 3)]
    kinds = {"subject_id": "int"}
    sizes: list[int] = []

    class SpillsAbove20:
        def __getattr__(self, name):
            return getattr(db, name)

        def query(self, sql, **kw):
            inline = kw.get("inline")
            n = len(inline.values[0]) if inline is not None else 1
            sizes.append(n)
            if n > 20:
                raise QueryError("Out of Memory Error: failed to offload data block of size 256.0 KiB (953.5 MiB/953.6 MiB used).")
            return db.query(sql, **kw)

    for chunk_size in (1000, 40):  # fails on the first 24-binding probe; then on chunks of 40
        sizes.clear()
        runner = SetRunner(SpillsAbove20(), chunk_size=chunk_size, adaptive=chunk_size == 1000)
        def rows(r):
            return {b: sorted(map(str, v)) for b, v in r.rows(template, bindings, kinds).items()}

        assert rows(runner) == rows(SetRunner(db, adaptive=False))
        assert runner.strategy.get("rows:" + template, "set") == "set" and runner.stats.fallbacks == 0
        # at most the probe's one binding ran per contract; every binding ran once in a query that returned
        assert sizes.count(1) <= 1 and max(sizes) > 20 and sum(n for n in sizes if n <= 20) == len(bindings)


def test_a_set_probe_stopped_at_its_guessed_limit_is_not_run_per_contract(db):
    """A template whose set query scans a table once (15 s) and whose contract, run alone, scans it too (8 s): the
    first probe's limit is a guess (12 s for 24 bindings) and stops it. Running those 24 alone would cost 192 s,
    more than the set query was given, so they join the next probe, timed by the contract just run: one contract
    runs alone, every binding runs once, and the template stays set-based (simulated clock)."""
    now = [0.0]

    class Scan(SetRunner):
        def clock(self):
            return now[0]

        def _query(self, kind, sql, timeout_s=None, inline=None):
            if timeout_s is not None and timeout_s < 15.0:
                now[0] += timeout_s
                raise QueryTimeout(f"query exceeded the {timeout_s:g} s time limit")
            now[0] += 15.0
            return pl.DataFrame()

    runner, seen, alone = Scan(db), [], []

    def single(bid, slots):
        now[0] += 8.0
        alone.append(bid)

    bindings = [(i, {}) for i in range(60)]  # fewer than the second probe's 96: the retry still runs
    runner._run("scan", "candidates", bindings, lambda ch: lateral_query("SELECT 1", ch, {}),
                lambda frame, chunk: seen.extend(chunk), single)
    assert len(alone) == 1 and runner.strategy["scan"] == "set" and runner.stats.per_contract_templates == 0
    assert sorted(seen + alone) == list(range(60))
