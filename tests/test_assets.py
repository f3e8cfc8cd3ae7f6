"""The Dagster skin: the asset graph snapshot (keys, deps, groups, checks), and the real in-process materialization
at tiny scale on DuckDB and on the PostgreSQL server the suite starts — same dataset bytes on both, byte-identical
on rebuild, every Noise task failing exactly one condition with no answer."""

import json
import os
from pathlib import Path

import polars as pl
import pytest
from dagster import DagsterInstance

from pipeline.assets.assets import FAMILY_PARTITIONS
from pipeline.assets.checks import construction_checks
from pipeline.assets.resources import BuildSettings, EHRResource
from pipeline.assets.run import materialize_build
from pipeline.common.answers import is_no_answer
from pipeline.definitions import defs
from pipeline.ehr.database import connect

DATA = Path(__file__).parent / "data" / "families"
SNAPSHOT = Path(__file__).parent / "snapshots" / "asset_graph.json"


def graph_snapshot() -> dict:
    graph = defs.resolve_asset_graph()
    assets = {}
    for key in sorted(graph.get_all_asset_keys(), key=lambda k: k.to_user_string()):
        node = graph.get(key)
        assets[key.to_user_string()] = {
            "group": node.group_name,
            "deps": sorted(p.to_user_string() for p in node.parent_keys),
            "partitioned": node.partitions_def is not None,
        }
    checks = sorted(f"{c.asset_key.to_user_string()}:{c.name}" for c in graph.asset_check_keys)
    blocking = sorted(f"{k.asset_key.to_user_string()}:{k.name}" for k in graph.asset_check_keys
                      if graph.get_check_spec(k).blocking)
    return {"assets": assets, "checks": checks, "blocking_checks": blocking,
            "jobs": sorted(j.name for j in defs.resolve_all_job_defs() if not j.name.startswith("__"))}


def test_asset_graph_snapshot():
    """A missing snapshot fails (it is committed); UPDATE_SNAPSHOTS=1 rewrites it for review."""
    snap = graph_snapshot()
    if os.environ.get("UPDATE_SNAPSHOTS"):
        SNAPSHOT.parent.mkdir(parents=True, exist_ok=True)
        SNAPSHOT.write_text(json.dumps(snap, indent=2, sort_keys=True) + "\n")
    assert SNAPSHOT.exists(), f"{SNAPSHOT} is missing: write it with UPDATE_SNAPSHOTS=1, review it and commit it"
    assert snap == json.loads(SNAPSHOT.read_text()), "asset graph changed: rerun with UPDATE_SNAPSHOTS=1 and review"


BLOCKING = {spec.name for c in construction_checks(FAMILY_PARTITIONS) for spec in c.check_specs if spec.blocking}


def _build(db_url: str, tmp: Path, version: str = "t1") -> tuple[Path, object]:
    settings = BuildSettings(version=version, contracts_dir=str(DATA / "contracts"), sql_dir=str(DATA / "sql"),
                             outputs_dir=str(tmp / "outputs"), per_family_cap=30, chunk_size=25)
    with DagsterInstance.ephemeral() as instance:
        result = materialize_build(EHRResource(db_url=db_url, generate_if_absent=False), settings, instance=instance,
                                   storage_dir=str(tmp / "storage"))
        assert result.success
        checks = {c.check_name: c.passed for c in result.get_asset_check_evaluations()}
        out = Path(result.output_for_node("dataset_split")["out_dir"])
    blocking = {k: v for k, v in checks.items() if k in BLOCKING}
    assert blocking and all(blocking.values()), checks
    return out, checks


def _files(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(out.iterdir())}


@pytest.fixture(scope="module")
def duck_build(tiny_duckdb_url, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("duck_build")
    out, _ = _build(tiny_duckdb_url, tmp)
    return tmp, out


def test_materialize_duckdb(duck_build, tiny_duckdb_url):
    _, out = duck_build
    assert sorted(p.name for p in out.iterdir()) == ["README.md", "manifest.json", "rejections.parquet",
                                                     "test.parquet", "train.parquet"]
    manifest = json.loads((out / "manifest.json").read_text())
    train, test = pl.read_parquet(out / "train.parquet"), pl.read_parquet(out / "test.parquet")
    tasks = pl.concat([train, test])
    assert manifest["counts"]["tasks"] == tasks.height > 0
    assert set(tasks["noise_level"].unique().to_list()) == {"record", "value", "query"}
    assert not set(train["subject_ids"].explode().drop_nulls()) & set(test["subject_ids"].explode().drop_nulls())
    assert 0.10 <= test.height / tasks.height <= 0.30
    # every Noise task: exactly one failed condition, and its reference SQL (as stored) returns no answer
    with connect(tiny_duckdb_url) as db:
        noise = tasks.filter(pl.col("variant") == "noise")
        for row in noise.iter_rows(named=True):  # stored flags: every Noise task
            failed = [c["name"] for c in json.loads(row["conditions"]) if not c["holds"]]
            assert failed == [row["failed_condition"]] and row["answer"] is None
        for row in noise.sort("task_id").gather_every(3).iter_rows(named=True):  # re-executed: a sample
            failed = [c["name"] for c in json.loads(row["conditions"]) if not c["holds"]]
            assert failed == [row["failed_condition"]] and row["answer"] is None
            assert is_no_answer(db.query(row["reference_sql"]).to_dicts())
            for c in json.loads(row["conditions"]):  # the stored per-contract SQL agrees with set-based results
                assert bool(db.scalar(c["sql"])) == c["holds"]
        for row in tasks.filter(pl.col("variant") == "clean").head(20).iter_rows(named=True):
            assert db.query(row["reference_sql"]).height >= 1


def test_rebuild_is_byte_identical(duck_build, tiny_duckdb_url):
    tmp, out = duck_build
    before = _files(out)
    out2, _ = _build(tiny_duckdb_url, tmp)
    assert out2 == out and _files(out2) == before


@pytest.mark.postgres
def test_materialize_postgres_same_dataset(duck_build, tiny_pg_url, tmp_path):
    _, duck_out = duck_build
    pg_out, _ = _build(tiny_pg_url, tmp_path)
    duck, pg = _files(duck_out), _files(pg_out)
    for name in ("train.parquet", "test.parquet", "rejections.parquet", "README.md"):
        assert duck[name] == pg[name], name
    assert json.loads(duck["manifest.json"])["files"] == json.loads(pg["manifest.json"])["files"]
