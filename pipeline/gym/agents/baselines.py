"""Baselines that need no model. Their expected scores check the whole chain (tasks → env → verifier → metrics):
oracle 100% Clean / 100% Noise, null 0% / 100%, premise-blind 100% / 0%."""

import json
from typing import Any

from pipeline.common.answers import answer_from_frame
from pipeline.gym.agents.base import tool_call
from pipeline.gym.tasks import Task


def _submit(answer: Any, call_id: str = "call_submit") -> dict[str, Any]:
    return {"role": "assistant", "content": None,
            "tool_calls": [tool_call(call_id, "submit_answer", json.dumps({"answer": answer}))]}


class OracleAgent:
    """Runs the task's reference SQL through the env's execute_sql tool and submits what it returns
    (no row or only NULLs → null). The tasks come through the constructor: the oracle is the one agent meant to
    know them."""

    name = "oracle"
    model: str | None = None

    def __init__(self, tasks: list[Task]):
        self.tasks = {t.task_id: t for t in tasks}

    def act(self, messages: list[dict[str, Any]], info: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        task = self.tasks[info["task_id"]]
        if "asked" not in state:
            state["asked"] = True
            return {"role": "assistant", "content": None,
                    "tool_calls": [tool_call("call_ref", "execute_sql", json.dumps({"query": task.reference_sql}))]}
        results = [r for r in info.get("tool_results", []) if r.get("name") == "execute_sql"]
        answer = None
        if results and results[-1].get("ok") and results[-1].get("frame") is not None:
            answer = answer_from_frame(results[-1]["frame"], task.answer_type, task.answer_columns, ordered=task.ordered)
        return _submit(answer)


class NullAgent:
    """Always abstains."""

    name = "null"
    model: str | None = None

    def act(self, messages: list[dict[str, Any]], info: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        return _submit(None)


class PremiseBlindAgent:
    """Answers every question as if it were Clean: a Noise task gets its Clean twin's answer (found by pair_id).
    The failure mode the paper describes — a plausible value for an unsupported premise."""

    name = "premise-blind"
    model: str | None = None

    def __init__(self, tasks: list[Task]):
        self.tasks = {t.task_id: t for t in tasks}
        self.clean_answers = {t.pair_id: t.answer for t in tasks if t.variant == "clean"}

    def act(self, messages: list[dict[str, Any]], info: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        task = self.tasks[info["task_id"]]
        answer = task.answer if task.variant == "clean" else self.clean_answers.get(task.pair_id)
        if answer is None:  # no Clean twin in this task set: still answer, never abstain
            answer = "a plausible value"
        return _submit(answer)
