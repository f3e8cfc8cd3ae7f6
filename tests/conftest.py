"""Shared fixtures: a real PostgreSQL server started by the suite, and tiny generated EHRs on both backends.

PostgreSQL refuses to run as root, and CI runs as root: the cluster is initialised and started as the
`postgres` user (STACK_NOTES). Set ROBUSTGYM_TEST_PG_URL to use an external server (e.g. docker-compose).
"""

import os
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

TINY_PATIENTS = 50
TINY_SEED = 7


def _find_pg_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    for d in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (d / name).exists():
            return str(d / name)
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_pg_user(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


@pytest.fixture(scope="session")
def pg_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """URL of a running PostgreSQL server (its maintenance database). Started once per session."""
    external = os.environ.get("ROBUSTGYM_TEST_PG_URL")
    if external:
        yield external
        return
    initdb, pg_ctl = _find_pg_bin("initdb"), _find_pg_bin("pg_ctl")
    if not initdb or not pg_ctl:
        pytest.fail("PostgreSQL server binaries not found: install them (apt-get install postgresql) or set ROBUSTGYM_TEST_PG_URL")
    # not under pytest's tmp dir: that is private to root, and the server runs as the postgres user
    base = Path(tempfile.mkdtemp(prefix="robustgym-pg-"))
    data, sock = base / "data", base / "sock"
    sock.mkdir()
    if os.geteuid() == 0:
        shutil.chown(base, "postgres")
        shutil.chown(sock, "postgres")
        os.chmod(base, 0o755)
    subprocess.run(_as_pg_user([initdb, "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-locale"]),
                   check=True, capture_output=True)
    port = _free_port()
    opts = f"-p {port} -k {sock} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=60"
    subprocess.run(_as_pg_user([pg_ctl, "-D", str(data), "-o", opts, "-l", str(base / "log"), "-w", "start"]),
                   check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(_as_pg_user([pg_ctl, "-D", str(data), "-m", "immediate", "stop"]), capture_output=True)
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def pg_database(pg_server: str) -> Iterator[str]:
    """A fresh, empty database on the test server; dropped afterwards."""
    yield from _fresh_pg_database(pg_server)


def _fresh_pg_database(server_url: str) -> Iterator[str]:
    import psycopg

    from pipeline.ehr.database import psycopg_conninfo

    name = f"t_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(psycopg_conninfo(server_url), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield server_url.rsplit("/", 1)[0] + f"/{name}"
    with psycopg.connect(psycopg_conninfo(server_url), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def tiny_parquet(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Parquet files of a tiny synthetic EHR (generated once per session)."""
    from pipeline.ehr.synth import generate_parquet

    out = Path(tmp_path_factory.mktemp("tiny_parquet"))
    generate_parquet(TINY_PATIENTS, TINY_SEED, out)
    return out


@pytest.fixture(scope="session")
def tiny_duckdb_url(tiny_parquet: Path, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A tiny synthetic EHR in a DuckDB file (session-wide; open it read-only)."""
    from pipeline.ehr.load import load_parquet

    url = f"duckdb:///{tmp_path_factory.mktemp('tiny_duckdb') / 'ehr.duckdb'}"
    load_parquet(tiny_parquet, url)
    return url


@pytest.fixture(scope="session")
def tiny_pg_url(tiny_parquet: Path, pg_server: str) -> Iterator[str]:
    """The same tiny EHR loaded into a database on the test PostgreSQL server (session-wide, read-only use)."""
    from pipeline.ehr.load import load_parquet

    gen = _fresh_pg_database(pg_server)
    url = next(gen)
    load_parquet(tiny_parquet, url)
    yield url
    for _ in gen:
        pass


def wait_for(predicate, timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return False
