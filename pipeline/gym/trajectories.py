"""Episode trajectories (OpenAI-messages JSONL) and their export as a TRL SFTTrainer dataset.

A run directory holds `trajectories.jsonl`: one line per finished episode with `messages` (system, user,
assistant turns with `tool_calls`, `tool` turns), `tools` (OpenAI function schemas) and `metadata` (task id, pair
id, variant, noise level, intent, reward, model, seed, dataset version, …).

`export_sft` writes TRL's conversational language-modeling format with tools: one JSON object per line with
`messages` and `tools`. Tool-call arguments become JSON objects (as TRL's documented examples show), or stay JSON
text with `arguments="string"` (the OpenAI wire format; needed when loading with `datasets`, whose Arrow schema
cannot hold an `answer` that is a number in one row and a string in another). The closing "Answer submitted."
tool turn is dropped so each example ends with the assistant's submit_answer call.
"""

import json
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

TRAJECTORIES_FILE = "trajectories.jsonl"
ROLES = ("system", "user", "assistant", "tool")


class JsonlAppender:
    """Thread-safe line appender; each line is flushed as soon as it is written (results survive a crash)."""

    def __init__(self, path: Path):
        self.path = path
        self._lock = threading.Lock()
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and path.stat().st_size:
            with path.open("rb+") as f:  # a torn last line (crash mid-write) must not swallow the next record
                f.seek(-1, 2)
                if f.read(1) != b"\n":
                    f.write(b"\n")

    def append(self, record: dict[str, Any]) -> None:
        line = json.dumps(record, default=str, ensure_ascii=False) + "\n"
        with self._lock, self.path.open("a", encoding="utf-8") as f:
            f.write(line)
            f.flush()


def read_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    """Records of a JSONL file; a torn last line (a crash mid-write) is skipped."""
    if not path.exists():
        return
    with path.open(encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(rec, dict):
                yield rec


def load_trajectories(run_dirs: Sequence[str | Path]) -> Iterator[dict[str, Any]]:
    for d in run_dirs:
        path = Path(d)
        path = path / TRAJECTORIES_FILE if path.is_dir() else path
        if not path.exists():
            raise FileNotFoundError(f"no trajectories at {path}")
        yield from read_jsonl(path)


def to_sft_example(trajectory: dict[str, Any], *, arguments: str = "object") -> dict[str, Any]:
    """One trajectory → {"messages", "tools"} in TRL's conversational format. `arguments="string"` keeps tool-call
    arguments as JSON text (the OpenAI wire format), for Arrow/`datasets`, which needs one type per field."""
    messages: list[dict[str, Any]] = []
    for m in trajectory["messages"]:
        role = m.get("role")
        if role == "assistant":
            out: dict[str, Any] = {"role": "assistant", "content": m.get("content") or ""}
            if m.get("tool_calls"):
                out["tool_calls"] = [
                    {"id": c.get("id"), "type": "function",
                     "function": {"name": c["function"]["name"], "arguments": _arguments(c["function"].get("arguments"), arguments)}}
                    for c in m["tool_calls"]
                ]
            messages.append(out)
        elif role == "tool":
            messages.append({"role": "tool", "tool_call_id": m.get("tool_call_id"), "name": m.get("name", ""),
                             "content": m.get("content") or ""})
        elif role in ("system", "user"):
            messages.append({"role": role, "content": m.get("content") or ""})
    while messages and messages[-1]["role"] != "assistant":
        messages.pop()
    return {"messages": messages, "tools": trajectory.get("tools", [])}


def _arguments(raw: Any, form: str) -> dict[str, Any] | str:
    obj = _arguments_object(raw)
    return json.dumps(obj, ensure_ascii=False) if form == "string" else obj


def _arguments_object(raw: Any) -> dict[str, Any]:
    if isinstance(raw, dict):
        return raw
    try:
        value = json.loads(raw) if isinstance(raw, str) and raw.strip() else {}
    except json.JSONDecodeError:
        return {"_raw": raw}
    return value if isinstance(value, dict) else {"_value": value}


def export_sft(run_dirs: Sequence[str | Path], out: str | Path, *, successful_only: bool = False,
               variant: str | None = None, arguments: str = "object") -> int:
    """Write the SFT dataset; returns the number of examples. Written to a temporary name, then renamed."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp")
    n = 0
    with tmp.open("w", encoding="utf-8") as f:
        for traj in load_trajectories(run_dirs):
            meta = traj.get("metadata", {})
            if successful_only and float(meta.get("reward", 0.0)) < 1.0:
                continue
            if variant and meta.get("variant") != variant:
                continue
            example = to_sft_example(traj, arguments=arguments)
            if not any(m["role"] == "assistant" for m in example["messages"]):
                continue
            f.write(json.dumps(example, ensure_ascii=False, default=str) + "\n")
            n += 1
    tmp.replace(out)
    return n
