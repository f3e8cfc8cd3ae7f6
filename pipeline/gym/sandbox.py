"""`execute_python`: agent code in a separate, limited process that reaches the EHR only through `sql(query)`.

Design (measured in BENCHMARKS.md, "Gym"): a warm worker process (`_sandbox_worker.py`, started once per
sandbox with an EMPTY environment and no database handle) forks one child per call, so a call costs a fork
(~10-30 ms) instead of a Python start plus a polars import (~300 ms). Containment of each child:

- rlimits: RLIMIT_CPU, RLIMIT_AS (memory), RLIMIT_NPROC (processes of the sandbox user — enforced only for a
  non-root user, hence the privilege drop), RLIMIT_FSIZE, RLIMIT_NOFILE, no core files;
- runs as a uid of its own (when the environment runs as root) with PR_SET_NO_NEW_PRIVS: each sandbox claims a
  free uid from SANDBOX_UIDS (no passwd entry; group `nogroup`), held by an flock for the sandbox's lifetime, so
  concurrent episodes — other threads or other processes — never share RLIMIT_NPROC, which Linux counts per uid:
  a fork bomb in one episode fills its own 64 processes and leaves the next episode's threads alone (tested). The
  database file must not be writable by that uid (checked when the sandbox starts: `SandboxError` otherwise);
- network: a private network namespace (no interfaces but a down loopback) when root; otherwise — and in
  addition — a Python audit hook refuses socket creation/connection, process spawning (subprocess, os.system,
  exec*, posix_spawn) and ctypes;
- filesystem: a private mount namespace with fresh tmpfs over /tmp, /var/tmp, /dev/shm and /run (so unix sockets
  of local servers are unreachable), the database directory hidden under an empty read-only tmpfs, a temporary
  working directory as cwd/HOME/TMPDIR, and the audit hook refusing writes outside it;
- processes: each child is PID 1 of a new PID namespace with its own /proc, so the wall-clock kill takes every
  descendant with it (fork bombs included); without namespaces the child's process group is killed;
- the environment holds no secrets (HOME, TMPDIR, LANG, POLARS_MAX_THREADS only); output is capped.

`sql(query)` sends a JSON frame over a socket pair to this process, which runs it through the caller's handler
(the environment's `Database.query_result`, read-only and bounded) and answers with Arrow IPC bytes. Nothing
from the child is ever unpickled or executed: it sends JSON only, with frame-size caps.
Without root (or where namespaces are refused) the sandbox still runs, with the weaker guarantees listed by
`PythonSandbox.capabilities`; the audit hook is then the only network barrier (it is bypassable by native code).
"""

import contextlib
import fcntl
import io
import json
import logging
import os
import pwd
import select
import socket
import stat
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import polars as pl

from pipeline.paths import PROJECT_ROOT

log = logging.getLogger(__name__)

WORKER = Path(__file__).with_name("_sandbox_worker.py")
SANDBOX_UIDS = range(1_480_000, 1_480_512)  # outside any distribution's user ranges; 512 concurrent sandboxes
UID_LOCK_DIR = Path(tempfile.gettempdir()) / "robustgym-sandbox-uids"
MAX_CHILD_FRAME = 1024 * 1024  # a child's sql request (JSON) is never larger


class SandboxError(RuntimeError):
    """The sandbox cannot run safely (for instance the database file is writable by the sandbox user)."""


@dataclass(frozen=True)
class SandboxLimits:
    """Per-call limits. Defaults suit an agent's data wrangling on a small result set."""

    timeout_s: float = 10.0
    cpu_s: int = 10
    memory_mb: int = 2048
    max_processes: int = 64
    max_file_mb: int = 16
    max_open_files: int = 64
    max_output_chars: int = 8000
    max_sql_calls: int = 50
    sql_max_rows: int = 100_000
    sql_timeout_s: float = 10.0
    tmpfs_mb: int = 256


@dataclass(frozen=True)
class PythonResult:
    ok: bool
    output: str
    truncated: bool
    timed_out: bool
    exit_code: int | None
    signal: int | None
    error: str | None
    seconds: float
    sql_calls: int

    def as_text(self, max_chars: int) -> str:
        """What the agent reads as the tool result."""
        parts = [self.output.rstrip("\n")] if self.output else []
        if self.truncated:
            parts.append(f"[output truncated to {max_chars} characters]")
        if self.timed_out:
            parts.append("[error: the code exceeded the wall-clock time limit and was stopped]")
        elif self.signal is not None:
            name = {9: "killed (memory or process limit)", 24: "CPU time limit exceeded", 25: "file size limit exceeded"}
            parts.append(f"[error: the process was {name.get(self.signal, f'terminated by signal {self.signal}')}]")
        elif self.error:
            parts.append(f"[error: {self.error}]")
        elif self.exit_code not in (0, None):
            parts.append(f"[exit code {self.exit_code}]")
        if not parts:
            parts.append("[no output]")
        return "\n".join(parts)


SqlHandler = Callable[[str], tuple[pl.DataFrame, bool]]


def _frame(header: dict[str, Any], payload: bytes = b"") -> bytes:
    if payload:
        header = dict(header, nbytes=len(payload))
    raw = json.dumps(header).encode()
    return struct.pack(">I", len(raw)) + raw + payload


class _FrameReader:
    """Accumulates bytes from a non-blocking socket and yields complete frames; refuses oversized ones."""

    def __init__(self, sock: socket.socket, max_header: int, max_payload: int):
        self.sock, self.max_header, self.max_payload = sock, max_header, max_payload
        self.buf = bytearray()
        self.closed = False

    def feed(self) -> None:
        try:
            data = self.sock.recv(1 << 20)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self.closed = True
        self.buf += data
        if len(self.buf) > self.max_header + self.max_payload + 8:
            raise ValueError("frame too large")

    def pop(self) -> tuple[dict[str, Any], bytes] | None:
        if len(self.buf) < 4:
            return None
        (n,) = struct.unpack(">I", self.buf[:4])
        if n > self.max_header:
            raise ValueError("frame header too large")
        if len(self.buf) < 4 + n:
            return None
        header = json.loads(bytes(self.buf[4 : 4 + n]))
        if not isinstance(header, dict):
            raise ValueError("frame header is not an object")
        nbytes = int(header.get("nbytes", 0) or 0)
        if nbytes < 0 or nbytes > self.max_payload:
            raise ValueError("frame payload too large")
        if len(self.buf) < 4 + n + nbytes:
            return None
        payload = bytes(self.buf[4 + n : 4 + n + nbytes])
        del self.buf[: 4 + n + nbytes]
        return header, payload


def writable_by(path: Path, uid: int, gid: int) -> bool:
    """Could (uid, gid) modify or replace this file? Checks the file's and its directory's permission bits."""
    st = path.stat()

    def can_write(s: os.stat_result) -> bool:
        if s.st_uid == uid:
            return bool(s.st_mode & stat.S_IWUSR)
        if s.st_gid == gid:
            return bool(s.st_mode & stat.S_IWGRP)
        return bool(s.st_mode & stat.S_IWOTH)

    if can_write(st):
        return True
    parent = path.parent.stat()
    return can_write(parent) and not (parent.st_mode & stat.S_ISVTX and st.st_uid != uid)


def _claim_uid() -> tuple[int, int]:
    """A uid from SANDBOX_UIDS that no passwd entry and no live sandbox (of any process) uses: (uid, lock fd). The
    lock is an flock on one file per uid, so it dies with its holder and needs no cleanup after a crash."""
    UID_LOCK_DIR.mkdir(mode=0o700, exist_ok=True)
    for uid in SANDBOX_UIDS:
        try:
            pwd.getpwuid(uid)
            continue  # a real account: never borrow it
        except KeyError:
            pass
        fd = os.open(UID_LOCK_DIR / f"{uid}.lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            continue
        return uid, fd
    raise SandboxError(f"all {len(SANDBOX_UIDS)} sandbox uids are in use")


def _holds_interpreter(directory: str) -> bool:
    """Hiding this directory would hide Python itself (its prefix, the venv, sys.path or the worker script)."""
    needed = [sys.prefix, sys.base_prefix, sys.exec_prefix, str(WORKER.parent), *(p for p in sys.path if p)]
    d = directory.rstrip("/") or "/"
    for path in needed:
        real = os.path.realpath(path)
        if d == "/" or real == d or real.startswith(d + "/"):
            return True
    return False


class PythonSandbox:
    """One warm worker; `run(code)` executes agent code in a fresh, limited child. Thread-safe (calls serialise)."""

    def __init__(self, sql_handler: SqlHandler | None = None, *, limits: SandboxLimits | None = None,
                 user: str | None = None, protected_paths: Sequence[str | Path] = (), namespaces: bool = True):
        self.limits = limits or SandboxLimits()
        self.sql_handler = sql_handler
        self.protected_paths = [Path(p) for p in protected_paths]
        self.namespaces = namespaces  # False: rlimits, privilege drop and audit hook only (what unprivileged hosts get)
        self._lock = threading.Lock()
        self._proc: subprocess.Popen[bytes] | None = None
        self._ctrl: socket.socket | None = None
        self._stderr: Any = None
        self.capabilities: dict[str, bool] = {}
        self._uid_lock: int | None = None
        if os.geteuid() != 0:
            self.uid, self.gid = os.geteuid(), os.getegid()
        elif user is not None:
            pw = pwd.getpwnam(user)
            self.uid, self.gid = pw.pw_uid, pw.pw_gid
        else:
            self.uid, self._uid_lock = _claim_uid()
            self.gid = pwd.getpwnam("nobody").pw_gid
        self._own_uid = self._uid_lock is not None
        for p in self.protected_paths:
            if p.exists() and os.geteuid() == 0 and writable_by(p, self.uid, self.gid):
                self._release_uid()
                raise SandboxError(f"{p} is writable by the sandbox user (uid {self.uid}): fix its permissions before "
                                   "running agent code")

    # ---------------------------------------------------------------- worker lifecycle

    def start(self) -> None:
        with self._lock:
            self._start()

    def _start(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            return
        if self._own_uid and self._uid_lock is None:  # reopened after close(): claim a uid again
            self.uid, self._uid_lock = _claim_uid()
        parent, child = socket.socketpair()
        # the database's folder and the project checkout (datasets with their answers, build storage) are hidden;
        # the worker keeps the interpreter and venv visible beneath a hidden folder (_cover in the worker)
        hide = sorted(d for d in {str(p.resolve().parent) for p in self.protected_paths if p.exists()}
                      | {str(PROJECT_ROOT.resolve())} if d != "/")
        config = {"tmpfs_mb": self.limits.tmpfs_mb, "hide_dirs": hide, "namespaces": self.namespaces}
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the worker
        self._proc = subprocess.Popen(
            [sys.executable, "-I", str(WORKER), str(child.fileno()), json.dumps(config)],
            pass_fds=[child.fileno()], env={"POLARS_MAX_THREADS": "1", "LANG": "C.UTF-8"},
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=self._stderr, start_new_session=True,
        )
        child.close()
        self._ctrl = parent
        header = self._read_ctrl(time.monotonic() + 60)
        if header is None or header.get("op") != "ready":
            err = self._worker_stderr()
            self._kill()
            raise SandboxError(f"the sandbox worker did not start: {err or 'no reply'}")
        self.capabilities = {k: bool(v) for k, v in header.get("caps", {}).items()}
        if self.capabilities.get("root") and not self.capabilities.get("netns"):
            log.warning("sandbox: no network namespace; only the Python audit hook blocks sockets")

    def _worker_stderr(self) -> str:
        try:
            self._stderr.seek(0)
            return self._stderr.read()[-2000:].decode(errors="replace").strip()
        except (OSError, AttributeError, ValueError):
            return ""

    def _read_ctrl(self, deadline: float) -> dict[str, Any] | None:
        assert self._ctrl is not None
        reader = _FrameReader(self._ctrl, 64 * 1024 * 1024, 0)
        self._ctrl.setblocking(False)
        while True:
            frame = reader.pop()
            if frame is not None:
                return frame[0]
            remaining = deadline - time.monotonic()
            if remaining <= 0 or reader.closed:
                return None
            ready, _, _ = select.select([self._ctrl], [], [], remaining)
            if ready:
                reader.feed()

    def _kill(self) -> None:
        if self._proc is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self._proc.pid, 9)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._proc.wait(timeout=5)
        if self._ctrl is not None:
            self._ctrl.close()
        self._proc, self._ctrl = None, None

    def close(self) -> None:
        with self._lock:
            self._kill()
            if self._stderr is not None:
                self._stderr.close()
                self._stderr = None
            self._release_uid()

    def _release_uid(self) -> None:
        if self._uid_lock is not None:
            os.close(self._uid_lock)  # closing the descriptor drops the flock
            self._uid_lock = None

    def __enter__(self) -> "PythonSandbox":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):  # interpreter shutdown
            self._kill()
            self._release_uid()

    # ---------------------------------------------------------------- one call

    def run(self, code: str) -> PythonResult:
        """Execute `code`; never raises for anything the code does."""
        if not isinstance(code, str):
            return self._failed("code must be a string", 0.0)
        with self._lock:
            start = time.monotonic()
            try:
                self._start()
                return self._run(code, start)
            except SandboxError as e:
                return self._failed(str(e), time.monotonic() - start)
            except (OSError, ValueError) as e:
                log.warning("sandbox worker failed (%s); restarting it", e)
                self._kill()
                return self._failed(f"sandbox failure: {e}", time.monotonic() - start)

    def _failed(self, error: str, seconds: float) -> PythonResult:
        return PythonResult(False, "", False, False, None, None, error, seconds, 0)

    def _run(self, code: str, start: float) -> PythonResult:
        assert self._ctrl is not None
        lim = self.limits
        ours, theirs = socket.socketpair()
        try:
            self._ctrl.setblocking(True)
            socket.send_fds(self._ctrl, [b"F"], [theirs.fileno()])
            request = {"op": "run", "code": code, "limits": {**asdict(lim), "uid": self.uid, "gid": self.gid}}
            self._ctrl.sendall(_frame(request))
        finally:
            theirs.close()
        deadline = start + lim.timeout_s + 15.0  # the worker enforces timeout_s; this is the backstop
        ctrl_reader = _FrameReader(self._ctrl, 64 * 1024 * 1024, 0)
        chan_reader: _FrameReader | None = _FrameReader(ours, MAX_CHILD_FRAME, 0)
        self._ctrl.setblocking(False)
        ours.setblocking(False)
        sql_calls = 0
        try:
            while True:
                frame = ctrl_reader.pop()
                if frame is not None:
                    h = frame[0]
                    return PythonResult(
                        ok=h.get("exit_code") == 0 and not h.get("timed_out") and not h.get("error"),
                        output=str(h.get("output", "")), truncated=bool(h.get("truncated")),
                        timed_out=bool(h.get("timed_out")), exit_code=h.get("exit_code"), signal=h.get("signal"),
                        error=h.get("error"), seconds=time.monotonic() - start, sql_calls=sql_calls,
                    )
                if ctrl_reader.closed:
                    raise OSError(f"sandbox worker exited: {self._worker_stderr()}")
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    self._kill()
                    return PythonResult(False, "", False, True, None, None, "the sandbox did not answer in time",
                                        time.monotonic() - start, sql_calls)
                watch = [self._ctrl] + ([ours] if chan_reader is not None else [])
                ready, _, _ = select.select(watch, [], [], remaining)
                if self._ctrl in ready:
                    ctrl_reader.feed()
                if chan_reader is not None and ours in ready:
                    try:
                        chan_reader.feed()
                        while (req := chan_reader.pop()) is not None:
                            sql_calls += 1
                            self._answer_sql(ours, req[0], deadline)
                        if chan_reader.closed:
                            chan_reader = None
                    except (ValueError, OSError, TypeError):
                        # garbage or a vanished child: stop listening, the worker still reports the outcome
                        chan_reader = None
                        ours.close()
        finally:
            if chan_reader is not None:
                ours.close()

    def _answer_sql(self, sock: socket.socket, header: dict[str, Any], deadline: float) -> None:
        query = header.get("query")
        if header.get("op") != "sql" or not isinstance(query, str):
            reply = _frame({"ok": False, "error": "malformed request"})
        elif self.sql_handler is None:
            reply = _frame({"ok": False, "error": "no database is attached to this sandbox"})
        else:
            try:
                frame, truncated = self.sql_handler(query)
                buf = io.BytesIO()
                frame.write_ipc(buf)
                reply = _frame({"ok": True, "truncated": truncated, "rows": frame.height}, buf.getvalue())
            except Exception as e:  # noqa: BLE001 - any failure becomes the child's SQLError
                reply = _frame({"ok": False, "error": str(e) or type(e).__name__})
        sock.setblocking(True)
        sock.settimeout(max(0.1, deadline - time.monotonic()))
        try:
            sock.sendall(reply)
        finally:
            sock.setblocking(False)
