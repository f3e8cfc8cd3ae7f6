"""Tools as a registry: each tool is one name, one JSON Schema and one handler, and its arguments are checked
against that schema, so the schema an agent reads and the check it gets can never drift apart.

The environment (`env.py`) registers execute_sql, execute_python and submit_answer; the MCP server (`mcp_server.py`)
registers list_tasks and start_task beside the same three. A call that does not fit its schema never reaches the
handler: it comes back as one error message written for the agent ("execute_sql needs a non-empty string argument
'query'"), and the environment counts it as a malformed call.
"""

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


class ToolCallError(ValueError):
    """A call the registry refuses (unknown tool, arguments that do not fit the schema); the message is the text the
    agent reads after "Error: "."""


@dataclass(frozen=True)
class ToolOutcome:
    """What a handler returns: success, the text the agent reads, and extra fields for `info["tool_results"]`."""

    ok: bool
    content: str
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Tool:
    """One tool. `parameters` is a JSON Schema object; `hints` adds a clause to the missing-argument message
    (submit_answer's "use null for no answer"). The handler receives the owner (an environment, a server) and the
    checked arguments."""

    name: str
    description: str
    parameters: dict[str, Any]
    handler: Callable[[Any, dict[str, Any]], ToolOutcome]
    hints: Mapping[str, str] = field(default_factory=dict)

    def openai_schema(self) -> dict[str, Any]:
        return {"type": "function",
                "function": {"name": self.name, "description": self.description, "parameters": self.parameters}}

    def parse(self, raw: str | Mapping[str, Any] | None) -> dict[str, Any]:
        """JSON text (or an already-decoded object) → checked arguments; raises ToolCallError."""
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            raw = "{}"
        if isinstance(raw, str):
            try:
                args = json.loads(raw)
            except (json.JSONDecodeError, RecursionError, ValueError) as e:
                raise ToolCallError(f"arguments of {self.name} are not valid JSON ({type(e).__name__}: "
                                    f"{_clip(str(e), 200)})") from None
        else:
            args = raw
        if not isinstance(args, Mapping):
            raise ToolCallError(f"arguments of {self.name} must be a JSON object")
        args = dict(args)
        required = set(self.parameters.get("required", ()))
        for prop, spec in self.parameters.get("properties", {}).items():
            if prop not in args or (args[prop] is None and spec.get("type") is not None):
                if prop in required:
                    raise ToolCallError(self._needs(prop, spec))
                args.pop(prop, None)
                continue
            if not _fits(args[prop], spec):
                raise ToolCallError(self._needs(prop, spec))
        return args

    def _needs(self, prop: str, spec: Mapping[str, Any]) -> str:
        kind = spec.get("type")
        conditions = []
        if kind == "string":
            what = "a non-empty string argument" if spec.get("minLength", 0) >= 1 else "a string argument"
        elif kind == "integer":
            what = "an integer argument"
            conditions += [f"{sign} {spec[key]}" for key, sign in (("minimum", "≥"), ("maximum", "≤")) if key in spec]
        else:
            what = "an argument"
        if "enum" in spec:
            conditions.append(f"one of {', '.join(map(str, spec['enum']))}")
        if prop in self.hints:
            conditions.append(self.hints[prop])
        return f"{self.name} needs {what} '{prop}'" + (f" ({', '.join(conditions)})" if conditions else "")


def _fits(value: Any, spec: Mapping[str, Any]) -> bool:
    if "enum" in spec and value not in spec["enum"]:
        return False
    kind = spec.get("type")
    if kind == "string":
        return isinstance(value, str) and len(value.strip()) >= spec.get("minLength", 0)
    if kind == "integer":
        if isinstance(value, bool) or not isinstance(value, int):
            return False
        return spec.get("minimum", value) <= value <= spec.get("maximum", value)
    return True  # untyped (submit_answer's answer): any JSON value


class ToolRegistry:
    """Name → Tool, in registration order (the order agents see)."""

    def __init__(self, tools: Iterable[Tool]):
        self._tools: dict[str, Tool] = {}
        for tool in tools:
            if tool.name in self._tools:
                raise ValueError(f"tool {tool.name!r} registered twice")
            self._tools[tool.name] = tool

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._tools)

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def __iter__(self):
        return iter(self._tools.values())

    def openai_schemas(self) -> list[dict[str, Any]]:
        return [t.openai_schema() for t in self._tools.values()]

    def resolve(self, name: str, raw: str | Mapping[str, Any] | None) -> tuple[Tool, dict[str, Any]]:
        """The tool and its checked arguments; raises ToolCallError naming the problem."""
        tool = self._tools.get(name)
        if tool is None:
            raise ToolCallError(f"unknown tool {name!r}; available tools: {', '.join(self._tools)}")
        return tool, tool.parse(raw)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + f"…[{len(text) - limit} characters cut]"
