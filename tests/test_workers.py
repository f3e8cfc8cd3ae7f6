"""`robustgym build --workers 2`: the family partitions as one Dagster run each on the run queue of a real
`dagster dev` (webserver, daemon, code server), two at a time, then the split; the dataset is byte-identical to the
one in-process run's, and a rerun of one family alone rebuilds it from the stored partitions."""

import os
from pathlib import Path

import pytest
from dagster import DagsterInstance

from pipeline.assets.resources import BuildSettings, EHRResource
from pipeline.assets.run import materialize_build
from pipeline.assets.workers import build_with_workers, queue_yaml

DATA = Path(__file__).parent / "data" / "families"


def _files(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(out.iterdir())}


def test_worker_build_gives_the_in_process_dataset(tiny_duckdb_url, tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("DAGSTER_HOME", str(home))
    settings = BuildSettings(version="w1", contracts_dir=str(DATA / "contracts"), sql_dir=str(DATA / "sql"),
                             outputs_dir=str(tmp_path / "outputs"), per_family_cap=30, chunk_size=25)
    ehr = EHRResource(db_url=tiny_duckdb_url, generate_if_absent=False)
    with DagsterInstance.ephemeral() as instance:
        assert materialize_build(ehr, settings, instance=instance, storage_dir=str(tmp_path / "s1"),
                                 log_level="CRITICAL").success
    in_process = _files(tmp_path / "outputs" / "w1")

    built = build_with_workers(ehr, settings, 2, storage_dir=str(tmp_path / "s2"))
    assert (home / "dagster.yaml").read_text() == queue_yaml(2)  # the queue the daemon ran them on
    assert sorted(built.status.values()) == ["SUCCESS"] * 3 and built.split is not None and built.split.success
    assert _files(tmp_path / "outputs" / "w1") == in_process
    with DagsterInstance.get() as instance:  # one run per family, each of one partition, through the queue
        runs = [r for r in instance.get_run_records() if r.dagster_run.tags.get("robustgym/build") == "workers"]
        assert sorted(r.dagster_run.tags["dagster/partition"] for r in runs) == sorted(built.status)
        spans = [(r.start_time, r.end_time) for r in runs]
        assert max(sum(s <= t < e for s, e in spans) for t, _ in spans) <= 2  # never more than the two workers

    again = build_with_workers(ehr, settings, 2, storage_dir=str(tmp_path / "s2"), families=[sorted(built.status)[0]])
    assert list(again.status) == [sorted(built.status)[0]] and again.split.success
    assert _files(tmp_path / "outputs" / "w1") == in_process


@pytest.fixture(autouse=True)
def _no_inherited_contracts_dir(monkeypatch):
    monkeypatch.delenv("ROBUSTGYM_CONTRACTS_DIR", raising=False)
    yield
    assert "ROBUSTGYM_CONTRACTS_DIR" not in os.environ
