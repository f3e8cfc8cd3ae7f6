"""Agents: a policy maps the conversation so far to the next assistant message.

`make_agent(name, **options)` builds one by name: `oracle`, `null`, `premise-blind` (baselines that need no model,
to check the whole chain) and `openai` (any OpenAI-compatible tool-calling endpoint).
"""

from typing import Any

from pipeline.gym.agents.base import Agent, AgentError, agent_view
from pipeline.gym.tasks import Task

AGENT_NAMES = ("oracle", "null", "premise-blind", "openai")


def make_agent(name: str, *, tasks: list[Task] | None = None, **options: Any) -> Agent:
    """Build an agent. `tasks` is the task set, handed only to the baselines that need ground truth (oracle,
    premise-blind); a model agent never receives it."""
    from pipeline.gym.agents.baselines import NullAgent, OracleAgent, PremiseBlindAgent

    if name == "oracle":
        return OracleAgent(tasks or [])
    if name == "null":
        return NullAgent()
    if name == "premise-blind":
        return PremiseBlindAgent(tasks or [])
    if name == "openai":
        from pipeline.gym.agents.openai_agent import OpenAIAgent

        return OpenAIAgent(**options)
    raise ValueError(f"unknown agent {name!r}; choose from {', '.join(AGENT_NAMES)}")


__all__ = ["AGENT_NAMES", "Agent", "AgentError", "agent_view", "make_agent"]
