"""Agents: a policy maps the conversation so far to the next assistant message.

`make_agent(name, **options)` builds one by name: `oracle`, `null`, `premise-blind`, `flagger` (baselines that need
no model, to check the whole chain) and `openai` (any OpenAI-compatible tool-calling endpoint).
"""

from collections.abc import Mapping
from typing import Any

from pipeline.gym.agents.base import Agent, AgentError, agent_view
from pipeline.gym.tasks import Task

AGENT_NAMES = ("oracle", "null", "premise-blind", "flagger", "openai")
GROUND_TRUTH_AGENTS = ("oracle", "premise-blind", "flagger")


def make_agent(name: str, *, tasks: list[Task] | None = None, episode_keys: Mapping[str, str] | None = None,
               **options: Any) -> Agent:
    """Build an agent. `tasks` and `episode_keys` (task id → the environment's opaque key) go only to the baselines
    that need ground truth; a model agent never receives them."""
    from pipeline.gym.agents.baselines import FlaggerAgent, NullAgent, OracleAgent, PremiseBlindAgent

    if name in GROUND_TRUTH_AGENTS:
        cls = {"oracle": OracleAgent, "premise-blind": PremiseBlindAgent, "flagger": FlaggerAgent}[name]
        return cls(tasks or [], episode_keys or {})
    if name == "null":
        return NullAgent()
    if name == "openai":
        from pipeline.gym.agents.openai_agent import OpenAIAgent

        return OpenAIAgent(**options)
    raise ValueError(f"unknown agent {name!r}; choose from {', '.join(AGENT_NAMES)}")


__all__ = ["AGENT_NAMES", "GROUND_TRUTH_AGENTS", "Agent", "AgentError", "agent_view", "make_agent"]
