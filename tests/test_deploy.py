"""The deployment (deploy/ and docker-compose.yml's `dagster` profile) checked by Dagster's own config validation,
so that a wrong field fails here and not when the daemon starts or the first backfill launches: each instance YAML
loads the way DagsterInstance loads it, its run coordinator and run launcher pass their classes' schemas (the
Kubernetes one as far as building a run's Job offline), broken copies are refused, and the compose services point
at files, ports, volumes and a network that agree with the instance and the workspace.

The run launcher checks use dagster-docker / dagster-k8s, which `make setup` installs (Makefile)."""

import copy
import os
import re
import shutil
import subprocess
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
import yaml
from dagster import DagsterRun
from dagster._config import process_config, resolve_to_config_type, validate_config
from dagster._core.errors import DagsterInvalidConfigError
from dagster._core.instance.config import ConcurrencyConfig, PoolGranularity, dagster_instance_config
from dagster._core.instance.ref import InstanceRef
from dagster._core.run_coordinator import QueuedRunCoordinator
from dagster._core.workspace.config_schema import ensure_workspace_config

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
COMPOSE_FILE = ROOT / "docker-compose.yml"
DAGSTER_SERVICES = ("dagster-postgres", "dagster-code", "dagster-webserver", "dagster-daemon")
IMAGE_SERVICES = DAGSTER_SERVICES[1:]  # the ones built from deploy/Dockerfile
# what the instance YAMLs read from the environment; the values only need to be well-formed
INSTANCE_ENV = {"DAGSTER_PG_HOST": "dagster-postgres", "DAGSTER_PG_USER": "dagster", "DAGSTER_PG_PASSWORD": "dagster",
                "DAGSTER_PG_DB": "dagster", "DAGSTER_K8S_JOB_NAMESPACE": "robustgym",
                "DAGSTER_RUN_IMAGE": "registry.example/robustgym-dagster:1"}
INSTANCE_DIRS = {"docker": DEPLOY, "k8s": DEPLOY / "k8s"}


@pytest.fixture(autouse=True)
def instance_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in INSTANCE_ENV.items():
        monkeypatch.setenv(name, value)


def read_yaml(path: Path) -> Any:
    return yaml.safe_load(path.read_text())


def env_names(node: Any) -> set[str]:
    """Every variable a config names in Dagster's `{env: NAME}` form."""
    if isinstance(node, dict):
        if set(node) == {"env"}:
            return {node["env"]}
        return set().union(*(env_names(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(env_names(v) for v in node))
    return set()


def broken_copy(tmp_path: Path, source: Path, edit: Callable[[dict], None]) -> Path:
    """A directory holding `source` as dagster.yaml with `edit` applied to its parsed content."""
    config = copy.deepcopy(read_yaml(source))
    edit(config)
    (tmp_path / "dagster.yaml").write_text(yaml.safe_dump(config))
    return tmp_path


def effective_concurrency(instance_dir: Path) -> ConcurrencyConfig:
    """The run-queue and pool settings the daemon and the run workers act on (DagsterInstance.get_concurrency_config)."""
    ref = InstanceRef.from_dir(str(instance_dir))
    coordinator = ref.run_coordinator_data.rehydrate(as_type=QueuedRunCoordinator)
    config, _ = dagster_instance_config(str(instance_dir))
    return ConcurrencyConfig.from_concurrency_settings(config.get("concurrency", {}), coordinator.get_run_queue_config())


def compose() -> dict:
    return read_yaml(COMPOSE_FILE)


def dockerfile_env() -> dict[str, str]:
    """The ENV of deploy/Dockerfile (one `ENV a=b \\` block)."""
    text = (DEPLOY / "Dockerfile").read_text().replace("\\\n", " ")
    return dict(re.findall(r"(\w+)=(\S+)", " ".join(line for line in text.splitlines() if line.startswith("ENV "))))


# --- the instances ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("flavour", INSTANCE_DIRS)
def test_instance_passes_dagster_validation(flavour: str) -> None:
    """What DagsterInstance.from_config runs first: the instance schema, the storage and concurrency rules."""
    config, custom_class = dagster_instance_config(str(INSTANCE_DIRS[flavour]))
    assert custom_class is None
    assert set(config["storage"]) == {"postgres"}
    assert env_names(read_yaml(INSTANCE_DIRS[flavour] / "dagster.yaml")["storage"]) == {
        "DAGSTER_PG_HOST", "DAGSTER_PG_USER", "DAGSTER_PG_PASSWORD", "DAGSTER_PG_DB"}
    assert config["telemetry"] == {"enabled": False}


@pytest.mark.parametrize("flavour", INSTANCE_DIRS)
def test_queue_runs_two_workers_and_the_llm_pool_one_step(flavour: str) -> None:
    """The run queue starts at most 2 runs (the workers) and every pool, `llm` included, lets one step in at a
    time, held per op so the rest of a run is not blocked."""
    concurrency = effective_concurrency(INSTANCE_DIRS[flavour])
    assert concurrency.run_queue_config is not None
    assert concurrency.run_queue_config.max_concurrent_runs == 2
    assert concurrency.pool_config.default_pool_limit == 1
    assert concurrency.pool_config.pool_granularity == PoolGranularity.OP


def test_the_only_pool_the_definitions_use_is_llm() -> None:
    """default_limit limits every pool alike: a new pool would also get 1, so one added later must be decided in
    deploy/dagster.yaml, and this test is where that shows."""
    from pipeline.definitions import defs

    pools = {asset.op.pool for asset in defs.assets if getattr(asset, "op", None) is not None and asset.op.pool}
    assert pools == {"llm"}


def test_worker_count_has_no_env_form_in_dagster_1_13() -> None:
    """Why the worker count is a number in the file: concurrency.runs takes a plain int, and the env-sourced
    run_coordinator field is refused as soon as the concurrency block exists."""
    config = read_yaml(DEPLOY / "dagster.yaml")
    with_env_runs = copy.deepcopy(config)
    with_env_runs["concurrency"]["runs"]["max_concurrent_runs"] = {"env": "DAGSTER_PG_HOST"}
    with_env_coordinator = copy.deepcopy(config)
    with_env_coordinator["run_coordinator"]["config"] = {"max_concurrent_runs": {"env": "DAGSTER_PG_HOST"}}
    for broken in (with_env_runs, with_env_coordinator):
        with pytest.raises(DagsterInvalidConfigError):
            dagster_instance_config(str(DEPLOY), overrides=broken)


def _unknown_top_level_key(config: dict) -> None:
    config["run_queues"] = {"max_concurrent_runs": 2}


def _pool_limit_negative(config: dict) -> None:
    config["concurrency"]["pools"]["default_limit"] = -1


def _pool_granularity_unknown(config: dict) -> None:
    config["concurrency"]["pools"]["granularity"] = "step"


def _storage_field_misspelt(config: dict) -> None:
    config["storage"]["postgres"]["postgres_db"]["host"] = config["storage"]["postgres"]["postgres_db"].pop("hostname")


@pytest.mark.parametrize("edit", [_unknown_top_level_key, _pool_limit_negative, _pool_granularity_unknown,
                                  _storage_field_misspelt])
def test_instance_validation_refuses_a_broken_copy(tmp_path: Path, edit: Callable[[dict], None]) -> None:
    with pytest.raises(DagsterInvalidConfigError):
        dagster_instance_config(str(broken_copy(tmp_path, DEPLOY / "dagster.yaml", edit)))


def test_run_coordinator_refuses_an_unknown_field(tmp_path: Path) -> None:
    """The instance schema passes a class's `config` through untouched; the class's own schema, applied when the
    instance builds it, is what refuses a typo there."""
    def edit(config: dict) -> None:
        config["run_coordinator"]["config"] = {"max_concurent_runs": 2}

    ref = InstanceRef.from_dir(str(broken_copy(tmp_path, DEPLOY / "dagster.yaml", edit)))
    with pytest.raises(DagsterInvalidConfigError, match='unexpected config entry "max_concurent_runs"'):
        ref.run_coordinator_data.rehydrate()


# --- the run launchers -----------------------------------------------------------------------------------------


def docker_launcher_config() -> dict:
    return read_yaml(DEPLOY / "dagster.yaml")["run_launcher"]["config"]


def test_docker_run_launcher_builds_from_the_instance() -> None:
    """The launcher the daemon builds (schema, then DockerRunLauncher's own checks); no Docker daemon is needed
    until a run launches."""
    from dagster_docker import DockerRunLauncher

    launcher = InstanceRef.from_dir(str(DEPLOY)).run_launcher_data.rehydrate(as_type=DockerRunLauncher)
    assert launcher.networks == ["robustgym_default"]
    assert launcher.image == "robustgym-dagster:latest"


def test_run_containers_get_every_variable_the_instance_reads() -> None:
    """A run container resolves the instance's `env:` fields itself, and pipeline.definitions reads ROBUSTGYM_DB_URL:
    each must be forwarded, and set in the daemon's environment, or the launch fails."""
    forwarded = set(docker_launcher_config()["env_vars"])
    assert env_names(read_yaml(DEPLOY / "dagster.yaml")) | {"ROBUSTGYM_DB_URL"} <= forwarded
    daemon_env = compose()["services"]["dagster-daemon"]["environment"]
    assert forwarded <= set(daemon_env)


@pytest.mark.parametrize(("bad", "refusal"), [
    ({"networkz": "robustgym_default"}, 'unexpected config entry "networkz"'),
    ({"container_kwargs": {"environment": {"A": "1"}}}, "'environment' cannot be used in 'container_kwargs'"),
    ({"container_kwargs": {"network": "robustgym_default"}}, "'network' cannot be used in 'container_kwargs'"),
])
def test_docker_run_launcher_refuses_a_broken_copy(tmp_path: Path, bad: dict, refusal: str) -> None:

    def edit(config: dict) -> None:
        config["run_launcher"]["config"].update(bad)

    ref = InstanceRef.from_dir(str(broken_copy(tmp_path, DEPLOY / "dagster.yaml", edit)))
    with pytest.raises(Exception, match=re.escape(refusal)):
        ref.run_launcher_data.rehydrate()


def k8s_run_job(instance_dir: Path) -> tuple[str, Any]:
    """The namespace and Kubernetes Job (a V1Job) the launcher would submit for a run, built offline: the launcher's
    schema, its container context, and every volume, mount and resource turned into the kubernetes client's models
    (which refuse unknown keys). Only the cluster connection is left out."""
    import dagster_k8s.launcher
    from dagster_k8s import K8sRunLauncher
    from dagster_k8s.job import construct_dagster_k8s_job

    data = InstanceRef.from_dir(str(instance_dir)).run_launcher_data
    checked = process_config(resolve_to_config_type(K8sRunLauncher.config_type()), data.config_dict)
    if not checked.success:
        raise DagsterInvalidConfigError("K8sRunLauncher config", checked.errors, data.config_dict)
    with mock.patch.object(dagster_k8s.launcher, "load_kubernetes_config"):
        launcher = data.rehydrate(as_type=K8sRunLauncher)
    run = DagsterRun(job_name="build_families", run_id="00000000-0000-0000-0000-000000000000")
    context = launcher.get_container_context_for_run(run)
    job = construct_dagster_k8s_job(context.get_k8s_job_config(job_image=None, run_launcher=launcher),
                                    args=["dagster", "api", "execute_run"], job_name="dagster-run-0",
                                    pod_name="dagster-run-0", component="run_worker",
                                    user_defined_k8s_config=context.run_k8s_config)
    return context.namespace, job


def test_k8s_run_job_has_image_namespace_env_and_shared_storage() -> None:
    namespace, job = k8s_run_job(INSTANCE_DIRS["k8s"])
    pod = job.spec.template.spec
    container = pod.containers[0]
    assert namespace == INSTANCE_ENV["DAGSTER_K8S_JOB_NAMESPACE"]
    assert container.image == INSTANCE_ENV["DAGSTER_RUN_IMAGE"]
    assert {e.name for e in container.env} >= {"DAGSTER_HOME", "DAGSTER_PG_PASSWORD"}
    assert [s.config_map_ref.name for s in container.env_from if s.config_map_ref] == ["robustgym-dagster-env"]
    env = dockerfile_env()
    mounts = {m.mount_path for m in container.volume_mounts}
    assert {f"{env['DAGSTER_HOME']}/storage", f"{env['ROBUSTGYM_HOME']}/outputs"} <= mounts
    assert [v.persistent_volume_claim.claim_name for v in pod.volumes] == ["robustgym-storage"]


@pytest.mark.parametrize(("bad", "refusal"), [
    ({"job_namespaces": "robustgym"}, 'unexpected config entry "job_namespaces"'),
    ({"volumes": [{"name": "v", "persistentVolumeClam": {"claim_name": "v"}}]}, "Unexpected keys in model class V1Volume"),
])
def test_k8s_run_launcher_refuses_a_broken_copy(tmp_path: Path, bad: dict, refusal: str) -> None:
    def edit(config: dict) -> None:
        config["run_launcher"]["config"].update(bad)

    with pytest.raises(Exception, match=re.escape(refusal)):
        k8s_run_job(broken_copy(tmp_path, INSTANCE_DIRS["k8s"] / "dagster.yaml", edit))


# --- compose, image and workspace ------------------------------------------------------------------------------


def test_compose_keeps_plain_up_to_the_ehr_server() -> None:
    """`docker compose up` starts what it started before; the Dagster services come with `--profile dagster`."""
    services = compose()["services"]
    assert "profiles" not in services["postgres"]
    for name in DAGSTER_SERVICES:
        assert services[name]["profiles"] == ["dagster"], name


def test_compose_services_use_files_that_exist() -> None:
    services = compose()["services"]
    for name in IMAGE_SERVICES:
        build = services[name]["build"]
        assert (ROOT / build["context"] / build["dockerfile"]).is_file(), name
        for volume in services[name]["volumes"]:
            source = volume.split(":")[0]
            if source.startswith("./"):
                assert (ROOT / source).is_file(), f"{name}: {source}"
    for line in (DEPLOY / "Dockerfile").read_text().splitlines():
        if line.startswith("COPY "):
            for source in line.split()[1:-1]:
                assert (ROOT / source).exists(), line


def test_compose_mounts_the_instance_as_dagster_home() -> None:
    dagster_yaml = f"{dockerfile_env()['DAGSTER_HOME']}/dagster.yaml"
    for name in IMAGE_SERVICES:
        assert f"./deploy/dagster.yaml:{dagster_yaml}:ro" in compose()["services"][name]["volumes"], name


def test_compose_points_the_ehr_at_the_postgres_service() -> None:
    services = compose()["services"]
    for name in IMAGE_SERVICES:
        url = services[name]["environment"]["ROBUSTGYM_DB_URL"]
        assert re.fullmatch(r"postgresql\+psycopg://[^@]+@postgres:5432/ehr", url), name
        assert services[name]["environment"]["DAGSTER_PG_HOST"] == "dagster-postgres"
    assert services["postgres"]["environment"]["POSTGRES_DB"] == "ehr"
    assert "127.0.0.1:3000:3000" in services["dagster-webserver"]["ports"]


def service_mounts(spec: dict, service: str) -> dict[str, str]:
    """A compose service's mounts, target → source, a named volume given by its Docker name."""
    mounts = {}
    for volume in spec["services"][service]["volumes"]:
        source, target = volume.split(":")[:2]
        declared = spec["volumes"].get(source) or {}
        mounts[target] = declared.get("name", source)
    return mounts


def test_run_containers_join_the_compose_network_volumes_and_image() -> None:
    """DockerRunLauncher names Docker objects directly: they must be the names compose gives them, and the run
    containers' storage (materialized values, compute logs) the one the webserver and daemon mount."""
    spec = compose()
    launcher = docker_launcher_config()
    assert launcher["network"] == spec["networks"]["default"]["name"]
    assert launcher["image"] == spec["services"]["dagster-daemon"]["image"]
    declared = {v["name"] for v in spec["volumes"].values() if v and "name" in v}
    run_mounts = dict(reversed(volume.split(":")[:2]) for volume in launcher["container_kwargs"]["volumes"])
    assert set(run_mounts.values()) <= declared
    storage = f"{dockerfile_env()['DAGSTER_HOME']}/storage"
    for name in ("dagster-webserver", "dagster-daemon"):
        assert service_mounts(spec, name)[storage] == run_mounts[storage], name


def code_server_option(flag: str) -> str:
    command = compose()["services"]["dagster-code"]["command"]
    return command[command.index(flag) + 1]


def test_workspace_points_at_the_code_service() -> None:
    """The webserver and daemon find the code where the code service serves it, under the project's names."""
    workspace = ensure_workspace_config(read_yaml(DEPLOY / "workspace.yaml"), str(DEPLOY / "workspace.yaml"))
    [location] = workspace["load_from"]
    server = location["grpc_server"]
    dagster_tool = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["dagster"]
    command = compose()["services"]["dagster-code"]["command"]
    assert command[:3] == ["dagster", "code-server", "start"]
    assert server["host"] == "dagster-code" and server["host"] in compose()["services"]
    assert str(server["port"]) == code_server_option("-p")
    assert code_server_option("-h") == "0.0.0.0"
    assert code_server_option("-m") == dagster_tool["module_name"]
    assert server["location_name"] == code_server_option("--location-name") == dagster_tool["code_location_name"]
    for name in ("dagster-webserver", "dagster-daemon"):
        assert "/opt/dagster/app/workspace.yaml" in compose()["services"][name]["command"]


@pytest.fixture
def compose_cli() -> list[str]:
    """`docker compose` (the v2 plugin) when it is installed; it parses and validates without a Docker daemon."""
    docker = shutil.which("docker")
    if docker is None or subprocess.run([docker, "compose", "version"], capture_output=True).returncode != 0:
        pytest.skip("the docker compose plugin is not installed")
    return [docker, "compose", "-f", str(COMPOSE_FILE)]


def test_docker_compose_accepts_the_file(compose_cli: list[str]) -> None:
    env = {**os.environ, "COMPOSE_PROFILES": "dagster"}
    result = subprocess.run([*compose_cli, "config", "--quiet"], capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr


@pytest.mark.filterwarnings("ignore:Property `OpDefinition.version` is deprecated:DeprecationWarning")
def test_project_jobs_run_in_process_so_one_run_is_one_container() -> None:
    """Why there is no k8s_job_executor run config in deploy/k8s: the project's jobs fix the in-process executor
    (pipeline/definitions.py), which refuses that executor's fields; a run's pod (or container) is the unit of work,
    and the run queue is what spreads runs over workers."""
    from pipeline.definitions import defs

    for job_name in ("build_dataset", "build_families"):
        schema = defs.resolve_job_def(job_name).run_config_schema.config_type
        assert not validate_config(schema, {"execution": {"config": {"job_namespace": "robustgym"}}}).success
