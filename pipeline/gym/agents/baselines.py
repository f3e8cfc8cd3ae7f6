"""Baselines that need no model. Their expected scores check the whole chain (tasks → env → verifier → metrics):
oracle 100% Clean / 100% Noise, null 0% / 100%, premise-blind 100% / 0%, flagger 100% / 100% (0% under the
paper's strict rule, where only null passes Noise).

The ground-truth baselines get the tasks and the evaluation's episode keys (task id → key) through their
constructor and find the current task by the key in `info["episode"]`: the same opaque key every agent gets."""

import json
from collections.abc import Mapping, Sequence
from typing import Any

from pipeline.common.answers import answer_from_frame
from pipeline.gym.agents.base import tool_call
from pipeline.gym.tasks import Task

FLAG_NOTE = "A detail the question states does not match the record."


def _submit(answer: Any, premise_issue: str | None = None, call_id: str = "call_submit") -> dict[str, Any]:
    args = {"answer": answer} if premise_issue is None else {"answer": answer, "premise_issue": premise_issue}
    return {"role": "assistant", "content": None, "tool_calls": [tool_call(call_id, "submit_answer", json.dumps(args))]}


class _KnowsTasks:
    """A baseline that reads the current task from the episode key."""

    def __init__(self, tasks: Sequence[Task], episode_keys: Mapping[str, str]):
        missing = [t.task_id for t in tasks if t.task_id not in episode_keys]
        if missing:
            raise ValueError(f"{self.name}: no episode key for {len(missing)} task(s), e.g. {missing[0]}")
        self.tasks = {episode_keys[t.task_id]: t for t in tasks}
        self.clean_answers = {t.pair_id: t.answer for t in tasks if t.variant == "clean"}

    def task(self, info: Mapping[str, Any]) -> Task:
        return self.tasks[info["episode"]]

    def twin_answer(self, task: Task) -> Any:
        """The Clean twin's gold (the plausible answer to a Noise question); a placeholder without a twin."""
        answer = task.answer if task.variant == "clean" else self.clean_answers.get(task.pair_id)
        return "a plausible value" if answer is None else answer


class OracleAgent(_KnowsTasks):
    """Runs the task's reference SQL through the env's execute_sql tool and submits what it returns
    (no row or only NULLs → null)."""

    name = "oracle"
    model: str | None = None

    def act(self, messages: list[dict[str, Any]], info: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        task = self.task(info)
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


class PremiseBlindAgent(_KnowsTasks):
    """Answers every question as if it were Clean: a Noise task gets its Clean twin's answer (found by pair_id).
    The failure mode the paper describes — a plausible value for an unsupported premise."""

    name = "premise-blind"
    model: str | None = None

    def act(self, messages: list[dict[str, Any]], info: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        return _submit(self.twin_answer(self.task(info)))


class FlaggerAgent(_KnowsTasks):
    """Answers every Clean task correctly, and every Noise task with its Clean twin's answer plus a premise note:
    the analyst who notices and says so. Flag-aware scoring passes it everywhere; the strict rule fails it on
    every Noise task."""

    name = "flagger"
    model: str | None = None

    def act(self, messages: list[dict[str, Any]], info: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        task = self.task(info)
        return _submit(self.twin_answer(task), FLAG_NOTE if task.is_noise else None)
