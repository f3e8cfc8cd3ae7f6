"""The agent protocol shared by baselines and model-backed agents."""

from typing import Any, Protocol

from pipeline.gym.tasks import Task


class AgentError(RuntimeError):
    """The agent could not produce a message (e.g. the model endpoint kept failing). The episode is not recorded
    as done, so a rerun retries it."""


class Agent(Protocol):
    name: str
    model: str | None

    def act(self, messages: list[dict[str, Any]], info: dict[str, Any], task: Task, state: dict[str, Any]) -> dict[str, Any]:
        """The next assistant message given the transcript so far. `info` is the env's latest info; `state` is a
        per-episode scratch dict. Baselines may read `task` (that is what makes them baselines); model agents
        must not."""
        ...


def tool_call(call_id: str, name: str, arguments: str) -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}
