"""`robustgym build --workers 2`: the family partitions as one Dagster run each on the run queue of a real
`dagster dev` (webserver, daemon, code server), two at a time, then the split; the dataset is byte-identical to the
one in-process run's, and a rerun of one family alone rebuilds it from the stored partitions."""

import os
from pathlib import Path

import pytest
from dagster import DagsterInstance

from pipeline.assets.resources import BuildSettings, EHRResource
from pipeline.assets.run import materialize_build
from pipeline.assets.workers import (
    build_with_workers,
    longest_first,
    queue_yaml,
    run_config_for,
    threads_per_worker,
)

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

        # each run's DuckDB got its share of the cores, and a new instance ran them in submission order (all tied)
        assert {r.dagster_run.run_config["resources"]["ehr"]["config"]["duckdb_threads"] for r in runs} == {
            threads_per_worker(2)}
        assert {r.dagster_run.tags["dagster/priority"] for r in runs} == {"1"}
        # the next build starts the family whose run took longest first
        durations = {r.dagster_run.tags["dagster/partition"]: r.end_time - r.start_time for r in runs}
        ranks = longest_first(instance, sorted(durations))
        assert longest_first(instance, [*durations, "never.built"])["never.built"] == len(durations) + 1
    assert sorted(ranks, key=ranks.get, reverse=True) == sorted(durations, key=durations.get, reverse=True)

    rerun = sorted(built.status)[0]
    again = build_with_workers(ehr, settings, 2, storage_dir=str(tmp_path / "s2"), families=[rerun])
    assert list(again.status) == [rerun] and again.split.success
    assert _files(tmp_path / "outputs" / "w1") == in_process
    with DagsterInstance.get() as instance:
        assert instance.get_run_by_id(again.runs[rerun]).tags["dagster/priority"] == "1"


def test_families_never_built_tie():
    with DagsterInstance.ephemeral() as instance:
        assert longest_first(instance, ["a", "b"]) == {"a": 1, "b": 1}  # nothing measured: submission order


def test_duckdb_threads_are_the_cores_shared_out(tiny_duckdb_url):
    assert [threads_per_worker(w, cores=2) for w in (1, 2, 3)] == [2, 1, 1]
    assert threads_per_worker(2, cores=8) == 4
    ehr = EHRResource(db_url=tiny_duckdb_url, generate_if_absent=False, duckdb_threads=1)
    with ehr.open() as db:
        assert db.connection.execute("SELECT current_setting('threads')").fetchone()[0] == 1
    rc = run_config_for(ehr, BuildSettings(), "/tmp/s", duckdb_threads=3)
    assert rc["resources"]["ehr"]["config"]["duckdb_threads"] == 3


@pytest.fixture(autouse=True)
def _no_inherited_contracts_dir(monkeypatch):
    monkeypatch.delenv("ROBUSTGYM_CONTRACTS_DIR", raising=False)
    yield
    assert "ROBUSTGYM_CONTRACTS_DIR" not in os.environ


KILLED_MID_RUN = """
import sys, time
from dagster import DagsterInstance, asset, materialize

@asset
def never_ends():
    print("started", flush=True)
    time.sleep(600)

with DagsterInstance.get() as instance:
    materialize([never_ends], instance=instance)
"""


def test_runs_of_a_killed_build_are_swept_and_live_runs_kept(tmp_path, monkeypatch):
    """A build SIGKILLed mid-run leaves its run STARTED, and the run queue counts it for ever (a full-preset worker
    build waited on one): the next worker build marks it failed, cancels its queued family runs, and leaves a live
    run alone."""
    import signal
    import subprocess
    import sys

    from dagster import DagsterRun, DagsterRunStatus
    from dagster._core.remote_origin import (
        InProcessCodeLocationOrigin,
        RemoteJobOrigin,
        RemoteRepositoryOrigin,
    )
    from dagster._core.types.loadable_target_origin import LoadableTargetOrigin

    from pipeline.assets.workers import BUILD_PID_TAG, FAMILIES_JOB, sweep_dead_runs

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("DAGSTER_HOME", str(home))
    (home / "dagster.yaml").write_text("telemetry:\n  enabled: false\n")
    killed = subprocess.Popen([sys.executable, "-c", KILLED_MID_RUN], stdout=subprocess.PIPE, text=True)
    assert killed.stdout.readline().strip() == "started"
    killed.send_signal(signal.SIGKILL)
    killed.wait()
    dead_pid = killed.pid
    with DagsterInstance.get() as instance:
        (stuck,) = instance.get_runs()
        assert stuck.status == DagsterRunStatus.STARTED
        def queued(build_pid: int) -> DagsterRun:  # as the run queue holds it (no code location needed here)
            origin = RemoteJobOrigin(RemoteRepositoryOrigin(InProcessCodeLocationOrigin(
                LoadableTargetOrigin(module_name="pipeline.definitions")), "__repository__"), FAMILIES_JOB)
            return instance.add_run(DagsterRun(job_name=FAMILIES_JOB, status=DagsterRunStatus.QUEUED,
                                               remote_job_origin=origin, tags={
                                                   "robustgym/build": "workers", BUILD_PID_TAG: str(build_pid)}))

        dead_queue, live_queue = queued(dead_pid), queued(os.getpid())
        live = instance.add_run(DagsterRun(job_name="live", status=DagsterRunStatus.STARTED))
        instance.report_engine_event("this process runs it", live)

        assert sorted(sweep_dead_runs(instance)) == sorted([stuck.run_id, dead_queue.run_id])
        status = {r.run_id: r.status for r in instance.get_runs()}
        assert status[stuck.run_id] == DagsterRunStatus.FAILURE
        assert status[dead_queue.run_id] == DagsterRunStatus.CANCELED
        assert status[live_queue.run_id] == DagsterRunStatus.QUEUED
        assert status[live.run_id] == DagsterRunStatus.STARTED
        assert sweep_dead_runs(instance) == []


def test_the_queue_limits_family_runs_only(tmp_path, monkeypatch):
    """The worker build's queue counts its own family runs (their tag), so another run on the instance (an
    in-process `make build-split`, a UI materialization) does not take a worker's slot."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "dagster.yaml").write_text(queue_yaml(3))
    monkeypatch.setenv("DAGSTER_HOME", str(home))
    with DagsterInstance.get() as instance:
        queue = instance.get_concurrency_config().run_queue_config
        assert queue.max_concurrent_runs == -1
        assert [(t["key"], t["value"], t["limit"]) for t in queue.tag_concurrency_limits] == [
            ("robustgym/build", "workers", 3)]


def test_dagster_dev_stops_on_its_signal_when_started_from_the_background(tmp_path):
    """A build started with `&` from a script inherits SIGINT ignored; the server must still stop when asked, not
    after the kill timeout."""
    import signal
    import time

    from pipeline.assets.workers import DagsterServer

    home = tmp_path / "home"
    home.mkdir()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # what `cmd &` in a script gives the build
    try:
        with DagsterServer(home, tmp_path / "dev.log"):
            t = time.monotonic()
    finally:
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - t < 30, "dagster dev ignored SIGTERM and waited to be killed"
    log = (tmp_path / "dev.log").read_text()
    assert "Dagster services shut down" in log, log[-2000:]
