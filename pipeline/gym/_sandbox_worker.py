"""The warm sandbox worker ("zygote"), started by pipeline.gym.sandbox with an empty environment.

It imports polars once, isolates itself (private network and mount namespaces when root: no network, private
tmpfs over /tmp, /var/tmp, /dev/shm, /run and over the directories it is told to hide), then forks one short-lived
child per `execute_python` call. Each child runs in a fresh PID namespace (so killing it kills everything it
spawned), with rlimits, as the sandbox's own uid (one per sandbox, see sandbox.py), in its own temporary
directory, with an audit hook that refuses sockets and process spawning. The child reaches the database only
through `sql(query)`, which sends the query over a socket to the parent environment (this process holds no
database handle and no credentials).

Self-contained on purpose (stdlib + polars): it runs with `python -I` and must not import the project.
"""

import ast
import contextlib
import ctypes
import gc
import io
import json
import os
import resource
import select
import shutil
import signal
import socket
import struct
import sys
import tempfile
import time
import traceback

CLONE_NEWNS, CLONE_NEWPID, CLONE_NEWNET = 0x00020000, 0x20000000, 0x40000000
MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REC, MS_PRIVATE, MS_RDONLY, MS_BIND = 2, 4, 8, 1 << 14, 1 << 18, 1, 4096
PR_SET_NO_NEW_PRIVS, PR_SET_CHILD_SUBREAPER = 38, 36
MAX_FRAME = 64 * 1024 * 1024
PRELOAD = ("json", "re", "math", "statistics", "datetime", "collections", "itertools", "functools", "decimal",
           "fractions", "csv", "textwrap", "string", "random", "heapq", "bisect", "operator", "typing", "dataclasses",
           "encodings.idna", "zoneinfo", "calendar", "pprint", "numpy")

_libc = ctypes.CDLL(None, use_errno=True)


def _unshare(flags: int) -> bool:
    return _libc.unshare(flags) == 0


def _mount(source: str, target: str, fstype: str | None, flags: int, data: str | None) -> bool:
    return _libc.mount(source.encode(), target.encode(), fstype.encode() if fstype else None, flags,
                       data.encode() if data else None) == 0


# ------------------------------------------------------------------ framing: 4-byte length, JSON header, payload


def _read_exact(fd: int, n: int) -> bytes:
    chunks, got = [], 0
    while got < n:
        b = os.read(fd, min(n - got, 1 << 20))
        if not b:
            raise EOFError("channel closed")
        chunks.append(b)
        got += len(b)
    return b"".join(chunks)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def send_frame(fd: int, header: dict, payload: bytes = b"") -> None:
    if payload:
        header = dict(header, nbytes=len(payload))
    raw = json.dumps(header).encode()
    _write_all(fd, struct.pack(">I", len(raw)) + raw + payload)


def recv_frame(fd: int) -> tuple[dict, bytes]:
    (n,) = struct.unpack(">I", _read_exact(fd, 4))
    if n > MAX_FRAME:
        raise ValueError("frame too large")
    header = json.loads(_read_exact(fd, n))
    nbytes = int(header.get("nbytes", 0))
    if nbytes > MAX_FRAME:
        raise ValueError("payload too large")
    return header, _read_exact(fd, nbytes) if nbytes else b""


# ------------------------------------------------------------------ isolation of the worker itself


def isolate(config: dict) -> dict:
    """Private network + mount namespaces (root only). Returns what could be applied, for the parent to report."""
    caps = {"root": os.geteuid() == 0, "netns": False, "mountns": False, "pidns": False, "setuid": False}
    if not caps["root"]:
        return caps
    caps["setuid"] = True
    if not config.get("namespaces", True):
        return caps
    caps["netns"] = _unshare(CLONE_NEWNET)
    if _unshare(CLONE_NEWNS) and _mount("none", "/", None, MS_REC | MS_PRIVATE, None):
        caps["mountns"] = True
        size = int(config.get("tmpfs_mb", 256))
        for d in ("/tmp", "/var/tmp", "/dev/shm", "/run"):
            if os.path.isdir(d) and not os.path.islink(d):
                _cover(d, MS_NOSUID | MS_NODEV, f"size={size}m,mode=1777")
        _expose_interpreter()
        for d in config.get("hide_dirs", []):
            if os.path.isdir(d):
                _cover(d, MS_NOSUID | MS_NODEV | MS_NOEXEC, "size=1m,mode=0555")
    # probe: can a child create a PID namespace? (needs root; the worker stays root only for this and setuid)
    pid = os.fork()
    if pid == 0:
        os._exit(0 if _unshare(CLONE_NEWPID) else 1)
    _, status = os.waitpid(pid, 0)
    caps["pidns"] = os.waitstatus_to_exitcode(status) == 0
    return caps


def _interpreter_paths() -> list[str]:
    """Directories Python itself needs: its prefixes (the venv), sys.path and this script's folder."""
    wanted = {sys.base_prefix, sys.prefix, sys.exec_prefix, os.path.dirname(os.path.abspath(__file__)),
              *(p for p in sys.path if p)}
    return sorted({os.path.realpath(p) for p in wanted if os.path.isdir(p)})


def _cover(directory: str, flags: int, data: str) -> bool:
    """Mount an empty tmpfs over `directory` but keep what Python needs beneath it visible (a checkout and its
    venv under /tmp, say): hold each needed directory by an O_PATH descriptor across the mount, then bind it
    back through /proc/self/fd. Everything else beneath `directory` (datasets, the database) disappears."""
    d = os.path.realpath(directory)
    keep = [p for p in _interpreter_paths() if p.startswith(d + "/")]
    keep = [p for p in keep if not any(q != p and p.startswith(q + "/") for q in keep)]
    held = []
    for path in keep:
        with contextlib.suppress(OSError):
            held.append((path, os.open(path, os.O_PATH | os.O_DIRECTORY)))
    covered = _mount("tmpfs", d, "tmpfs", flags, data)
    for path, fd in held:
        if covered:
            os.makedirs(path, exist_ok=True)
            _mount(f"/proc/self/fd/{fd}", path, None, MS_BIND | MS_REC, None)
        os.close(fd)
    return covered


def _expose_interpreter() -> None:
    """Keep the interpreter importable for the sandbox user when an ancestor directory is private (e.g. a
    pyenv Python under /root, mode 0700): cover that ancestor with an empty tmpfs and bind-mount back only the
    directories Python needs. Everything else in it (e.g. the rest of /root) stays invisible."""
    covered: dict[str, set[str]] = {}
    for path in _interpreter_paths():
        parts = path.split("/")
        for i in range(2, len(parts)):
            ancestor = "/".join(parts[:i])
            if ancestor in ("/tmp", "/var/tmp", "/dev/shm", "/run"):
                break
            if not os.stat(ancestor).st_mode & 0o001:
                covered.setdefault(ancestor, set()).add("/".join(parts[: i + 1]))
                break
    stage_root = tempfile.mkdtemp(prefix="expose-")
    for ancestor, children in covered.items():
        staged = []
        for child in sorted(children):
            stage = tempfile.mkdtemp(dir=stage_root)
            if _mount(child, stage, None, MS_BIND | MS_REC, None):
                staged.append((child, stage))
        if not _mount("tmpfs", ancestor, "tmpfs", MS_NOSUID | MS_NODEV, "size=1m,mode=0755"):
            continue
        for child, stage in staged:
            os.makedirs(child, exist_ok=True)
            _mount(stage, child, None, MS_BIND | MS_REC, None)


# ------------------------------------------------------------------ the child: runs agent code


class SQLError(Exception):
    """The query was refused or failed in the environment."""


_BLOCKED_EVENTS = {
    "socket.__new__", "socket.connect", "socket.bind", "socket.sendto", "socket.getaddrinfo",
    "subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "pty.spawn", "os.startfile",
    "ctypes.dlopen", "ctypes.dlsym", "ctypes.cdata", "ctypes.call_function", "os.setuid", "os.setgid",
    "resource.setrlimit", "os.chroot", "sys.addaudithook", "webbrowser.open",
}
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


def _install_audit_hook(workdir: str) -> None:
    root = os.path.realpath(workdir)

    def hook(event: str, args: tuple) -> None:
        if event in _BLOCKED_EVENTS:
            raise PermissionError(f"sandbox: {event} is not allowed")
        if event == "open":
            path, mode, flags = args
            if isinstance(path, int) or path is None:
                return
            writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or bool((flags or 0) & _WRITE_FLAGS)
            if writing:
                real = os.path.realpath(os.path.join(root, os.fsdecode(path)))
                if real != "/dev/null" and real != root and not real.startswith(root + os.sep):
                    raise PermissionError(f"sandbox: writing outside the working directory is not allowed: {path}")

    sys.addaudithook(hook)


def _make_sql(chan: int, limits: dict):
    import polars as pl

    calls = {"n": 0}

    def sql(query: str) -> "pl.DataFrame":
        """Run read-only PostgreSQL-dialect SQL on the EHR; returns a polars DataFrame."""
        if not isinstance(query, str):
            raise TypeError("sql(query) takes a string")
        calls["n"] += 1
        if calls["n"] > int(limits.get("max_sql_calls", 50)):
            raise SQLError(f"at most {limits.get('max_sql_calls', 50)} sql() calls per execution")
        send_frame(chan, {"op": "sql", "query": query})
        header, payload = recv_frame(chan)
        if not header.get("ok"):
            raise SQLError(header.get("error", "query failed"))
        if header.get("truncated"):
            print(f"[sql: result truncated to {header.get('rows')} rows]", file=sys.stderr)
        return pl.read_ipc(io.BytesIO(payload))

    return sql, SQLError


def _run_user_code(code: str, namespace: dict) -> int:
    try:
        tree = ast.parse(code, "<python>", "exec")
    except SyntaxError:
        traceback.print_exc(limit=0)
        return 1
    last = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body.pop().value)
    try:
        exec(compile(tree, "<python>", "exec"), namespace)
        if last is not None:
            value = eval(compile(last, "<python>", "eval"), namespace)
            if value is not None:
                print(repr(value))
        return 0
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else 0
    except BaseException as e:  # noqa: BLE001 - report anything the agent's code raised
        if isinstance(e, MemoryError):
            namespace.clear()  # free what the code allocated, so the report itself can be printed
            gc.collect()
        tb = e.__traceback__.tb_next if e.__traceback__ else None
        traceback.print_exception(type(e), e, tb, limit=20)
        return 1


def child_main(code: str, workdir: str, out_fd: int, chan: int, limits: dict, caps: dict) -> None:
    """Runs in the forked child. Never returns."""
    status = 1
    try:
        if caps.get("pidns") and caps.get("mountns"):
            # a private /proc: the agent sees only its own processes (and not the parent's environment)
            _mount("none", "/proc", None, MS_REC | MS_PRIVATE, None)
            _mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, None)
        if not caps.get("pidns"):
            os.setsid()
        os.chdir(workdir)
        devnull = os.open("/dev/null", os.O_RDONLY)
        os.dup2(devnull, 0)
        os.dup2(out_fd, 1)
        os.dup2(out_fd, 2)
        keep = {0, 1, 2, chan}
        os.closerange(3, chan)
        os.closerange(chan + 1, 65536)
        del keep
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        mb = 1024 * 1024
        cpu = int(limits["cpu_s"])
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
        resource.setrlimit(resource.RLIMIT_AS, (int(limits["memory_mb"]) * mb,) * 2)
        resource.setrlimit(resource.RLIMIT_FSIZE, (int(limits["max_file_mb"]) * mb,) * 2)
        resource.setrlimit(resource.RLIMIT_NOFILE, (int(limits["max_open_files"]),) * 2)
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        if caps.get("setuid"):
            resource.setrlimit(resource.RLIMIT_NPROC, (int(limits["max_processes"]),) * 2)
            os.setgroups([])
            os.setgid(int(limits["gid"]))
            os.setuid(int(limits["uid"]))
        _libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
        os.environ.clear()
        os.environ.update({"HOME": workdir, "TMPDIR": workdir, "LANG": "C.UTF-8", "POLARS_MAX_THREADS": "1"})
        sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8", errors="backslashreplace",
                                      line_buffering=False, write_through=False)
        sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), encoding="utf-8", errors="backslashreplace",
                                      line_buffering=True)
        import polars as pl

        sql, sql_error = _make_sql(chan, limits)
        namespace = {"__name__": "__main__", "__builtins__": __builtins__, "sql": sql, "pl": pl,
                     "SQLError": sql_error}
        _install_audit_hook(workdir)
        status = _run_user_code(code, namespace)
    except BaseException:  # noqa: BLE001
        with contextlib.suppress(BaseException):
            traceback.print_exc()
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BaseException:  # noqa: BLE001
            pass
        os._exit(status if isinstance(status, int) and 0 <= status < 256 else 1)


# ------------------------------------------------------------------ one execution


def _wait_with_deadline(pid: int, timeout_s: float, kill_group: bool) -> tuple[int, bool]:
    deadline = time.monotonic() + timeout_s
    try:
        pidfd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        pidfd = None
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status, False
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            try:
                if kill_group:
                    os.killpg(pid, signal.SIGKILL)
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            _, status = os.waitpid(pid, 0)
            return status, True
        if pidfd is not None:
            select.select([pidfd], [], [], remaining)
        else:
            time.sleep(min(remaining, 0.002))


def _kill_and_reap_descendants(group: int) -> None:
    """Without a PID namespace: kill what the agent's code left running (its process group, then any orphan that
    came back to this subreaper, found through /proc) and reap every zombie, so nothing outlives the call and
    nothing keeps counting against the sandbox user's RLIMIT_NPROC."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(group, signal.SIGKILL)
    me = os.getpid()
    for _ in range(5000):
        kids = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            if ppid == me:
                kids.append(int(entry))
        for k in kids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(k, signal.SIGKILL)
        try:
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass
        except ChildProcessError:
            return  # no child left, alive or zombie
        time.sleep(0.001)


def run_once(request: dict, chan: int, caps: dict, base: str) -> dict:
    limits = request["limits"]
    start = time.monotonic()
    workdir = tempfile.mkdtemp(prefix="run-", dir=base)
    out_path = workdir + ".out"
    out_fd = os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    if caps.get("setuid"):
        os.chown(workdir, int(limits["uid"]), int(limits["gid"]))
        os.chmod(workdir, 0o700)
    report_r, report_w = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:  # intermediate: owns the deadline; in a new PID namespace when possible
        try:
            os.close(report_r)
            if caps.get("pidns"):
                _unshare(CLONE_NEWPID | (CLONE_NEWNS if caps.get("mountns") else 0))
            else:
                _libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)  # orphans of the agent's code come back to us
            child = os.fork()
            if child == 0:
                os.close(report_w)
                child_main(request["code"], workdir, out_fd, chan, limits, caps)
            os.close(chan)
            status, timed_out = _wait_with_deadline(child, float(limits["timeout_s"]), not caps.get("pidns"))
            if not caps.get("pidns"):
                _kill_and_reap_descendants(child)
            os.write(report_w, json.dumps({"status": status, "timed_out": timed_out}).encode())
            os._exit(0)
        except BaseException:  # noqa: BLE001
            os._exit(3)
    os.close(report_w)
    os.close(out_fd)
    os.close(chan)
    _, istatus = os.waitpid(pid, 0)
    with os.fdopen(report_r, "rb") as f:
        raw = f.read()
    result: dict = {"op": "result", "seconds": time.monotonic() - start}
    try:
        report = json.loads(raw)
        status, timed_out = int(report["status"]), bool(report["timed_out"])
    except (ValueError, KeyError):
        status, timed_out = istatus, False
    result["timed_out"] = timed_out
    if os.WIFSIGNALED(status):
        result["exit_code"], result["signal"] = None, os.WTERMSIG(status)
    else:
        result["exit_code"], result["signal"] = os.WEXITSTATUS(status), None
    cap = int(limits["max_output_chars"])
    try:
        with open(out_path, "rb") as f:
            data = f.read(cap * 4 + 4)
        text = data.decode("utf-8", errors="replace")
        result["truncated"] = len(text) > cap or os.path.getsize(out_path) > len(data)
        result["output"] = text[:cap]
    except OSError:
        result["output"], result["truncated"] = "", False
    shutil.rmtree(workdir, ignore_errors=True)
    with contextlib.suppress(OSError):
        os.unlink(out_path)
    return result


def main() -> None:
    ctrl = int(sys.argv[1])
    config = json.loads(sys.argv[2])
    caps = isolate(config)
    import polars  # noqa: F401 - warm import, shared with every forked child

    for name in PRELOAD if config.get("preload", True) else ():  # imported once here: faster children, and importable even where the interpreter's
        with contextlib.suppress(ImportError):  # directory is not readable by the sandbox user
            __import__(name)

    base = tempfile.mkdtemp(prefix="robustgym-sandbox-")
    os.chmod(base, 0o711)
    sock = socket.socket(fileno=ctrl)
    send_frame(ctrl, {"op": "ready", "caps": caps, "pid": os.getpid()})
    while True:
        try:
            _, fds, _, _ = socket.recv_fds(sock, 1, 1)
            if not fds:
                break
            request, _ = recv_frame(ctrl)
        except (EOFError, OSError, ValueError):
            break
        if request.get("op") != "run":
            for fd in fds:
                os.close(fd)
            break
        try:
            result = run_once(request, fds[0], caps, base)
        except Exception as e:  # noqa: BLE001 - report, keep serving
            result = {"op": "result", "exit_code": None, "signal": None, "timed_out": False, "output": "",
                      "truncated": False, "seconds": 0.0, "error": f"sandbox failure: {type(e).__name__}: {e}"}
        send_frame(ctrl, result)
    shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
