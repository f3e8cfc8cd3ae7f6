"""Adversarial actions through the environment's tools: each is refused or contained, the database is unchanged
(checksums before/after) and the environment keeps answering."""

import hashlib
import json
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import psutil
import pytest
from gym_fixtures import ROWS, build_mini_ehr, make_tasks

from pipeline.ehr import schema
from pipeline.ehr.database import connect, psycopg_conninfo
from pipeline.gym.env import EnvConfig, RobustGymEnv
from pipeline.gym.sandbox import SANDBOX_UIDS, SandboxLimits

FAKE_SECRET = "sk-robustgym-FAKE-SECRET-4242"
CONFIG = EnvConfig(sql_timeout_s=0.5, python=SandboxLimits(timeout_s=1.0, cpu_s=1, memory_mb=1024, max_processes=32))

# SQL that writes, alters, escapes or runs forever. Every one must come back as a tool error.
ADVERSARIAL_SQL = [
    "INSERT INTO mimiciv_hosp.patients VALUES (1, 'M', 1, 2100, '2008 - 2010', NULL)",
    "UPDATE mimiciv_hosp.patients SET gender = 'M'",
    "DELETE FROM mimiciv_hosp.patients",
    "DROP TABLE mimiciv_hosp.patients",
    "DROP SCHEMA mimiciv_hosp CASCADE",
    "CREATE TABLE mimiciv_hosp.evil AS SELECT 1 AS x",
    "CREATE VIEW v AS SELECT 1",
    "ALTER TABLE mimiciv_hosp.patients ADD COLUMN evil INTEGER",
    "ALTER TABLE mimiciv_hosp.patients RENAME TO p2",
    "TRUNCATE mimiciv_hosp.patients",
    "COPY mimiciv_hosp.patients TO '/tmp/robustgym_exfil.csv'",
    "COPY mimiciv_hosp.patients FROM '/etc/passwd'",
    "COPY (SELECT 1) TO PROGRAM 'touch /tmp/robustgym_pwned'",
    "ATTACH '/tmp/robustgym_other.duckdb' AS other",
    "DETACH DATABASE other",
    "INSTALL httpfs",
    "LOAD httpfs",
    "SET enable_external_access = true",
    "SET lock_configuration = false",
    "RESET ALL",
    "RESET statement_timeout",
    "SELECT set_config('default_transaction_read_only', 'off', false)",
    "SELECT pg_read_file('/etc/passwd')",
    "SELECT pg_ls_dir('/')",
    "SELECT lo_import('/etc/passwd')",
    "SELECT * FROM read_csv('/etc/passwd')",
    "SELECT * FROM read_text('/etc/passwd')",
    "SELECT * FROM '/etc/passwd'",
    "SELECT * FROM glob('/*')",
    "SELECT 1; DROP TABLE mimiciv_hosp.patients",
    "BEGIN",
    "COMMIT",
    "START TRANSACTION READ WRITE",
    "WITH gone AS (DELETE FROM mimiciv_hosp.patients RETURNING *) SELECT * FROM gone",
    "SELECT * INTO mimiciv_hosp.copy_of_patients FROM mimiciv_hosp.patients",
    "SELECT * FROM mimiciv_hosp.patients FOR UPDATE",
    "PRAGMA enable_profiling",
    "EXPORT DATABASE '/tmp/robustgym_export'",
    "CHECKPOINT",
    "VACUUM",
    "GRANT ALL ON mimiciv_hosp.patients TO PUBLIC",
    "SELECT pg_sleep(60)",
    "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT COUNT(*) FROM r",
    "SELECT COUNT(*) FROM generate_series(1, 100000000) a, generate_series(1, 100000000) b",
    "SELECT nextval('evil_seq')",
]

PY_PRELUDE = "import os, sys\n"

# (name, code, check on the tool output) — Python that loops, allocates, forks, shells out, opens sockets, writes
# outside its directory, opens the database for writing, or hunts for secrets.
ADVERSARIAL_PY: list[tuple[str, str, Callable[[str], bool]]] = [
    ("infinite loop", "while True:\n    pass", lambda o: "time limit" in o),
    ("sleep forever", "import time\ntime.sleep(3600)", lambda o: "time limit" in o),
    ("unbounded allocation", "x = []\nwhile True:\n    x.append(bytearray(50 * 1024 * 1024))",
     lambda o: "MemoryError" in o or "killed" in o or "time limit" in o),
    ("one huge allocation", "b = bytearray(64 * 1024 ** 3)", lambda o: "MemoryError" in o),
    ("fork bomb", "import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass",
     lambda o: "time limit" in o),
    ("os.system shell", "os.system('id > /tmp/robustgym_shell')", lambda o: "not allowed" in o),
    ("subprocess shell", "import subprocess\nsubprocess.run(['sh', '-c', 'id'])", lambda o: "not allowed" in o),
    ("exec a shell", "os.execv('/bin/sh', ['sh', '-c', 'id'])", lambda o: "not allowed" in o),
    ("posix_spawn", "os.posix_spawn('/bin/sh', ['sh'], {{}})", lambda o: "not allowed" in o),
    ("pty shell", "import pty\npty.spawn('/bin/sh')", lambda o: "not allowed" in o),
    ("tcp socket", "import socket\nsocket.create_connection(('127.0.0.1', 5432), timeout=1)", lambda o: "not allowed" in o),
    ("udp socket", "import socket\ns = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)", lambda o: "not allowed" in o),
    ("unix socket", "import socket\ns = socket.socket(socket.AF_UNIX)", lambda o: "not allowed" in o),
    ("ctypes bypass", "import ctypes\nlibc = ctypes.CDLL(None)\nprint(libc.socket(2, 1, 0))", lambda o: "not allowed" in o),
    ("urllib network", "import urllib.request\nurllib.request.urlopen('http://1.1.1.1', timeout=1)",
     lambda o: "not allowed" in o or "Error" in o),
    ("write to project", "open('{project}/robustgym_pwned.txt', 'w').write('x')", lambda o: "PermissionError" in o),
    ("write to /etc", "open('/etc/robustgym_pwned', 'w').write('x')", lambda o: "PermissionError" in o),
    ("write via parent dir", "open('../robustgym_escape', 'w').write('x')", lambda o: "PermissionError" in o),
    ("os.open O_CREAT outside", "os.open('/root/robustgym_pwned', os.O_WRONLY | os.O_CREAT)", lambda o: "PermissionError" in o),
    ("symlink escape", "os.symlink('/etc', 'etc')\nopen('etc/robustgym_pwned', 'w')", lambda o: "PermissionError" in o),
    ("open db for writing", "open('{db}', 'r+b').write(b'x')", lambda o: "PermissionError" in o or "No such file" in o),
    ("os.open db O_RDWR", "os.open('{db}', os.O_RDWR)", lambda o: "PermissionError" in o or "No such file" in o),
    ("delete db", "os.remove('{db}')", lambda o: "Error" in o),
    ("read env secret", "print(dict(os.environ))\nprint(os.environ.get('FAKE_ROBUSTGYM_SECRET'))",
     lambda o: FAKE_SECRET not in o and "None" in o),
    ("read /proc environ", "for p in os.listdir('/proc'):\n    if p.isdigit():\n        try:\n"
     "            print(p, open(f'/proc/{{p}}/environ', 'rb').read())\n        except OSError as e:\n            print(p, e)\n"
     "print(open('/proc/{parent}/environ', 'rb').read())", lambda o: FAKE_SECRET not in o),
    ("kill the environment", "os.kill({parent}, 9)", lambda o: "Error" in o),
    ("kill everything", "os.kill(-1, 9)", lambda o: "error" in o.lower() or "no output" in o),
    ("raise rlimits", "import resource\nresource.setrlimit(resource.RLIMIT_AS, (-1, -1))", lambda o: "not allowed" in o),
    ("add a permissive audit hook", "try:\n    sys.addaudithook(lambda *a: None)\nexcept Exception as e:\n    print(e)\n"
     "import socket\nsocket.socket()", lambda o: "not allowed" in o),
    ("look around a private home", "import json, statistics, pty, encodings.idna\nprint(os.listdir(os.path.expanduser('~root')))",
     lambda o: ".ssh" not in o and ".bash_history" not in o and "Error" not in o),
    ("setuid root", "os.setuid(0)", lambda o: "not allowed" in o or "PermissionError" in o),
    ("huge output", "print('x' * 50_000_000)", lambda o: "output truncated" in o),
    ("huge file", "open('big.bin', 'wb').write(b'0' * (40 * 1024 * 1024))", lambda o: "File too large" in o or "Error" in o),
    ("sql helper writes", "sql('DROP TABLE mimiciv_hosp.patients')", lambda o: "SQLError" in o),
    ("sql helper attach", "sql(\"ATTACH '/tmp/x.duckdb' AS x\")", lambda o: "SQLError" in o),
    ("garbage on the channel", "for fd in range(3, 64):\n    try:\n        os.write(fd, b'\\xff' * 4096)\n    except OSError:\n        pass",
     lambda o: True),
    ("exit the interpreter", "os._exit(3)", lambda o: "exit code 3" in o),
    ("recursion bomb", "def f():\n    return f()\nf()", lambda o: "RecursionError" in o),
]


def _file_sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def duck(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[RobustGymEnv, Path]]:
    path = tmp_path_factory.mktemp("adv") / "ehr.duckdb"
    build_mini_ehr(path)
    os.environ["FAKE_ROBUSTGYM_SECRET"] = FAKE_SECRET
    env = RobustGymEnv(make_tasks(), f"duckdb:///{path}", config=CONFIG)
    env.reset(options={"task_id": "p01-clean"})
    yield env, path
    env.close()
    os.environ.pop("FAKE_ROBUSTGYM_SECRET", None)


def _step(env: RobustGymEnv, name: str, args: dict) -> str:
    if env.terminated or env.truncated or env.turns >= CONFIG.max_turns - 2:
        env.reset(options={"task_id": "p01-clean"})
    obs, *_ = env.step({"role": "assistant", "content": None, "tool_calls": [
        {"id": "x", "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}]})
    assert len(obs) == 1 and obs[0]["role"] == "tool"
    return obs[0]["content"]


def _still_answers(env: RobustGymEnv) -> None:
    out = _step(env, "execute_sql", {"query": "SELECT COUNT(*) AS n FROM mimiciv_hosp.patients"})
    assert out == "1 row\nn\n3", out


def test_there_are_at_least_40_adversarial_actions() -> None:
    assert len(ADVERSARIAL_SQL) + len(ADVERSARIAL_PY) >= 40


@pytest.mark.parametrize("sql", ADVERSARIAL_SQL)
def test_adversarial_sql_is_refused_on_duckdb(duck: tuple[RobustGymEnv, Path], sql: str) -> None:
    env, path = duck
    before = _file_sha(path)
    start = time.monotonic()
    out = _step(env, "execute_sql", {"query": sql})
    assert out.startswith("Error:"), out
    assert time.monotonic() - start < 5
    _still_answers(env)
    assert _file_sha(path) == before
    for leftover in ("/tmp/robustgym_exfil.csv", "/tmp/robustgym_pwned", "/tmp/robustgym_other.duckdb", "/tmp/robustgym_export"):
        assert not Path(leftover).exists()


@pytest.mark.parametrize(("name", "code", "check"), ADVERSARIAL_PY, ids=[c[0] for c in ADVERSARIAL_PY])
def test_adversarial_python_is_contained(duck: tuple[RobustGymEnv, Path], name: str, code: str,
                                         check: Callable[[str], bool]) -> None:
    env, path = duck
    project = Path(__file__).resolve().parent.parent
    before = _file_sha(path)
    code = code.format(project=project, db=path, parent=os.getpid())
    out = _step(env, "execute_python", {"code": PY_PRELUDE + code})
    assert check(out), f"{name}: {out[-1500:]}"
    assert FAKE_SECRET not in out
    _still_answers(env)
    assert _step(env, "execute_python", {"code": "print(sql('SELECT 1 AS one')['one'][0])"}).strip() == "1"
    assert _file_sha(path) == before
    for leftover in (project / "robustgym_pwned.txt", Path("/etc/robustgym_pwned"), Path("/root/robustgym_pwned"),
                     Path("/tmp/robustgym_shell")):
        assert not leftover.exists()


def test_fork_bomb_leaves_no_process_behind(duck: tuple[RobustGymEnv, Path]) -> None:
    env, _ = duck
    _step(env, "execute_python", {"code": "import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass"})
    sandbox_uid = env.sandbox.uid

    def leftovers() -> list[int]:
        return [p.pid for p in psutil.process_iter(["uids"]) if p.info["uids"] and p.info["uids"].real == sandbox_uid
                and sandbox_uid != os.getuid()]

    deadline = time.monotonic() + 5
    while leftovers() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert leftovers() == []


def test_sandbox_isolation_capabilities_on_this_machine(duck: tuple[RobustGymEnv, Path]) -> None:
    env, _ = duck
    env.sandbox.start()
    caps = env.sandbox.capabilities
    if os.geteuid() != 0 or not caps.get("netns"):
        pytest.skip(f"namespaces unavailable here (capabilities {caps}): rlimits and the audit hook still apply")
    if os.geteuid() == 0:
        assert caps == {"root": True, "netns": True, "mountns": True, "pidns": True, "setuid": True}, caps
        out = _step(env, "execute_python", {"code": "import os\nprint(os.getuid(), os.getpid(), sorted(os.listdir('/proc'))[:3])"})
        assert out.startswith(f"{env.sandbox.uid} 1 ") and env.sandbox.uid in SANDBOX_UIDS, out


# ---------------------------------------------------------------- PostgreSQL: same SQL, table checksums


PG_TABLES = ("mimiciv_hosp.patients", "mimiciv_hosp.admissions", "mimiciv_hosp.labevents", "mimiciv_hosp.prescriptions",
             "mimiciv_derived.cost")


def _pg_checksum(url: str) -> str:
    import psycopg

    with psycopg.connect(psycopg_conninfo(url)) as conn:
        parts = []
        for t in PG_TABLES:
            row = conn.execute(f"SELECT COUNT(*), md5(COALESCE(string_agg(x::text, '|' ORDER BY x::text), '')) FROM {t} x").fetchone()
            parts.append(f"{t}:{row[0]}:{row[1]}")
        tables = conn.execute("SELECT string_agg(table_schema || '.' || table_name, ',' ORDER BY 1) FROM information_schema.tables "
                              "WHERE table_schema LIKE 'mimiciv%'").fetchone()[0]
        return hashlib.sha256(("\n".join(parts) + tables).encode()).hexdigest()


@pytest.mark.postgres
def test_adversarial_sql_is_refused_on_postgres(pg_database: str) -> None:
    import psycopg

    with psycopg.connect(psycopg_conninfo(pg_database), autocommit=True) as conn:
        for stmt in schema.ddl_statements("create") + schema.ddl_statements("derived"):
            conn.execute(stmt)
        for stmt in ROWS:
            conn.execute(stmt)
    before = _pg_checksum(pg_database)
    with connect(pg_database) as db:
        env = RobustGymEnv(make_tasks(), db, config=CONFIG)
        env.reset(options={"task_id": "p01-clean"})
        for sql in ADVERSARIAL_SQL:
            out = _step(env, "execute_sql", {"query": sql})
            assert out.startswith("Error:"), (sql, out)
            _still_answers(env)
        out = _step(env, "execute_python", {"code": "import socket\nsocket.create_connection(('127.0.0.1', 5432))"})
        assert "not allowed" in out
        env.close()
    assert _pg_checksum(pg_database) == before
