"""Shared fixtures: a real PostgreSQL server started by the suite, and tiny generated EHRs on both backends.

PostgreSQL refuses to run as root, and CI runs as root: the cluster is initialised and started as the
`postgres` user (tests/pgcluster.py). Set ROBUSTGYM_TEST_PG_URL to use an external server (e.g. docker-compose).
"""

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from pgcluster import find_pg_bin, throwaway_cluster

TINY_PATIENTS = 50
TINY_SEED = 7


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """URL of a running PostgreSQL server (its maintenance database). Started once per session."""
    external = os.environ.get("ROBUSTGYM_TEST_PG_URL")
    if external:
        yield external
        return
    try:
        find_pg_bin("initdb")
    except FileNotFoundError as e:
        pytest.fail(f"{e}, or set ROBUSTGYM_TEST_PG_URL")
    with throwaway_cluster(["fsync=off", "synchronous_commit=off", "full_page_writes=off", "max_connections=60"]) as (
        url, _, _
    ):
        yield url


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


# Test files whose tests the workers share out one by one: long tests over cheap fixtures (`make test` runs
# `--dist loadgroup`). Every other file's tests are one group and run on one worker, as with `--dist loadfile`, so
# its module fixtures are built once. The six per-intent set-based checks together were the longest file; whole,
# they kept one worker busy while the other had finished.
SPREAD_FILES = frozenset({"test_families_set_based.py"})


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name not in SPREAD_FILES:
            item.add_marker(pytest.mark.xdist_group(item.path.name))
