"""Error analysis: every failed episode gets exactly one category, derived from its trajectory and its task.

The rules, applied in this order (the first that holds wins):

Noise tasks (the record contradicts a stated premise: success is an abstention or a premise issue)
  - `missed_discrepancy`: the agent submitted an answer without a premise issue (outcome `wrong` or `malformed`).
    The sub-field `saw_empty_premise` says whether, before answering, one of its SQL or Python calls that mentions
    the premise came back empty (0 rows, one row of NULLs, or an empty polars frame). "Mentions the premise" = the
    call's text contains a value the Noise twin states where its Clean twin states another (the `slots` that
    differ between the twins: the perturbed id, date, code, title or value), or, without the twin in the task
    set, the slot the operator shifts (`noise_operator` "level:condition:shift:slot"); values under three
    characters only when there is nothing longer; unknown (None) when there is no such value. True means the
    agent saw the contradiction and answered anyway; false means it never looked.
  - otherwise (no submission) the budget rules below: `tool_failure`, else `budget`.

Clean tasks (a verified answer exists)
  1. `false_abstention`: the agent submitted null (or another abstention, see the verifier's rule 1).
  2. `false_alarm`: the agent answered with a premise issue although every premise holds.
  3. `format`: the verifier could not parse the answer for the task's type ("answer is not a single number",
     "answer has no time of day", …).
  4. `tool_failure`: the last three SQL/Python calls (all of them when fewer, at least one) failed — errors until
     the end, whether the episode then ran out of budget or the agent submitted blind.
  5. `budget`: no answer was submitted (turn, time or output budget exhausted).
  6. `semantic`: the answer is a different quantity of the right thing — another unit (the verifier's unit
     mismatch), the gold value scaled by a unit factor (×/÷ 10, 100, 1000, 60, 24, 7, 365, 3600, 1440 or 2.2046,
     within 1%), or another unit of analysis (a list where one value was asked, or one value where a list of
     several was).
  7. `code_lookup`: the reference SQL pins items by code (`itemid`, `icd_code`, `drug`, `ndc`, `gsn`, `medication`,
     `label`, `long_title` compared with literals) and the agent never matched them: none of those literals appears
     in any of its SQL/Python, or its last successful call filters a code column by other literals only (it searched
     a dictionary and settled on another item).
  8. `sql_logic`: everything else — the right items, a wrong aggregation, join, filter or window.

Each failure also carries the episode's outcome (the verifier's rule 6). On the mini split of the tests the null
baseline's failures are all `false_abstention`, premise-blind's all `missed_discrepancy`, the flagger and the
oracle have none, and a scripted agent produces each other category (tests/test_failures.py).
"""

import json
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from pipeline.gym.metrics import outcome
from pipeline.gym.tasks import Task
from pipeline.gym.verifier import FORMAT_REASONS, is_abstention, parse_number

CATEGORIES = ("missed_discrepancy", "false_abstention", "false_alarm", "code_lookup", "sql_logic", "semantic",
              "tool_failure", "budget", "format")
EXECUTE_TOOLS = ("execute_sql", "execute_python")
SCALE_FACTORS = (10.0, 100.0, 1000.0, 60.0, 24.0, 7.0, 365.0, 3600.0, 1440.0, 2.2046)
CODE_COLUMNS = ("itemid", "icd_code", "drug", "ndc", "gsn", "medication", "label", "long_title")
_CODE_FILTER = re.compile(
    r"\b(?:\w+\.)?(" + "|".join(CODE_COLUMNS) + r")\b\s*(?:=|\bI?LIKE\b|\bIN\b)\s*(\([^)]*\)|'(?:[^']|'')*'|\d+)",
    re.I)
_LITERAL = re.compile(r"'((?:[^']|'')*)'|(?<![\w.])(\d+(?:\.\d+)?)(?![\w.])")
_COMMENT = re.compile(r"--[^\n]*|/\*.*?\*/", re.S)
TRAILING_ERRORS = 3


@dataclass(frozen=True)
class Failure:
    task_id: str
    trial: int
    variant: str
    category: str
    saw_empty_premise: bool | None
    why: str
    outcome: str = ""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Call:
    """One tool call of a trajectory with its result as the agent read it."""

    name: str
    text: str  # the query or code ("" for other tools)
    result: str
    ok: bool


def calls_of(trajectory: Mapping[str, Any]) -> list[Call]:
    """The tool calls of an OpenAI-messages trajectory, in order, each paired with the tool message that answers it
    (matched within its turn: models reuse call ids across turns)."""
    calls: list[Call] = []
    turn: list[tuple[str, str, str]] = []  # (id, name, text) of the current assistant message
    answered: dict[str, str] = {}

    def flush() -> None:
        for cid, name, text in turn:
            result = answered.get(cid, "")
            calls.append(Call(name, text, result, _succeeded(name, result)))
        turn.clear()
        answered.clear()

    for m in trajectory.get("messages", []):
        if m.get("role") == "assistant":
            flush()
            for c in m.get("tool_calls") or []:
                fn = c.get("function") or {}
                raw = fn.get("arguments")
                args = raw if isinstance(raw, dict) else _loads(raw)
                text = (args.get("query") or args.get("code") or "") if isinstance(args, dict) else ""
                turn.append((c.get("id"), str(fn.get("name") or ""), text if isinstance(text, str) else ""))
        elif m.get("role") == "tool":
            answered.setdefault(m.get("tool_call_id"), str(m.get("content") or ""))
    flush()
    return calls


def _loads(raw: Any) -> Any:
    try:
        return json.loads(raw) if isinstance(raw, str) else None
    except (json.JSONDecodeError, RecursionError, ValueError):
        return None


def _succeeded(name: str, result: str) -> bool:
    if result.startswith(("Error", "[not executed")):
        return False
    if name == "execute_python":
        return not any(line.startswith(("[error:", "[exit code")) for line in result.splitlines())
    return True


def empty_result(call: Call) -> bool:
    """0 rows, one row of NULLs (an aggregate over nothing), or an empty polars frame."""
    if not call.ok:
        return False
    if call.name == "execute_sql":
        lines = call.result.splitlines()
        head = lines[0] if lines else ""
        if head.startswith("0 rows"):
            return True
        return head.startswith("1 row") and len(lines) <= 3 and (len(lines) < 3 or not lines[2].replace(",", "").strip())
    return "shape: (0," in call.result or call.result.strip() in ("None", "[]", "0 rows")


def _literals(sql: str) -> list[str]:
    out = []
    sql = _COMMENT.sub(" ", sql or "")
    for quoted, number in _LITERAL.findall(sql):
        value = (quoted.replace("''", "'") if quoted else number).strip("% ")
        if value:
            out.append(value)
    return out


def _mentions(text: str, literal: str) -> bool:
    text, literal = text.casefold(), literal.casefold()
    if re.fullmatch(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?", literal):
        literal = literal[:16]  # a stated time matches to the minute
    if literal.replace(".", "", 1).isdigit():
        return re.search(rf"(?<![\d.]){re.escape(literal)}(?![\d])", text) is not None
    return literal in text


def _slot_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, default=str)


def premise_literals(task: Task, twin: Task | None = None) -> list[str]:
    """The values that state the premise the Noise twin breaks (see the module docstring), from its slots."""
    if twin is not None:
        changed = [k for k, v in task.slots.items() if twin.slots.get(k) != v]
    else:
        parts = (task.noise_operator or "").split(":")
        changed = [parts[3]] if len(parts) == 4 and parts[2] == "shift" and parts[3] in task.slots else []
    values = list(dict.fromkeys(_slot_text(task.slots[k]).strip("% ") for k in changed))
    values = [v for v in values if v]
    return [v for v in values if len(v) >= 3] or values


def code_literals(sql: str) -> list[str]:
    """Literals the SQL compares with an item/code/drug column."""
    out: list[str] = []
    for _, operand in _CODE_FILTER.findall(_COMMENT.sub(" ", sql or "")):
        out += [v for v in _literals(operand) if v]
    return list(dict.fromkeys(out))


def _saw_empty_premise(task: Task | None, twin: Task | None, calls: Sequence[Call]) -> bool | None:
    anchors = premise_literals(task, twin) if task is not None else []
    if not anchors:
        return None
    return any(c.name in EXECUTE_TOOLS and empty_result(c) and any(_mentions(c.text, a) for a in anchors)
               for c in calls)


def _trailing_errors(calls: Sequence[Call]) -> bool:
    executed = [c for c in calls if c.name in EXECUTE_TOOLS]
    tail = executed[-TRAILING_ERRORS:]
    return bool(tail) and not any(c.ok for c in tail)


def _semantic(task: Task, answer: Any, reason: str) -> str | None:
    if reason.startswith("unit "):
        return reason
    expected = task.answer
    if isinstance(answer, dict) and len(answer) == 1 and next(iter(answer)) in ("answer", "value"):
        answer = next(iter(answer.values()))
    if task.answer_type != "list" and isinstance(answer, list) and len(answer) > 1:
        return f"a list of {len(answer)} values where one was asked (another unit of analysis)"
    if task.answer_type == "list" and isinstance(expected, list) and len(expected) > 1 and not isinstance(answer, list):
        parsed = _loads(answer) if isinstance(answer, str) else None
        if not isinstance(parsed, list) and not (isinstance(answer, str) and re.search(r"[,;\n]", answer)):
            return f"one value where a list of {len(expected)} was asked (another unit of analysis)"
    if task.answer_type not in ("number", "integer", "number_with_unit"):
        return None
    exp = expected.get("value") if isinstance(expected, dict) else expected
    got = answer.get("value") if isinstance(answer, dict) else answer
    e, g = parse_number(exp), parse_number(got)
    if e is None or g is None or e.value == 0 or g.value == 0:
        return None
    ratio = g.value / e.value
    for f in SCALE_FACTORS:
        for r, label in ((f, f"×{f:g}"), (1 / f, f"÷{f:g}")):
            if abs(ratio - r) <= 0.01 * r:
                return f"the gold value {label} (another unit or scale)"
    return None


def _code_lookup(task: Task, calls: Sequence[Call]) -> str | None:
    codes = code_literals(task.reference_sql)
    if not codes:
        return None
    texts = [c.text for c in calls if c.name in EXECUTE_TOOLS]
    if not any(_mentions(t, code) for t in texts for code in codes):
        return f"never queried {', '.join(codes[:4])}"
    last = next((c.text for c in reversed(calls) if c.name in EXECUTE_TOOLS and c.ok), "")
    if code_literals(last) and not any(_mentions(last, code) for code in codes):
        return f"settled on {', '.join(code_literals(last)[:4])} instead of {', '.join(codes[:4])}"
    return None


def categorise(result: Mapping[str, Any], trajectory: Mapping[str, Any] | None, task: Task | None,
               twin: Task | None = None) -> Failure | None:
    """The category of a failed episode (None for a successful one). `task` may be None for an old run whose
    dataset is gone: the premise and code rules then cannot apply. `twin` is the task's other twin, when known."""
    if result.get("correct"):
        return None
    calls = calls_of(trajectory or {})
    submitted = bool(result.get("submitted", True))
    answer = result.get("answer")
    reason = str(result.get("reason") or "")
    base = {"task_id": str(result["task_id"]), "trial": int(result.get("trial", 0)), "variant": result["variant"]}

    def failure(category: str, why: str, saw: bool | None = None) -> Failure:
        return Failure(**base, category=category, saw_empty_premise=saw, why=why, outcome=outcome(dict(result)))

    if result["variant"] == "noise":
        saw = _saw_empty_premise(task, twin, calls)
        if submitted:
            return failure("missed_discrepancy", f"answered {json.dumps(answer, default=str)[:80]}", saw)
        if _trailing_errors(calls):
            return failure("tool_failure", "tool errors until the end", saw)
        return failure("budget", result.get("truncation_reason") or "no answer submitted", saw)
    if submitted and (result.get("abstained") or is_abstention(answer)):
        return failure("false_abstention", "abstained on a clean question")
    if submitted and result.get("flagged"):
        return failure("false_alarm", f"premise issue: {str(result.get('premise_issue') or '')[:120]}")
    if submitted and reason.startswith(FORMAT_REASONS):
        return failure("format", reason)
    if _trailing_errors(calls):
        return failure("tool_failure", "tool errors until the end")
    if not submitted:
        return failure("budget", result.get("truncation_reason") or "no answer submitted")
    if task is not None:
        why = _semantic(task, answer, reason)
        if why:
            return failure("semantic", why)
        why = _code_lookup(task, calls)
        if why:
            return failure("code_lookup", why)
    return failure("sql_logic", reason or "wrong value")


def analyse(results: Iterable[Mapping[str, Any]], trajectories: Iterable[Mapping[str, Any]],
            tasks: Mapping[str, Task] | None) -> list[tuple[Mapping[str, Any], Failure]]:
    """(result, failure) for every failed episode, in result order."""
    by_key = {}
    for t in trajectories:
        meta = t.get("metadata") or {}
        if "task_id" in meta:
            by_key[(meta["task_id"], int(meta.get("trial", 0) or 0))] = t
    twins: dict[tuple[str, str], Task] = {(t.pair_id, t.variant): t for t in (tasks or {}).values()}
    out = []
    for r in results:
        task = (tasks or {}).get(r["task_id"])
        twin = twins.get((task.pair_id, "clean" if task.is_noise else "noise")) if task is not None else None
        f = categorise(r, by_key.get((r["task_id"], int(r.get("trial", 0)))), task, twin)
        if f is not None:
            out.append((r, f))
    return out


def _count(failures: Iterable[Failure]) -> dict[str, int]:
    counts = Counter(f.category for f in failures)
    return {c: counts[c] for c in CATEGORIES if counts[c]}


def error_summary(failed: Sequence[tuple[Mapping[str, Any], Failure]], group_orders: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """summary.json's error analysis: counts overall, by each grouping column present, and the premise sub-field."""
    out: dict[str, Any] = {"error_categories": _count(f for _, f in failed)}
    for key, order in group_orders.items():
        groups: dict[str, list[Failure]] = defaultdict(list)
        for r, f in failed:
            if r.get(key) is not None:
                groups[str(r[key])].append(f)
        if groups or key != "difficulty":
            names = [n for n in order if n in groups] + sorted(n for n in groups if n not in order)
            out[f"error_categories_by_{key}"] = {n: _count(groups[n]) for n in names}
    missed = [f for _, f in failed if f.category == "missed_discrepancy"]
    out["missed_discrepancy_saw_empty_premise"] = {
        "yes": sum(1 for f in missed if f.saw_empty_premise is True),
        "no": sum(1 for f in missed if f.saw_empty_premise is False),
        "unknown": sum(1 for f in missed if f.saw_empty_premise is None),
    }
    return out


def example_transcript(trajectory: Mapping[str, Any] | None, result: Mapping[str, Any], failure: Failure,
                       task: Task | None, *, max_calls: int = 6, width: int = 160) -> str:
    """A short, truncated reading of one failed episode for report.md."""
    def clip(text: str) -> str:
        text = " ".join(str(text).split())
        return text if len(text) <= width else text[: width - 1] + "…"

    lines = [f"{failure.task_id} (trial {failure.trial}, {failure.variant}) — {failure.category}: {clip(failure.why)}"]
    if task is not None:
        lines.append(f"Q: {clip(task.question)}")
        lines.append(f"gold: {clip(json.dumps(task.answer, default=str))}")
    steps = [c for c in calls_of(trajectory or {}) if c.name != "submit_answer"]
    for c in steps[:max_calls]:
        lines.append(f"→ {c.name or '(no name)'}: {clip(c.text or '(no query)')}")
        lines.append(f"  ← {clip(c.result.replace(chr(10), ' | '))}")
    if len(steps) > max_calls:
        lines.append(f"  … {len(steps) - max_calls} more call(s)")
    if result.get("submitted", True):
        note = f" — premise issue: {result['premise_issue']}" if result.get("premise_issue") else ""
        lines.append(f"submitted: {clip(json.dumps(result.get('answer'), default=str) + note)}")
    else:
        lines.append(f"no submission ({result.get('truncation_reason') or 'episode ended'})")
    return "\n".join(lines)
