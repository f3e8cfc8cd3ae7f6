"""A probing agent for the leak test: in every episode it makes an unknown, a malformed, a failing and the
reference SQL call (so the tool results hold real data and every kind of error text), then submits with a
premise note, twice in one message (the second call's text too). It records every string it receives (not
the messages it sent itself), and
`leaks()` names any that carry the episode's task id, its pair id, `clean` or `noise`."""

import json
from typing import Any

import polars as pl

from pipeline.gym.agents.base import AGENT_INFO_KEYS, tool_call
from pipeline.gym.tasks import Task


def _text(value: Any) -> str:
    def default(v: Any) -> Any:
        return v.write_csv() if isinstance(v, pl.DataFrame) else str(v)

    return json.dumps(value, default=default, ensure_ascii=False)


class LeakProbe:
    name = "leak-probe"
    model = None

    def __init__(self, tasks: list[Task], episode_keys: dict[str, str], *, python: bool = False):
        self.tasks = {episode_keys[t.task_id]: t for t in tasks}
        self.python = python
        self.found: list[tuple[str, str, str]] = []  # (task id, forbidden string, where)
        self.episodes: set[str] = set()
        self.info_keys: set[str] = set()

    def check(self, task: Task, *received: Any) -> None:
        # the agent's own messages are what it sent (here: the reference SQL, whose comments may say "noise
        # candidates"), not what it received
        received = tuple([m for m in r if not (isinstance(m, dict) and m.get("role") == "assistant")]
                         if isinstance(r, list) else r for r in received)
        seen = _text(received).casefold()
        for forbidden in (task.task_id, task.pair_id, "clean", "noise"):
            at = seen.find(forbidden.casefold())
            if at >= 0:
                self.found.append((task.task_id, forbidden, seen[max(0, at - 80): at + 80]))

    def act(self, messages: list[dict[str, Any]], info: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        task = self.tasks[info["episode"]]
        self.episodes.add(task.task_id)
        self.info_keys |= set(info)
        self.check(task, messages, info, state)
        if "probed" not in state:
            state["probed"] = True
            calls = [tool_call("p1", "no_such_tool", "{}"), tool_call("p2", "execute_sql", '{"query": '),
                     tool_call("p3", "execute_sql", json.dumps({"query": "SELECT * FROM nowhere.t"})),
                     tool_call("p4", "execute_sql", json.dumps({"query": task.reference_sql})),
                     tool_call("p5", "submit_answer", json.dumps({"answer": 1, "premise_issue": 5}))]
            if self.python:
                calls.append(tool_call("p6", "execute_python", json.dumps({"code": "print(sql('SELECT 1 AS x'))\n1/0"})))
            return {"role": "assistant", "content": None, "tool_calls": calls}
        if "submitted" not in state:  # see the results of the first message, then submit twice
            state["submitted"] = True
            args = json.dumps({"answer": None, "premise_issue": "the stated detail is not in the record"})
            return {"role": "assistant", "content": None,
                    "tool_calls": [tool_call("s1", "submit_answer", args), tool_call("s2", "submit_answer", args)]}
        return {"role": "assistant", "content": "done"}  # pragma: no cover - the episode ended at the submit

    def leaks(self) -> list[tuple[str, str, str]]:
        extra = self.info_keys - set(AGENT_INFO_KEYS)
        return self.found + [("*", k, "an info key beyond AGENT_INFO_KEYS") for k in sorted(extra)]


def walk(env: Any, tasks: list[Task], probe: LeakProbe) -> None:
    """Every task's episode through the environment, as `run_episode` plays it; the messages and info after the
    last step (what an agent would read next: "Answer submitted.", "[not executed …]") are checked too."""
    from pipeline.gym.agents import agent_view

    for task in tasks:
        _, info = env.reset(options={"task_id": task.task_id})
        state: dict[str, Any] = {}
        while True:
            _, _, terminated, truncated, info = env.step(probe.act(list(env.messages), agent_view(info), state))
            if terminated or truncated:
                probe.check(task, env.messages, agent_view(info))
                break
