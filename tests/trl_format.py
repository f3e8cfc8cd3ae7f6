"""What TRL's SFTTrainer needs to read an exported example as a conversational dataset with tools (the tests check
`robustgym export-sft` output against it; TRL itself is not a dependency)."""

import json
from typing import Any

from pipeline.gym.trajectories import ROLES


def check_trl_conversational(example: dict[str, Any]) -> list[str]:
    """Problems that would stop TRL's SFTTrainer from reading an example as a conversational dataset with tools
    (messages of {role, content, tool_calls?, tool_call_id?, name?}; tools as OpenAI function schemas).
    Empty list = valid."""
    problems: list[str] = []
    if set(example) - {"messages", "tools"}:
        problems.append(f"unexpected columns {sorted(set(example) - {'messages', 'tools'})}")
    msgs = example.get("messages")
    if not isinstance(msgs, list) or not msgs:
        return problems + ["messages must be a non-empty list"]
    pending: set[str] = set()
    for i, m in enumerate(msgs):
        if not isinstance(m, dict) or m.get("role") not in ROLES:
            problems.append(f"message {i}: role must be one of {ROLES}")
            continue
        if not isinstance(m.get("content"), str):
            problems.append(f"message {i}: content must be a string")
        allowed = {"role", "content"} | ({"tool_calls"} if m["role"] == "assistant" else set()) | (
            {"tool_call_id", "name"} if m["role"] == "tool" else set())
        if set(m) - allowed:
            problems.append(f"message {i}: unexpected keys {sorted(set(m) - allowed)}")
        for c in m.get("tool_calls") or []:
            fn = c.get("function") if isinstance(c, dict) else None
            args = fn.get("arguments") if isinstance(fn, dict) else None
            if isinstance(args, str):
                try:
                    args = json.loads(args)
                except json.JSONDecodeError:
                    args = None
            if c.get("type") != "function" or not isinstance(fn, dict) or not isinstance(fn.get("name"), str) or not isinstance(args, dict):
                problems.append(f"message {i}: tool call must be {{type: function, function: {{name, arguments: object}}}}")
            elif c.get("id"):
                pending.add(c["id"])
        if m["role"] == "tool":
            pending.discard(m.get("tool_call_id"))
    if msgs[-1].get("role") != "assistant":
        problems.append("the last message must be the assistant's")
    if msgs[0].get("role") not in ("system", "user"):
        problems.append("the conversation must start with a system or user message")
    tools = example.get("tools")
    if not isinstance(tools, list) or not tools:
        problems.append("tools must be a non-empty list")
    else:
        for t in tools:
            fn = t.get("function") if isinstance(t, dict) else None
            if t.get("type") != "function" or not isinstance(fn, dict) or not fn.get("name") or \
                    not isinstance(fn.get("parameters"), dict) or fn["parameters"].get("type") != "object":
                problems.append(f"tool {t!r:.60}: not an OpenAI function schema")
    return problems
