"""`robustgym build --workers N`: the family partitions built side by side by Dagster itself. The EHR and the
family digests are materialized in-process; then a Dagster webserver and daemon (`dagster dev` on this code
location and instance) take one queued run of the `build_families` job per family, submitted through Dagster's
GraphQL API, and the instance's QueuedRunCoordinator runs N at a time, each in its own process; then the split is
materialized in-process from the stored partitions. Nothing here schedules: the run queue does.

Each run gets the build's settings as run config (the same BuildSettings fields as the in-process build), so a
worker build gives the same dataset as `robustgym build`. A failed family is named; only it needs rerunning."""

import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dagster import (
    AssetSelection,
    DagsterInstance,
    DagsterRunStatus,
    ExecuteInProcessResult,
    RunsFilter,
    materialize,
)

from pipeline.assets.assets import all_partitions_tags, construction_assets, family_partitions
from pipeline.assets.checks import construction_checks
from pipeline.assets.resources import BuildSettings, EHRResource
from pipeline.assets.run import _instance, _run_resources, ensure_dagster_home
from pipeline.construction import steps
from pipeline.construction.sqlexec import Progress
from pipeline.paths import PROJECT_ROOT

FAMILIES_JOB = "build_families"
QUEUE_MARK = "# robustgym: the run queue of `robustgym build --workers`"
FINISHED = [DagsterRunStatus.SUCCESS, DagsterRunStatus.FAILURE, DagsterRunStatus.CANCELED]
UNFINISHED = [DagsterRunStatus.STARTING, DagsterRunStatus.STARTED, DagsterRunStatus.CANCELING]
BUILD_PID_TAG = "robustgym/build_pid"


def queue_yaml(workers: int) -> str:
    """The instance settings a worker build needs: telemetry off, a run queue of `workers` family runs at once
    that the daemon looks at every second (its default, 5 s, leaves a worker idle for 2.5 s on average after each of
    ~70 family runs), and one slot for the `llm` pool (the rewriting step, when an LLM rewrites) across all of them
    (deploy/dagster.yaml). The limit is on the family runs' tag, not on all runs: with `max_concurrent_runs` a
    `make build-split` or a UI materialization on the same instance took a worker's slot until it ended."""
    return (f"telemetry:\n  enabled: false\n{QUEUE_MARK}\nrun_coordinator:\n  module: dagster.core.run_coordinator\n"
            "  class: QueuedRunCoordinator\n  config:\n    dequeue_interval_seconds: 1\n"
            "concurrency:\n  runs:\n    max_concurrent_runs: -1\n    tag_concurrency_limits:\n"
            f"      - key: robustgym/build\n        value: workers\n        limit: {workers}\n"
            "  pools:\n    default_limit: 1\n    granularity: op\n")


def ensure_run_queue(home: Path, workers: int) -> None:
    """Our dagster.yaml (written by ensure_dagster_home or by an earlier worker build) gets a queue of `workers`;
    a user's own dagster.yaml is left as it is, and its run coordinator decides."""
    config = home / "dagster.yaml"
    text = config.read_text() if config.exists() else ""
    from pipeline.assets.run import DAGSTER_YAML

    if text in ("", DAGSTER_YAML) or QUEUE_MARK in text:
        tmp = home / ".dagster.yaml.tmp"
        tmp.write_text(queue_yaml(workers))
        os.replace(tmp, config)


def threads_per_worker(workers: int, cores: int | None = None) -> int:
    """DuckDB query threads for each of `workers` runs at once: the cores shared out, at least one each."""
    return max(1, (cores or os.cpu_count() or 1) // max(1, workers))


def run_config_for(ehr: EHRResource, settings: BuildSettings, storage_dir: str, *,
                   duckdb_threads: int | None = None) -> dict[str, Any]:
    """The run config that gives a daemon-launched run the same resources as this process's build (DuckDB's
    threads aside: `duckdb_threads` when given)."""
    cfg = settings.build_config()
    settings_config = cfg.model_dump(mode="json")
    return {"resources": {
        "settings": {"config": settings_config},
        "ehr": {"config": {"db_url": ehr.db_url, "patients": ehr.patients, "seed": ehr.seed,
                           "generate_if_absent": False, "unbounded": ehr.unbounded,
                           "duckdb_threads": duckdb_threads or ehr.duckdb_threads}},
        "io_manager": {"config": {"base_dir": storage_dir}},
    }}


def longest_first(instance: DagsterInstance, families: list[str]) -> dict[str, int]:
    """Each family's run priority (Dagster's `dagster/priority` tag: the queue starts higher ones first, FIFO among
    equals): its rank by the duration of its last successful run on this instance, longest highest, so the long
    families start first and the build does not end on one long family running alone. A family never built here
    ranks above them all (its cost is unknown); on a new instance all tie, and the queue keeps submission order."""
    last: dict[str, float] = {}
    records = instance.get_run_records(RunsFilter(job_name=FAMILIES_JOB, statuses=[DagsterRunStatus.SUCCESS],
                                                  tags={"dagster/partition": families}))
    for r in sorted(records, key=lambda r: r.create_timestamp):  # newest last: its duration wins
        fam = r.dagster_run.tags.get("dagster/partition")
        if fam in families and r.start_time and r.end_time:
            last[fam] = r.end_time - r.start_time
    measured = sorted((f for f in families if f in last), key=lambda f: last[f])
    rank = {f: i + 1 for i, f in enumerate(measured)}
    return {f: rank.get(f, len(measured) + 1) for f in families}


def _alive(pid: int | None) -> bool:
    if not pid:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # somebody else's process: alive
        return True
    return True


def run_pid(instance: DagsterInstance, run_id: str) -> int | None:
    """The process of a run's newest event that names one (None: no event does yet)."""
    for r in instance.get_records_for_run(run_id, ascending=False, limit=50).records:
        event = r.event_log_entry.dagster_event
        if event is not None and event.pid:
            return event.pid
    return None


def sweep_dead_runs(instance: DagsterInstance) -> list[str]:
    """A build killed mid-run (SIGKILL, a lost machine) leaves its run STARTED for ever, and the run queue counts it
    against its limit: the next worker build would wait on it for ever. So, before queueing, a run in progress whose
    newest event came from a process that no longer exists is marked failed (what Dagster's run monitoring does for a
    dead run worker), and a worker build's queued run whose build is gone is canceled (a new `dagster dev` would
    launch it beside the new build's own). Live runs, a UI materialization among them, are left alone, and so is
    an instance whose runs are launched elsewhere (Docker, Kubernetes: their pids are not this machine's). → ids."""
    from dagster._core.launcher import DefaultRunLauncher

    if not isinstance(instance.run_launcher, DefaultRunLauncher):
        return []
    swept = []
    for rec in instance.get_run_records(RunsFilter(statuses=UNFINISHED)):
        pid = run_pid(instance, rec.dagster_run.run_id)
        if pid is not None and not _alive(pid):
            instance.report_run_failed(rec.dagster_run, "its process is gone: a build stopped mid-run "
                                                        "(marked failed by the next `robustgym build --workers`)")
            swept.append(rec.dagster_run.run_id)
    queued = instance.get_run_records(RunsFilter(statuses=[DagsterRunStatus.QUEUED], job_name=FAMILIES_JOB,
                                                 tags={"robustgym/build": "workers"}))
    for rec in queued:
        pid = rec.dagster_run.tags.get(BUILD_PID_TAG, "")
        if not _alive(int(pid) if pid.isdigit() else None):
            instance.report_run_canceled(rec.dagster_run, "its worker build is gone")
            swept.append(rec.dagster_run.run_id)
    return swept


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class WorkerBuild:
    """What a worker build did: the runs per family and their final status, and the split's in-process run."""

    runs: dict[str, str] = field(default_factory=dict)  # family → run id
    status: dict[str, str] = field(default_factory=dict)  # family → SUCCESS / FAILURE / CANCELED
    seconds: dict[str, float] = field(default_factory=dict)
    split: ExecuteInProcessResult | None = None
    swept: list[str] = field(default_factory=list)  # runs of stopped builds, marked failed or canceled

    @property
    def failed(self) -> list[str]:
        return sorted(f for f, s in self.status.items() if s != "SUCCESS")


def _interruptible() -> None:
    """In `dagster dev`'s process before it starts: SIGINT back to its default. A build started in the background
    (`cmd &` in a script, nohup) inherits SIGINT ignored; `dagster dev` then maps SIGTERM to that too, ignores the
    stop, and every worker build waited the whole kill timeout (BENCHMARKS.md, "Workers at 30,000 patients: the
    shutdown wait and the tells fit")."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class DagsterServer:
    """`dagster dev` (webserver, daemon and code server) on this project's code location, stopped on exit."""

    def __init__(self, home: Path, log_path: Path, env: dict[str, str] | None = None):
        self.port = _free_port()
        self.home, self.log_path, self.env = home, log_path, env or {}
        self.proc: subprocess.Popen | None = None

    def __enter__(self) -> "DagsterServer":
        from dagster_graphql import DagsterGraphQLClient

        dagster = str(Path(sys.executable).with_name("dagster"))
        env = {**os.environ, **self.env, "DAGSTER_HOME": str(self.home), "DAGSTER_DISABLE_TELEMETRY": "1"}
        self.log = open(self.log_path, "ab")  # noqa: SIM115 - closed in __exit__
        self.proc = subprocess.Popen([dagster, "dev", "-m", "pipeline.definitions", "-h", "127.0.0.1", "-p",
                                      str(self.port)], cwd=PROJECT_ROOT, env=env, stdout=self.log,
                                     stderr=subprocess.STDOUT, start_new_session=True, preexec_fn=_interruptible)
        deadline = time.monotonic() + 180
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"dagster dev exited with {self.proc.returncode}; its log: {self.log_path}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    break
            except OSError as e:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"dagster dev did not listen on port {self.port} in 180 s; log: "
                                       f"{self.log_path}") from e
                time.sleep(0.5)
        self.client = DagsterGraphQLClient("127.0.0.1", port_number=self.port, timeout=60)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        self.log.close()


def submit(client: Any, family: str, run_config: dict[str, Any], *, priority: int = 0, attempts: int = 60) -> str:
    """One queued run of the families job for one family partition (retried while the code location loads)."""
    from dagster_graphql import DagsterGraphQLClientError

    tags = {"dagster/partition": family, "robustgym/build": "workers", "dagster/priority": str(priority),
            BUILD_PID_TAG: str(os.getpid())}
    for i in range(attempts):
        try:
            return client.submit_job_execution(FAMILIES_JOB, run_config=run_config, tags=tags)
        except DagsterGraphQLClientError as e:
            if i == attempts - 1:
                raise RuntimeError(f"could not submit the run of family {family}: {e}") from e
            time.sleep(1)
    raise AssertionError("unreachable")


def build_with_workers(ehr: EHRResource, settings: BuildSettings, workers: int, *,
                       instance: DagsterInstance | None = None, storage_dir: str | None = None,
                       families: list[str] | None = None, progress: Progress | None = None,
                       log_level: str = "CRITICAL", duckdb_threads: int | None = None) -> WorkerBuild:
    """The whole build with the family partitions on `workers` Dagster workers. `families`: only these partitions
    (a rerun of the failed ones); the split then reads every stored partition. `duckdb_threads`: DuckDB's threads
    in each run (default: the cores shared out among the workers)."""
    home = ensure_dagster_home()
    instance = _instance(instance)
    storage = storage_dir or str(home / "storage" / "robustgym")
    partitions = family_partitions(steps.contracts_dir(settings.build_config()))
    assets = construction_assets(partitions)
    resources = _run_resources(ehr, settings, storage, progress=progress)
    run_config = {"loggers": {"console": {"config": {"log_level": log_level}}}}
    first = materialize([*assets, *construction_checks(partitions)], selection=AssetSelection.assets("ehr_database", "family_files"),
                        resources=resources, instance=instance, run_config=run_config,
                        tags=all_partitions_tags(partitions))
    if not first.success:
        raise RuntimeError("the EHR step failed (run `robustgym build` without --workers for its message)")
    todo = families if families is not None else partitions.get_partition_keys()
    ensure_run_queue(home, workers)
    result = WorkerBuild(swept=sweep_dead_runs(instance))
    rc = run_config_for(ehr, settings, storage, duckdb_threads=duckdb_threads or threads_per_worker(workers))
    env = {"ROBUSTGYM_CONTRACTS_DIR": str(steps.contracts_dir(settings.build_config()))}
    priority = longest_first(instance, todo)
    todo = sorted(todo, key=lambda f: -priority[f])
    if progress is not None:
        progress.step("families")
        progress.add_total(len(todo))
    with DagsterServer(home, home / "workers.log", env) as server:
        for fam in todo:
            result.runs[fam] = submit(server.client, fam, rc, priority=priority[fam])
        family_of = {run_id: fam for fam, run_id in result.runs.items()}
        pending = set(result.runs.values())
        while pending:  # one query of the instance's run storage a second (not one GraphQL call per run)
            time.sleep(1)
            for run in instance.get_runs(RunsFilter(run_ids=sorted(pending), statuses=FINISHED)):
                fam = family_of[run.run_id]
                result.status[fam] = run.status.value
                stats = instance.get_run_stats(run.run_id)
                result.seconds[fam] = round((stats.end_time or 0) - (stats.start_time or 0), 1)
                pending.discard(run.run_id)
                if progress is not None:
                    progress.advance()
    if result.failed:
        return result
    result.split = materialize([*assets, *construction_checks(partitions)], selection=AssetSelection.assets("dataset_split"),
                               resources=resources, instance=instance, run_config=run_config, raise_on_error=False)
    return result
