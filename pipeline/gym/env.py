"""The interactive environment: a gymnasium.Env over a read-only EHR with SQL, Python and submit tools.

Observations and actions are OpenAI chat messages, so any chat model plugs in and every episode is already a
training trajectory. `reset(options={"task_id": …})` returns [system, user] and info with the tools as OpenAI
function schemas; `step(assistant_message)` executes its tool calls and returns the tool messages. Reward is 0
until `submit_answer(answer, premise_issue=None)`, then the verifier's 1/0. Turn, wall-time and output budgets
truncate. Nothing an agent sends raises: malformed calls come back as tool errors.

Nothing the environment returns names the task: `info` carries an opaque episode key (`info["episode"]`, an HMAC
of the task id under the environment's secret), never the dataset's task id, pair id or variant, which would give
the answer's kind away (task ids end in -clean / -noise). `trajectory()` and the evaluation's results keep the
real ids for the researcher.
"""

import csv
import hashlib
import hmac
import io
import json
import logging
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import gymnasium as gym
import polars as pl

from pipeline.ehr.database import Database, DuckDBDatabase, QueryError, connect
from pipeline.gym.sandbox import PythonSandbox, SandboxLimits
from pipeline.gym.tasks import Task
from pipeline.gym.tools import Tool, ToolCallError, ToolOutcome, ToolRegistry
from pipeline.gym.verifier import NO_SUBMISSION, Verdict, premise_note, verify
from pipeline.paths import PROMPTS_DIR

log = logging.getLogger(__name__)

SQL_TOOL_SCHEMA = {
    "type": "object",
    "properties": {"query": {"type": "string", "minLength": 1, "description": "A single SELECT statement."}},
    "required": ["query"],
}
PYTHON_TOOL_SCHEMA = {
    "type": "object",
    "properties": {"code": {"type": "string", "minLength": 1, "description": "Python source code."}},
    "required": ["code"],
}
SUBMIT_TOOL_SCHEMA = {
    "type": "object",
    "properties": {
        "answer": {"description": "A JSON value (number, string, boolean, list, {\"value\", \"unit\"}) or null."},
        "premise_issue": {"type": "string", "description": (
            "Only when the record contradicts a detail the question states, or holds nothing that matches all of "
            "them: what, in one sentence. Leave it out otherwise.")},
    },
    "required": ["answer"],
}
SQL_DESCRIPTION = "Run one read-only SQL query (PostgreSQL dialect) on the MIMIC-IV EHR. Returns CSV rows."
PYTHON_DESCRIPTION = ("Run Python 3 code in a sandbox. sql(query) returns a polars DataFrame; pl is polars. "
                      "Printed output and the value of the last expression are returned.")
SUBMIT_DESCRIPTION = ("Submit the final answer and end the task. Add premise_issue when a stated detail does not "
                      "match the record; use null as the answer when nothing can be answered.")


def episode_tools(owner_env: Callable[[Any], "RobustGymEnv"] = lambda owner: owner) -> list[Tool]:
    """execute_sql, execute_python and submit_answer. `owner_env` maps the registry's owner to the environment the
    handlers act on (the environment itself here; the MCP server passes its current episode's)."""
    return [
        Tool("execute_sql", SQL_DESCRIPTION, SQL_TOOL_SCHEMA, lambda o, a: owner_env(o).run_sql(a["query"])),
        Tool("execute_python", PYTHON_DESCRIPTION, PYTHON_TOOL_SCHEMA, lambda o, a: owner_env(o).run_python(a["code"])),
        Tool("submit_answer", SUBMIT_DESCRIPTION, SUBMIT_TOOL_SCHEMA,
             lambda o, a: owner_env(o).submit(a["answer"], a.get("premise_issue")),
             hints={"answer": "use null for no answer"}),
    ]


ENV_TOOLS = ToolRegistry(episode_tools())
TOOLS: list[dict[str, Any]] = ENV_TOOLS.openai_schemas()
TOOL_NAMES = ENV_TOOLS.names

NO_TOOL_CALL_REMINDER = (
    "No tool call received. Inspect the EHR with execute_sql or execute_python, then finish with "
    "submit_answer (with premise_issue if a stated detail does not match the record)."
)


def episode_key(secret: bytes, task_id: str) -> str:
    """The opaque key an agent knows an episode by (the MCP server's task handles are the same keys)."""
    return "t" + hmac.new(secret, task_id.encode(), hashlib.sha256).hexdigest()[:12]


@dataclass(frozen=True)
class EnvConfig:
    """Budgets and caps. Output budgets count characters of tool results returned in one episode."""

    max_turns: int = 20
    max_wall_s: float = 600.0
    max_output_chars: int = 200_000
    max_action_chars: int = 200_000
    sql_timeout_s: float = 30.0
    sql_max_rows: int = 10_000
    sql_rows_shown: int = 100
    sql_max_chars: int = 8_000
    enable_python: bool = True
    python: SandboxLimits = field(default_factory=SandboxLimits)


class MessagesSpace(gym.spaces.Space[list]):
    """A list of OpenAI chat messages (dicts with a `role`)."""

    def __init__(self) -> None:
        super().__init__(shape=None, dtype=None)

    def contains(self, x: Any) -> bool:
        return isinstance(x, list) and all(isinstance(m, dict) and "role" in m for m in x)

    def sample(self, mask: Any = None, probability: Any = None) -> list:
        return [{"role": "assistant", "content": "", "tool_calls": []}]


class MessageSpace(gym.spaces.Space[dict]):
    """One assistant message."""

    def __init__(self) -> None:
        super().__init__(shape=None, dtype=None)

    def contains(self, x: Any) -> bool:
        return isinstance(x, dict) and x.get("role", "assistant") == "assistant"

    def sample(self, mask: Any = None, probability: Any = None) -> dict:
        return {"role": "assistant", "content": None, "tool_calls": [{"id": "call_0", "type": "function", "function": {
            "name": "submit_answer", "arguments": '{"answer": null}'}}]}


_SHORT_TYPES = {"INTEGER": "int", "INT": "int", "SMALLINT": "int", "BIGINT": "bigint", "DOUBLE PRECISION": "float",
                "FLOAT": "float", "REAL": "float", "TIMESTAMP": "timestamp", "DATE": "date", "TEXT": "text",
                "VARCHAR": "text", "CHAR": "text", "NUMERIC": "numeric"}


@cache
def schema_summary() -> str:
    """One line per table: the 31 MIMIC-IV tables plus the derived cost table."""
    from pipeline.ehr.schema import derived_tables, mimic_tables

    lines = []
    for t in (*mimic_tables(), *derived_tables()):
        cols = ", ".join(f"{c.name} {_SHORT_TYPES.get(c.base_type, c.base_type.lower())}" for c in t.columns)
        lines.append(f"- {t.qualified}({cols})")
    return "\n".join(lines)


PROMPTS = {"base": "agent_base.md", "evidence": "agent_evidence.md"}
"""The system prompts `--prompt` chooses from (files in prompts/). `base` is the unadapted setting: tools, answer
formats and the neutral rule "submit null when the record holds no answer"; `evidence` adds instructions to check
every premise against the record first (prompt-only mitigation)."""
DEFAULT_PROMPT = "base"


def prompt_file(prompt: str) -> Path:
    if prompt not in PROMPTS:
        raise ValueError(f"unknown prompt {prompt!r}; choose from {', '.join(PROMPTS)}")
    return PROMPTS_DIR / PROMPTS[prompt]


def system_prompt(config: EnvConfig, template_path: Path | None = None, *, prompt: str = DEFAULT_PROMPT) -> str:
    template = (template_path or prompt_file(prompt)).read_text()
    return template.format(schema=schema_summary(), max_turns=config.max_turns, sql_rows_shown=config.sql_rows_shown)


def format_frame(frame: pl.DataFrame, truncated: bool, rows_shown: int, max_chars: int) -> str:
    """CSV of the first rows, with a header line saying how much there is."""
    n = frame.height
    more = "+" if truncated else ""
    head = f"{n}{more} row{'s' if n != 1 else ''}"
    if n > rows_shown:
        head += f" (showing the first {rows_shown})"
    # the stdlib writer: ~40x faster than polars' write_csv on the few rows an agent sees (it dominated step time)
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(frame.columns)
    writer.writerows(frame.head(rows_shown).iter_rows())
    text = f"{head}\n{buf.getvalue()}".rstrip("\n")
    if len(text) > max_chars:
        text = text[:max_chars] + f"\n[output truncated to {max_chars} characters]"
    return text


class RobustGymEnv(gym.Env):
    """One episode = one task. Thread-confined: use one env per worker thread (they may share the Database)."""

    metadata = {"render_modes": []}

    def __init__(self, tasks: Sequence[Task] | Mapping[str, Task], db: Database | str, *,
                 config: EnvConfig | None = None, prompt_path: Path | None = None, prompt: str = DEFAULT_PROMPT,
                 secret: bytes | None = None):
        """`secret` keys the episode keys (random when not given; environments that must agree on them, like an
        evaluation's workers and its ground-truth baselines, share one)."""
        self.config = config or EnvConfig()
        self.tasks: dict[str, Task] = dict(tasks) if isinstance(tasks, Mapping) else {t.task_id: t for t in tasks}
        self.secret = secret if secret is not None else secrets.token_bytes(32)
        self.episode_keys = {tid: episode_key(self.secret, tid) for tid in self.tasks}
        self._owns_db = isinstance(db, str)
        self.db: Database = connect(db) if isinstance(db, str) else db
        if isinstance(self.db, DuckDBDatabase) and not self.db.read_only:
            raise ValueError("the environment needs a read-only database: open it with connect(url) (read_only=True)")
        self.prompt = prompt
        self.system_prompt = system_prompt(self.config, prompt_path, prompt=prompt)
        self.observation_space = MessagesSpace()
        self.action_space = MessageSpace()
        self._sandbox: PythonSandbox | None = None
        self._task: Task | None = None
        self.messages: list[dict[str, Any]] = []
        self._reset_state()

    # ---------------------------------------------------------------- lifecycle

    def _reset_state(self) -> None:
        self.turns = 0
        self.tool_calls = 0
        self.tool_errors = 0
        self.malformed_calls = 0
        self.output_chars = 0
        self.answer: Any = NO_SUBMISSION
        self.premise_issue: str | None = None
        self.verdict: Verdict | None = None
        self.terminated = False
        self.truncated = False
        self.truncation_reason: str | None = None
        self._start = time.monotonic()

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[list[dict], dict]:
        super().reset(seed=seed)
        options = options or {}
        task_id = options.get("task_id")
        if task_id is None:
            ids = sorted(self.tasks)
            if not ids:
                raise ValueError("the environment has no tasks")
            task_id = ids[int(self.np_random.integers(len(ids)))]
        if task_id not in self.tasks:
            raise KeyError(f"unknown task id {task_id!r}")
        self._task = self.tasks[task_id]
        self._reset_state()
        self.messages = [
            {"role": "system", "content": self.system_prompt},
            {"role": "user", "content": self._task.question},
        ]
        info = {"episode": self.current_key, "tools": TOOLS}
        return [dict(m) for m in self.messages], info

    @property
    def current_key(self) -> str:
        """The open episode's opaque key."""
        return self.episode_keys[self.task.task_id]

    @property
    def task(self) -> Task:
        if self._task is None:
            raise RuntimeError("call reset() first")
        return self._task

    @property
    def elapsed_s(self) -> float:
        return time.monotonic() - self._start

    def close(self) -> None:
        if self._sandbox is not None:
            self._sandbox.close()
            self._sandbox = None
        if self._owns_db:
            self.db.close()

    # ---------------------------------------------------------------- step

    def step(self, action: Any) -> tuple[list[dict], float, bool, bool, dict]:
        if self._task is None:
            return ([{"role": "user", "content": "[error: call reset() before step()]"}], 0.0, False, True,
                    {"error": "not reset"})
        if self.terminated or self.truncated:
            return ([{"role": "user", "content": "[the episode is over; call reset()]"}], 0.0, self.terminated,
                    self.truncated, self._info([]))
        self.turns += 1
        message, calls = self._normalise_action(action)
        self.messages.append(message)
        observations: list[dict[str, Any]] = []
        results: list[dict[str, Any]] = []
        if not calls:
            observations.append({"role": "user", "content": NO_TOOL_CALL_REMINDER})
        for call in calls:
            observations.append(self._handle_call(call, results))
        self.messages.extend(observations)
        if not self.terminated:
            if self.output_chars >= self.config.max_output_chars:
                self._truncate("output budget exhausted")
            elif self.elapsed_s >= self.config.max_wall_s:
                self._truncate("time budget exhausted")
            elif self.turns >= self.config.max_turns:
                self._truncate("turn limit reached")
        reward = 1.0 if self.terminated and self.verdict is not None and self.verdict.correct else 0.0
        return observations, reward, self.terminated, self.truncated, self._info(results)

    def _truncate(self, reason: str) -> None:
        self.truncated = True
        self.truncation_reason = reason
        self.verdict = verify(self.task, NO_SUBMISSION)

    def _info(self, results: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            "episode": self.current_key, "turn": self.turns, "tool_calls": self.tool_calls,
            "tool_errors": self.tool_errors, "malformed_calls": self.malformed_calls,
            "elapsed_s": self.elapsed_s, "output_chars": self.output_chars, "tool_results": results,
            "answer": None if self.answer is NO_SUBMISSION else self.answer, "submitted": self.answer is not NO_SUBMISSION,
            "premise_issue": self.premise_issue,
            "verdict": self.verdict.as_dict() if self.verdict else None, "truncation_reason": self.truncation_reason,
        }

    def _normalise_action(self, action: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """A clean assistant message for the transcript, and its tool calls (each with a unique id)."""
        if hasattr(action, "model_dump"):
            try:
                action = action.model_dump(exclude_none=True)
            except Exception:  # noqa: BLE001
                action = str(action)
        if isinstance(action, str):
            action = {"role": "assistant", "content": action}
        if not isinstance(action, dict):
            action = {"role": "assistant", "content": _clip(repr(action), 2000)}
        limit = self.config.max_action_chars
        content = action.get("content")
        if content is not None and not isinstance(content, str):
            content = _clip(json.dumps(content, default=str) if isinstance(content, list | dict) else str(content), limit)
        elif isinstance(content, str):
            content = _clip(content, limit)
        raw_calls = action.get("tool_calls") or []
        if not isinstance(raw_calls, list):
            raw_calls = [raw_calls]
        calls, seen = [], set()
        for i, raw in enumerate(raw_calls[:64]):
            call_id = raw.get("id") if isinstance(raw, dict) else None
            if not isinstance(call_id, str) or not call_id or call_id in seen or len(call_id) > 200:
                call_id = f"call_{self.turns}_{i}"
            seen.add(call_id)
            fn = raw.get("function") if isinstance(raw, dict) else None
            name = fn.get("name") if isinstance(fn, dict) else None
            args = fn.get("arguments") if isinstance(fn, dict) else None
            if not isinstance(args, str):
                try:
                    args = json.dumps(args) if args is not None else ""
                except (TypeError, ValueError):
                    args = str(args)
            name = _clip(name, 200) if isinstance(name, str) else ""
            calls.append({"id": call_id, "type": "function", "function": {"name": name, "arguments": args}})
        size = sum(len(c["function"]["arguments"]) for c in calls) + len(content or "")
        message: dict[str, Any] = {"role": "assistant", "content": content}
        if calls:
            message["tool_calls"] = [
                {**c, "function": {**c["function"], "arguments": _clip(c["function"]["arguments"], limit)}} for c in calls
            ]
        if size > limit:
            for c in calls:
                c["oversized"] = True
        return message, calls

    def _handle_call(self, call: dict[str, Any], results: list[dict[str, Any]]) -> dict[str, Any]:
        name = call["function"]["name"]
        self.tool_calls += 1
        ok, content, extra = False, "", {}
        if self.terminated:
            content = "[not executed: the answer was already submitted]"
            ok = True
        elif self.elapsed_s >= self.config.max_wall_s:
            content = "[not executed: time budget exhausted]"
        elif call.get("oversized"):
            self.malformed_calls += 1
            content = f"Error: the message exceeds {self.config.max_action_chars} characters"
        else:
            try:
                tool, args = ENV_TOOLS.resolve(name, call["function"]["arguments"])
            except ToolCallError as e:
                self.malformed_calls += 1
                content = f"Error: {e}"
            else:
                try:
                    outcome = tool.handler(self, args)
                    ok, content, extra = outcome.ok, outcome.content, outcome.extra
                except Exception as e:  # noqa: BLE001 - a tool failure is the agent's tool error, never a crash
                    log.exception("tool %s failed", name)
                    ok, content = False, f"Error: the tool failed ({type(e).__name__}: {_clip(str(e), 500)})"
        if not ok:
            self.tool_errors += 1
        remaining = max(0, self.config.max_output_chars - self.output_chars)
        if len(content) > remaining:
            content = content[:remaining] + "\n[output budget exhausted]"
        self.output_chars += len(content)
        results.append({"tool_call_id": call["id"], "name": name, "ok": ok, **extra})
        return {"role": "tool", "tool_call_id": call["id"], "name": name or "unknown", "content": content}

    def run_sql(self, query: str) -> ToolOutcome:
        cfg = self.config
        timeout = max(0.1, min(cfg.sql_timeout_s, cfg.max_wall_s - self.elapsed_s))
        try:
            res = self.db.query_result(query, timeout_s=timeout, max_rows=cfg.sql_max_rows)
        except QueryError as e:
            return ToolOutcome(False, f"Error: {_clip(str(e), 2000)}")
        except Exception as e:  # noqa: BLE001 - a backend surprise must not end the episode
            return ToolOutcome(False, f"Error: {type(e).__name__}: {_clip(str(e), 1000)}")
        return ToolOutcome(True, format_frame(res.frame, res.truncated, cfg.sql_rows_shown, cfg.sql_max_chars), {
            "frame": res.frame, "truncated": res.truncated, "sql_seconds": res.seconds})

    def run_python(self, code: str) -> ToolOutcome:
        if not self.config.enable_python:
            return ToolOutcome(False, "Error: execute_python is disabled in this environment")
        sandbox = self.sandbox
        result = sandbox.run(code)
        return ToolOutcome(result.ok, result.as_text(sandbox.limits.max_output_chars))

    def submit(self, answer: Any, premise_issue: str | None = None) -> ToolOutcome:
        """Record the answer (and the agent's premise note) and end the episode; the agent learns nothing about the
        verdict."""
        self.answer = answer
        self.premise_issue = premise_note(premise_issue)
        self.verdict = verify(self.task, answer, self.premise_issue)
        self.terminated = True
        return ToolOutcome(True, "Answer submitted.")

    @property
    def sandbox(self) -> PythonSandbox:
        if self._sandbox is None:
            lim = self.config.python
            protected = [self.db.path] if isinstance(self.db, DuckDBDatabase) else []

            def handler(query: str) -> tuple[pl.DataFrame, bool]:
                res = self.db.query_result(query, timeout_s=lim.sql_timeout_s, max_rows=lim.sql_max_rows)
                return res.frame, res.truncated

            self._sandbox = PythonSandbox(handler, limits=lim, protected_paths=protected)
        return self._sandbox

    # ---------------------------------------------------------------- trajectories

    def trajectory(self, **metadata: Any) -> dict[str, Any]:
        """The episode as an OpenAI-messages record: messages, tools, metadata."""
        task = self.task
        meta = {
            **task.metadata(), "reward": 1.0 if self.verdict and self.verdict.correct and self.terminated else 0.0,
            "answer": None if self.answer is NO_SUBMISSION else self.answer, "submitted": self.answer is not NO_SUBMISSION,
            "premise_issue": self.premise_issue, "outcome": self.verdict.outcome if self.verdict else None,
            "verdict": self.verdict.as_dict() if self.verdict else None, "turns": self.turns,
            "tool_calls": self.tool_calls, "tool_errors": self.tool_errors, "terminated": self.terminated,
            "truncated": self.truncated, "truncation_reason": self.truncation_reason,
            "elapsed_s": round(self.elapsed_s, 4), **metadata,
        }
        return {"messages": [dict(m) for m in self.messages], "tools": TOOLS, "metadata": meta}


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + f"…[{len(text) - limit} characters cut]"
