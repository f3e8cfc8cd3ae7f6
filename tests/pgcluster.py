"""A throwaway PostgreSQL cluster for tests and benchmarks: initdb + pg_ctl in a private folder, on a free
loopback port. initdb and pg_ctl refuse to run as root (sessions and CI do), so they run as the `postgres` user
then, in a folder outside root's private temp directories."""

import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def find_pg_bin(name: str) -> str:
    """A PostgreSQL server binary from PATH or Debian's /usr/lib/postgresql/<major>/bin (newest first)."""
    found = shutil.which(name)
    if found:
        return found
    for d in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (d / name).exists():
            return str(d / name)
    raise FileNotFoundError(f"PostgreSQL binary {name!r} not found: install the server (apt-get install postgresql)")


def as_pg_user(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


@contextmanager
def throwaway_cluster(settings: list[str] = (), *, prefix: str = "robustgym-pg-") -> Iterator[tuple[str, int, Path]]:
    """Start a cluster with extra `-c name=value` settings; yield (URL of database 'postgres', port, data dir).
    Stopped and deleted on exit."""
    base = Path(tempfile.mkdtemp(prefix=prefix))
    data, sock = base / "data", base / "sock"
    sock.mkdir()
    if os.geteuid() == 0:
        shutil.chown(base, "postgres")
        shutil.chown(sock, "postgres")
        os.chmod(base, 0o755)
    try:
        subprocess.run(as_pg_user([find_pg_bin("initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "-E",
                                   "UTF8", "--no-locale"]), check=True, capture_output=True)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        opts = f"-p {port} -k {sock} -c listen_addresses=127.0.0.1 " + " ".join(f"-c {s}" for s in settings)
        subprocess.run(as_pg_user([find_pg_bin("pg_ctl"), "-D", str(data), "-o", opts, "-l", str(base / "log"), "-w",
                                   "start"]), check=True, capture_output=True)
        try:
            yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres", port, data
        finally:
            subprocess.run(as_pg_user([find_pg_bin("pg_ctl"), "-D", str(data), "-m", "fast", "stop"]),
                           capture_output=True)
    finally:
        shutil.rmtree(base, ignore_errors=True)
