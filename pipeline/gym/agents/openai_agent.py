"""A tool-calling agent for any OpenAI-compatible chat-completions endpoint.

The key comes from OPENAI_API_KEY (never from the command line, never written to results); the base URL from
--base-url or OPENAI_BASE_URL. Retries and timeouts are the openai client's (exponential back-off on 5xx, 429,
timeouts and connection errors); concurrency is bounded by the evaluation's worker count.
"""

import os
from typing import Any

from pipeline.gym.agents.base import AgentError
from pipeline.gym.env import TOOLS


class OpenAIAgent:
    name = "openai"

    def __init__(self, model: str = "gpt-4.1", base_url: str | None = None, *, temperature: float | None = None,
                 seed: int | None = None, timeout_s: float = 120.0, max_retries: int = 4,
                 max_tokens: int | None = None, extra_body: dict[str, Any] | None = None, api_key: str | None = None):
        from openai import OpenAI

        self.model = model
        self.temperature = temperature
        self.seed = seed
        self.max_tokens = max_tokens
        self.extra_body = extra_body
        key = api_key or os.environ.get("OPENAI_API_KEY")
        if not key:
            if base_url or os.environ.get("OPENAI_BASE_URL"):
                key = "not-needed"  # local OpenAI-compatible servers usually ignore it
            else:
                raise ValueError("the openai agent needs OPENAI_API_KEY in the environment (or --base-url for a local server)")
        self.client = OpenAI(api_key=key, base_url=base_url or os.environ.get("OPENAI_BASE_URL"), timeout=timeout_s,
                             max_retries=max_retries)

    def act(self, messages: list[dict[str, Any]], info: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        import openai

        kwargs: dict[str, Any] = {"model": self.model, "messages": [_api_message(m) for m in messages], "tools": TOOLS}
        if self.temperature is not None:
            kwargs["temperature"] = self.temperature
        seed = state.get("seed", self.seed)
        if seed is not None:
            kwargs["seed"] = seed
        if self.max_tokens is not None:
            kwargs["max_tokens"] = self.max_tokens
        if self.extra_body:
            kwargs["extra_body"] = self.extra_body
        try:
            response = self.client.chat.completions.create(**kwargs)
        except openai.APIError as e:
            raise AgentError(f"{type(e).__name__}: {e}") from None
        if not response.choices:
            raise AgentError("the endpoint returned no choices")
        usage = getattr(response, "usage", None)
        if usage is not None:
            state["prompt_tokens"] = state.get("prompt_tokens", 0) + (usage.prompt_tokens or 0)
            state["completion_tokens"] = state.get("completion_tokens", 0) + (usage.completion_tokens or 0)
        message = response.choices[0].message.model_dump(exclude_none=True)
        out: dict[str, Any] = {"role": "assistant", "content": message.get("content")}
        if message.get("tool_calls"):
            out["tool_calls"] = message["tool_calls"]
        return out


def _api_message(m: dict[str, Any]) -> dict[str, Any]:
    """Transcript message → request message (tool messages carry only role, tool_call_id, content)."""
    if m.get("role") == "tool":
        return {"role": "tool", "tool_call_id": m["tool_call_id"], "content": m.get("content", "")}
    out = {k: v for k, v in m.items() if k in ("role", "content", "tool_calls")}
    if out.get("role") == "assistant" and not out.get("tool_calls"):
        out.pop("tool_calls", None)
        out["content"] = out.get("content") or ""
    return out
