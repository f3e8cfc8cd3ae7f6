"""The Python sandbox on its own: round trip, the sql() helper, limits, restart, and the DB-permission check."""

import datetime as dt
import os
import time
from pathlib import Path

import polars as pl
import psutil
import pytest

from pipeline.gym.sandbox import SANDBOX_UIDS, PythonSandbox, SandboxError, SandboxLimits, writable_by

LIMITS = SandboxLimits(timeout_s=3.0, cpu_s=3, memory_mb=768, max_output_chars=500, max_file_mb=1, max_sql_calls=3)


def handler(query: str) -> tuple[pl.DataFrame, bool]:
    if "boom" in query:
        raise RuntimeError("refused: boom")
    return pl.DataFrame({"q": [query], "n": [41], "t": [dt.datetime(2150, 3, 2, 9, 0)]}), False


@pytest.fixture(scope="module")
def sandbox():
    sb = PythonSandbox(handler, limits=LIMITS)
    yield sb
    sb.close()


def test_round_trip_prints_and_shows_last_expression(sandbox: PythonSandbox) -> None:
    r = sandbox.run("x = 20\nprint('hello')\nx * 2 + 2")
    assert r.ok and r.output == "hello\n42\n" and r.sql_calls == 0


def test_sql_helper_returns_a_polars_frame(sandbox: PythonSandbox) -> None:
    r = sandbox.run("df = sql('SELECT 41')\nprint(type(df).__name__, df['n'][0] + 1, df['t'].dtype, df['q'][0])")
    assert r.ok and r.output.strip() == "DataFrame 42 Datetime(time_unit='us', time_zone=None) SELECT 41"
    assert r.sql_calls == 1


def test_sql_errors_and_call_limit_surface_as_sqlerror(sandbox: PythonSandbox) -> None:
    r = sandbox.run("try:\n    sql('boom')\nexcept SQLError as e:\n    print('caught', e)")
    assert r.ok and "caught refused: boom" in r.output
    r = sandbox.run("for i in range(5):\n    sql('SELECT 1')")
    assert not r.ok and "at most 3 sql() calls" in r.output


def test_exceptions_exit_codes_and_syntax_errors(sandbox: PythonSandbox) -> None:
    assert "ZeroDivisionError" in sandbox.run("1/0").as_text(500)
    assert "SyntaxError" in sandbox.run("def (:").output
    assert sandbox.run("raise SystemExit(4)").exit_code == 4


def test_limits_memory_cpu_output_file(sandbox: PythonSandbox) -> None:
    assert "MemoryError" in sandbox.run("b = bytearray(2 * 1024 ** 3)").output
    r = sandbox.run("print('y' * 100_000)")
    assert r.truncated and len(r.output) == 500 and "output truncated" in r.as_text(500)
    assert "File too large" in sandbox.run("open('f', 'wb').write(b'0' * 2 * 1024 * 1024)").output
    start = time.monotonic()
    r = sandbox.run("while True:\n    pass")
    assert not r.ok and (r.timed_out or r.signal == 24) and time.monotonic() - start < 6


def test_child_is_unprivileged_with_an_empty_environment(sandbox: PythonSandbox, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ROBUSTGYM_FAKE_TOKEN", "tok-123")
    r = sandbox.run("import os\nprint(os.getuid(), sorted(os.environ), os.getcwd() == os.environ['HOME'])")
    uid = sandbox.uid
    assert uid != 0 and (uid in SANDBOX_UIDS if os.geteuid() == 0 else uid == os.geteuid())
    assert r.output.strip() == f"{uid} ['HOME', 'LANG', 'POLARS_MAX_THREADS', 'TMPDIR'] True"
    assert "tok-123" not in sandbox.run("import os\nprint(os.environ)").output


def test_each_call_gets_a_fresh_directory_and_process(sandbox: PythonSandbox) -> None:
    sandbox.run("open('state.txt', 'w').write('left behind')\nglobal_state = 1")
    r = sandbox.run("import os\nprint(os.listdir('.'), 'global_state' in globals())")
    assert r.output.strip() == "[] False"


def test_worker_restarts_after_it_dies(sandbox: PythonSandbox) -> None:
    sandbox.start()
    assert sandbox._proc is not None
    os.killpg(sandbox._proc.pid, 9)
    sandbox._proc.wait()
    first = sandbox.run("print('after')")  # the dead worker is noticed and replaced
    second = sandbox.run("print('again')")
    assert "after" in first.output or first.error
    assert second.ok and second.output == "again\n"


def test_non_string_code_is_an_error_not_a_crash(sandbox: PythonSandbox) -> None:
    r = sandbox.run(123)  # type: ignore[arg-type]
    assert not r.ok and r.error == "code must be a string"


@pytest.mark.skipif(os.geteuid() != 0, reason="the permission check applies when the sandbox drops to nobody")
def test_refuses_a_database_file_the_sandbox_user_could_write(tmp_path: Path) -> None:
    db = tmp_path / "ehr.duckdb"
    db.write_bytes(b"x")
    db.chmod(0o644)
    assert not writable_by(db, 65534, 65534)
    PythonSandbox(None, protected_paths=[db]).close()
    db.chmod(0o666)
    assert writable_by(db, 65534, 65534)
    with pytest.raises(SandboxError, match="writable by the sandbox user"):
        PythonSandbox(None, protected_paths=[db])


def test_close_leaves_no_worker(tmp_path: Path) -> None:
    sb = PythonSandbox(None, limits=LIMITS)
    assert sb.run("print(1)").ok
    proc = sb._proc
    assert proc is not None
    sb.close()
    assert proc.poll() is not None


def test_database_directory_is_hidden_unless_it_holds_python(tmp_path: Path) -> None:
    from pipeline.gym.sandbox import _holds_interpreter

    db = tmp_path / "ehr.duckdb"
    db.write_bytes(b"secret-bytes")
    db.chmod(0o644)
    assert not _holds_interpreter(str(tmp_path))
    assert _holds_interpreter("/") and _holds_interpreter(str(Path(__file__).resolve().parent.parent))
    with PythonSandbox(None, limits=LIMITS, protected_paths=[db]) as sb:
        r = sb.run(f"import os\nprint(os.path.exists({str(db)!r}), os.path.exists({str(tmp_path)!r}))\nimport polars, json")
        assert r.ok and r.output.strip() in ("False True", "False False"), r.as_text(500)


def test_without_namespaces_the_barriers_that_remain_still_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    """What an unprivileged container gets: rlimits, the privilege drop (when root) and the audit hook."""
    monkeypatch.setenv("ROBUSTGYM_FAKE_TOKEN", "tok-456")
    with PythonSandbox(handler, limits=LIMITS, namespaces=False) as sb:
        sb.start()
        assert not sb.capabilities.get("netns") and not sb.capabilities.get("pidns")
        assert "not allowed" in sb.run("import socket\nsocket.socket()").output
        assert "not allowed" in sb.run("import os\nos.system('id')").output
        assert "PermissionError" in sb.run("open('/etc/robustgym_x', 'w')").output
        assert "tok-456" not in sb.run("import os\nprint(os.environ)").output
        assert sb.run("import json, statistics\nprint(sql('x')['n'][0])").output.strip() == "41"
        r = sb.run("import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass")
        assert r.timed_out
        sb.run("import os, time\nif os.fork() == 0:\n    os.setsid()\n    time.sleep(100)")  # escapes the group
        if os.geteuid() == 0:
            left = [p.pid for p in psutil.process_iter(["uids"]) if p.info["uids"] and p.info["uids"].real == sb.uid]
            assert left == [], "the call must leave no process (nor zombie) behind"


def test_common_libraries_import_in_the_child(sandbox: PythonSandbox) -> None:
    code = ("import numpy, statistics, decimal, datetime, zoneinfo, pyarrow, json, re\n"
            "print(numpy.arange(4).sum(), statistics.median([1, 3, 5]), pl.DataFrame({'a': [1, 2]})['a'].mean())")
    r = sandbox.run(code)
    assert r.ok and r.output.strip() == "6 3 1.5", r.as_text(2000)


@pytest.mark.skipif(os.geteuid() != 0, reason="hiding folders needs a private mount namespace (root)")
def test_project_checkout_is_hidden_but_python_still_runs(sandbox: PythonSandbox) -> None:
    """Datasets (with their answers) and build storage live in the checkout: the agent must not read them, even
    when the checkout and its venv sit under /tmp, which the sandbox covers with a fresh tmpfs."""
    from pipeline.paths import PROJECT_ROOT

    sandbox.start()
    if not sandbox.capabilities.get("mountns"):
        pytest.skip("no mount namespace on this kernel")
    root = str(PROJECT_ROOT.resolve())
    res = sandbox.run(
        "import os, polars\n"
        f"print(sorted(os.listdir({root!r})), os.path.exists({root + '/README.md'!r}), os.path.exists({root + '/outputs'!r}))"
    )
    assert res.ok, res.error
    visible, readme, outputs = res.output.strip().rsplit(" ", 2)
    assert readme == "False" and outputs == "False"
    assert set(eval(visible)) <= {"pipeline", ".venv"}


FORK_BOMB = "import os, time\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        time.sleep(0.001)"
THREADS = ("import threading\nts = [threading.Thread(target=lambda: None) for _ in range(8)]\n"
           "[t.start() for t in ts]\n[t.join() for t in ts]\nprint('threads ok')")


def _processes_of(uid: int) -> int:
    return sum(1 for p in psutil.process_iter(["uids"]) if p.info["uids"] and p.info["uids"].real == uid)


def _beside_a_fork_bomb(hostile: PythonSandbox, victim: PythonSandbox) -> tuple[str, bool]:
    """Run THREADS in `victim` while `hostile` is inside a fork bomb; (victim's text, bomb still running)."""
    import threading

    assert hostile.run("print(1)").ok and victim.run("print(1)").ok  # both workers warm: no cold start in the race
    bomb = threading.Thread(target=hostile.run, args=(FORK_BOMB,))
    bomb.start()
    deadline = time.monotonic() + hostile.limits.timeout_s / 2
    while time.monotonic() < deadline and _processes_of(hostile.uid) < hostile.limits.max_processes - 2:
        time.sleep(0.02)  # until the bomb has taken (nearly) all its processes
    result = victim.run(THREADS)
    running = bomb.is_alive()
    bomb.join()
    return result.as_text(500), running


@pytest.mark.skipif(os.geteuid() != 0, reason="uids are only switched when the environment runs as root")
def test_a_fork_bomb_in_one_episode_does_not_starve_a_concurrent_one() -> None:
    limits = SandboxLimits(timeout_s=4.0, cpu_s=4, memory_mb=768, max_processes=32)
    with PythonSandbox(None, limits=limits) as hostile, PythonSandbox(None, limits=limits) as victim:
        assert hostile.uid != victim.uid and {hostile.uid, victim.uid} <= set(SANDBOX_UIDS)
        text, running = _beside_a_fork_bomb(hostile, victim)
        assert running and text == "threads ok", text
    # the control: one shared uid (what every sandbox used before) lets the bomb take the victim's processes
    with (PythonSandbox(None, limits=limits, user="nobody") as hostile,
          PythonSandbox(None, limits=limits, user="nobody") as victim):
        text, running = _beside_a_fork_bomb(hostile, victim)
        assert running and "threads ok" not in text, text
