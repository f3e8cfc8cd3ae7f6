"""The agent protocol shared by baselines and model-backed agents."""

from typing import Any, Protocol

AGENT_INFO_KEYS = ("episode", "turn", "tools", "tool_results")
"""What of the environment's info an agent receives: the episode's opaque key (to key per-episode state), the
turn, the tools and the raw results of its own tool calls. Never the Task, its id or its pair id: its gold answer,
variant and failed condition stay with the environment, so no model adapter can read them."""


class AgentError(RuntimeError):
    """The agent could not produce a message (e.g. the model endpoint kept failing). The episode is not recorded
    as done, so a rerun retries it."""


class Agent(Protocol):
    name: str
    model: str | None

    def act(self, messages: list[dict[str, Any]], info: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        """The next assistant message given the transcript so far. `info` holds AGENT_INFO_KEYS only; `state` is a
        per-episode scratch dict. Baselines that need ground truth receive it through their constructor."""
        ...


def agent_view(info: dict[str, Any]) -> dict[str, Any]:
    """The part of the environment's info an agent may see."""
    return {k: info[k] for k in AGENT_INFO_KEYS if k in info}


def tool_call(call_id: str, name: str, arguments: str) -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}
