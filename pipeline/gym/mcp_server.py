"""`robustgym mcp`: the gym as a Model Context Protocol server, so any MCP client can be the agent.

Tools: `list_tasks(limit, offset, intent?)`, `start_task(task_id)` (the question and the same system prompt
`robustgym eval` gives), then the environment's own registry — `execute_sql(query)`, `execute_python(code)`,
`submit_answer(answer, premise_issue?)` — with the same sandbox, budgets and verifier: every call is one `RobustGymEnv.step`
with one tool call, so each call is one turn. `submit_answer` ends the task and never reveals the verdict.

Task ids are opaque handles: the environment's episode keys (an HMAC of the task id under a random key kept in
RUN_DIR/mcp_key, so they are stable across restarts of one run but cannot be recomputed from a copy of the
dataset): the dataset's own ids end in -clean / -noise, which would tell a client which questions to abstain on. Results and trajectories go to RUN_DIR in the format
`robustgym eval` writes (results.jsonl, trajectories.jsonl, run.json; summary.json, report.md and the error
analysis when the server stops, or by `robustgym report RUN_DIR`). A restarted server resumes: tasks with all
their trials in results.jsonl are done. One episode is open at a time per server.

Bad input — an unknown task id, an episode tool before `start_task`, a second submit, arguments that do not fit
the schema — is an MCP tool error (`isError`) naming the problem, and nothing is recorded for it.
"""

import hashlib
import json
import logging
import os
import secrets
import signal
import threading
from pathlib import Path
from typing import Any

from pipeline.ehr.database import connect
from pipeline.gym.env import DEFAULT_PROMPT, ENV_TOOLS, EnvConfig, RobustGymEnv, prompt_file
from pipeline.gym.evaluate import (
    RESULTS_FILE,
    RunSpec,
    _check_fingerprint,
    _check_run_file,
    _db_url_for,
    _redact,
    done_keys,
    episode_record,
    render,
)
from pipeline.gym.tasks import Task, load_tasks
from pipeline.gym.tools import Tool, ToolCallError, ToolOutcome, ToolRegistry
from pipeline.gym.trajectories import TRAJECTORIES_FILE, JsonlAppender

log = logging.getLogger(__name__)

SERVER_NAME = "ehr-robustgym"
KEY_FILE = "mcp_key"


def _run_key(path: Path) -> bytes:
    """The run's handle key: read it, or create it once (temporary name, then rename)."""
    if not path.exists():
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_text(secrets.token_hex(32))
        tmp.replace(path)
    return bytes.fromhex(path.read_text().strip())


class GymSession:
    """The server's state: tasks, the run directory, and the one open episode. Transport-free, so tests and any
    transport drive it through `call(name, arguments)`; thread-safe (calls serialise)."""

    def __init__(self, dataset: str | Path, out: str | Path, *, split: str = "test", db_url: str | None = None,
                 trials: int = 1, max_turns: int = 20, prompt: str = DEFAULT_PROMPT, model: str | None = None,
                 check_fingerprint: bool = True, limit: int | None = None):
        if trials < 1:
            raise ValueError("--trials must be at least 1")
        dataset_dir = Path(dataset)
        self.tasks: dict[str, Task] = {t.task_id: t for t in load_tasks(dataset_dir, split, limit=limit)}
        if not self.tasks:
            raise ValueError(f"no tasks in {dataset_dir} split {split}")
        self.trials = trials
        self.out = Path(out)
        self.out.mkdir(parents=True, exist_ok=True)
        config = EnvConfig(max_turns=max_turns)
        url = _db_url_for(db_url)
        self.model = model
        versions = sorted({t.dataset_version for t in self.tasks.values()})
        spec = RunSpec(agent="mcp", model=model, dataset=str(dataset_dir), dataset_version=",".join(versions),
                       split=split, trials=trials, seed=0, temperature=None, db_url=_redact(url), prompt=prompt,
                       prompt_sha256=hashlib.sha256(prompt_file(prompt).read_bytes()).hexdigest(),
                       env={"max_turns": config.max_turns, "max_wall_s": config.max_wall_s})
        _check_run_file(self.out, spec)
        self.db = connect(url)
        try:
            if check_fingerprint:
                _check_fingerprint(dataset_dir, self.db)
            self.env = RobustGymEnv(list(self.tasks.values()), self.db, config=config, prompt=prompt,
                                    secret=_run_key(self.out / KEY_FILE))
        except Exception:
            self.db.close()
            raise
        self.handles = {key: task_id for task_id, key in self.env.episode_keys.items()}
        self.intents = sorted({t.intent for t in self.tasks.values()})
        self.done: dict[str, int] = {}
        for task_id, _trial in done_keys(self.out):
            self.done[task_id] = self.done.get(task_id, 0) + 1
        self.results = JsonlAppender(self.out / RESULTS_FILE)
        self.trajectories = JsonlAppender(self.out / TRAJECTORIES_FILE)
        self.current: tuple[str, Task, int] | None = None  # (handle, task, trial) of the open episode
        self.last_finished: str | None = None
        self.calls = 0
        self.recorded = 0
        self._lock = threading.Lock()
        self.registry = ToolRegistry([*self._session_tools(), *self._episode_tools()])

    # ---------------------------------------------------------------- tools

    def _session_tools(self) -> list[Tool]:
        list_schema = {"type": "object", "properties": {
            "limit": {"type": "integer", "minimum": 1, "maximum": 500, "description": "How many tasks (default 20)."},
            "offset": {"type": "integer", "minimum": 0, "description": "How many to skip (default 0)."},
            "intent": {"type": "string", "enum": self.intents, "description": "Only tasks of this intent."}}}
        start_schema = {"type": "object", "required": ["task_id"], "properties": {
            "task_id": {"type": "string", "minLength": 1, "description": "An id from list_tasks."}}}
        return [
            Tool("list_tasks", "List the benchmark's tasks (id, intent, whether all trials are done). "
                 "Task ids are opaque.", list_schema, lambda s, a: s._list_tasks(**a)),
            Tool("start_task", "Start a task: returns the instructions and the question. Then use execute_sql / "
                 "execute_python and finish with submit_answer.", start_schema, lambda s, a: s._start_task(a["task_id"])),
        ]

    def _episode_tools(self) -> list[Tool]:
        """The environment's tools, each forwarded as one env step (same transcript, budgets and verifier)."""
        return [Tool(t.name, t.description, t.parameters, self._forward(t.name), t.hints) for t in ENV_TOOLS]

    def _forward(self, name: str):
        def handler(session: "GymSession", args: dict[str, Any]) -> ToolOutcome:
            return session._step(name, args)

        return handler

    def call(self, name: str, arguments: dict[str, Any] | None) -> ToolOutcome:
        """Run one tool call; a refused call raises ToolCallError (the MCP layer turns it into a tool error)."""
        with self._lock:
            tool, args = self.registry.resolve(name, arguments or {})
            return tool.handler(self, args)

    def _list_tasks(self, limit: int = 20, offset: int = 0, intent: str | None = None) -> ToolOutcome:
        tasks = {h: self.tasks[tid] for h, tid in self.handles.items()}
        rows = sorted((h, t) for h, t in tasks.items() if intent is None or t.intent == intent)
        page = [{"task_id": h, "intent": t.intent, "done": self.done.get(t.task_id, 0) >= self.trials}
                for h, t in rows[offset: offset + limit]]
        return ToolOutcome(True, json.dumps({"total": len(rows), "offset": offset, "tasks": page}))

    def _start_task(self, handle: str) -> ToolOutcome:
        task_id = self.handles.get(handle)
        if task_id is None:
            raise ToolCallError(f"unknown task id {handle!r}; list_tasks shows the ids")
        if self.current is not None:
            raise ToolCallError(f"task {self.current[0]} is in progress: finish it with submit_answer first")
        trial = self.done.get(task_id, 0)
        if trial >= self.trials:
            raise ToolCallError(f"task {handle} is done ({self.trials} trial(s) recorded in {self.out / RESULTS_FILE})")
        messages, _ = self.env.reset(options={"task_id": task_id})
        self.current = (handle, self.tasks[task_id], trial)
        text = (f"{messages[0]['content']}\n\n## Your task ({handle})\n\n{messages[1]['content']}")
        return ToolOutcome(True, text)

    def _step(self, name: str, args: dict[str, Any]) -> ToolOutcome:
        if self.current is None:
            if name == "submit_answer" and self.last_finished:
                raise ToolCallError(f"task {self.last_finished} is already finished: an answer is submitted once; "
                                    "start another task")
            raise ToolCallError("no task in progress: call start_task(task_id) first")
        self.calls += 1
        action = {"role": "assistant", "content": None, "tool_calls": [
            {"id": f"call_{self.calls}", "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}]}
        observations, _, terminated, truncated, info = self.env.step(action)
        result = (info.get("tool_results") or [{}])[-1]
        content = next((o["content"] for o in observations if o.get("role") == "tool"), "")
        if terminated or truncated:
            self._record()
            if truncated and not terminated:
                content += f"\n[the task ended: {self.env.truncation_reason}; no answer was recorded]"
        return ToolOutcome(bool(result.get("ok", True)), content)

    def _record(self) -> None:
        """Append the finished episode to results.jsonl and trajectories.jsonl, exactly once."""
        assert self.current is not None
        handle, task, trial = self.current
        result, trajectory = episode_record(self.env, task, trial=trial, agent="mcp", model=self.model, seed=None)
        self.trajectories.append(trajectory)
        self.results.append(result)
        self.done[task.task_id] = trial + 1
        self.current, self.last_finished = None, handle
        self.recorded += 1

    def close(self) -> dict[str, Any] | None:
        """Close the environment and render the run's summary and report (None when nothing is recorded)."""
        self.env.close()
        self.db.close()
        if not (self.out / RESULTS_FILE).exists() or not (self.out / RESULTS_FILE).stat().st_size:
            return None
        try:
            return render(self.out, task_ids=set(self.tasks), trials=self.trials, tasks=list(self.tasks.values()))
        except ValueError as e:
            log.warning("no report: %s", e)
            return None


def build_server(session: GymSession):
    """The MCP low-level server over the session's registry."""
    import anyio
    import mcp_types as types
    from mcp.server import Server

    async def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[types.Tool(name=t.name, description=t.description, input_schema=t.parameters)
                                            for t in session.registry])

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        try:
            outcome = await anyio.to_thread.run_sync(session.call, params.name, params.arguments)
        except ToolCallError as e:
            return types.CallToolResult(content=[types.TextContent(text=f"Error: {e}")], is_error=True)
        return types.CallToolResult(content=[types.TextContent(text=outcome.content)], is_error=not outcome.ok)

    return Server(SERVER_NAME, version="1", instructions="Clinical questions over a MIMIC-IV EHR: list_tasks, "
                  "start_task, then execute_sql / execute_python, and submit_answer once per task.",
                  on_list_tools=list_tools, on_call_tool=call_tool)


def serve(session: GymSession, *, port: int | None = None) -> None:
    """Serve over stdio (default) or streamable HTTP on 127.0.0.1:`port` at /mcp, until the client goes away."""
    import anyio

    server = build_server(session)

    async def stdio() -> None:
        from mcp.server.stdio import stdio_server

        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())

    async def http() -> None:
        import uvicorn

        app = server.streamable_http_app(host="127.0.0.1")
        await uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")).serve()

    def stop(signum: int, frame: Any) -> None:
        raise SystemExit(0)  # uvicorn re-raises SIGTERM after its shutdown: end through `finally`, not abruptly

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        anyio.run(stdio if port is None else http)
    finally:
        signal.signal(signal.SIGTERM, previous)
        session.close()


__all__ = ["GymSession", "build_server", "serve"]
