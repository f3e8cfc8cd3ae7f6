"""The outcome verifier: deterministic rules that decide whether a submitted answer is right. Also the RL reward.

Verifier rules (this docstring is the README section)
-----------------------------------------------------
A submission is the JSON value passed to `submit_answer(answer, premise_issue=None)`. `premise_issue` is the
agent's note that the record contradicts a detail the question states, or holds nothing matching all of them
(the contract of prompts/agent_base.md); text that is blank after trimming is no note.

0. Unwrapping. A dict with the single key "answer" or "value" is unwrapped once ({"answer": 5} → 5). For scalar
   answer types a one-element list is unwrapped ([5] → 5).
1. Abstention. The answer abstains when it is JSON null, or a string that after trimming, case-folding and dropping
   surrounding quotes and a trailing period is one of: "" · "null" · "none" · "nil" · "n/a" · "no answer" ·
   "not available" · "cannot be determined". Nothing else abstains: "unknown" is a real MIMIC value (race,
   marital status), and [] or 0 are claims ("there are none", "zero"), not abstentions.
2. Noise tasks succeed when the answer abstains or a `premise_issue` is given (with any answer): both are ways of
   noticing. `strict_correct` is the paper's rule, under which only an abstention passes.
3. Clean tasks fail when the answer abstains (over-abstention) or a `premise_issue` is given (a false alarm, even
   with the right answer); otherwise they compare by `answer_type`:
   - number: parsed (rule 4), then correct when |answer − expected| ≤ max(tolerance, 1e-9·max(1, |expected|)), where
     `tolerance` is absolute (null = 0). A number written with d ≥ 2 decimals is also correct when it equals the
     expected value rounded to d decimals (7.53 for 7.528571…). "x%" matches either x or x/100. {"value", "unit"}
     compares its value, and for `number` its unit (when given) must be the quantity's: the task's `unit` or
     `unit_aliases` when it declares one, else one the question names or implies (QUANTITY_UNITS: hours, days,
     mmHg, …); no unit is checked when neither says. Text after a number is not a unit claim (rule 4).
   - integer: parsed (rule 4), must be integral and equal (within tolerance when one is given).
   - string: Unicode NFKC, case-folded, whitespace collapsed, surrounding quotes and a trailing period dropped
     ("28.8." for "28.8");
     equal to the expected value or to one of the task's `answer_aliases` normalised the same way. A number answer
     is compared as its text (4019 ↔ "4019").
   - datetime: parsed from ISO-like text ("2150-03-02 09:00", "2150-03-02T09:00:00", "2150/03/02 09:00:00",
     trailing "Z"/offset ignored) and compared at the task's `precision`: minute (default), second or day. A bare
     date does not answer a minute-precision question.
   - date: parsed as a date or datetime; the calendar dates must be equal.
   - boolean: true/false, or the strings yes/no/true/false/y/n/t/f (any case, trailing period allowed), or 1/0.
   - number_with_unit: expected {"value", "unit"}. The answer may be {"value", "unit"}, "10 units", [10, "units"]
     or a bare number (the unit is then taken as implied by the question). The value compares as a number; a unit,
     when given, must equal the expected unit after normalisation (case, spaces, µ/μ → u, mcg → ug, cc → ml,
     plural s, unit/units/u/iu all one) or one of the task's `unit_aliases`.
   - list: the answer may be a JSON list, a string holding a JSON list, or text separated by commas, semicolons or
     new lines; a non-list scalar is a one-item list. Items compare with the rules above by the expected item's type
     (numbers with the task's tolerance, strings with aliases, "YYYY-MM-DD HH:MM:SS" strings as datetimes, rows as
     element-wise tuples). Unordered lists (the default) compare as sets: duplicates ignored, every expected item
     matched by a distinct answer item and nothing left over. Ordered lists (`ordered`) compare as sequences.
4. Number parsing from text: thousands separators "1,000" and a leading currency sign are dropped; the text must
   hold exactly one number, optionally followed by a unit with no further number ("10 units", "4.2 mEq/L",
   "7.5x10^9/L" are numbers; "5 to 10" and "10 at 09:00" are not). JSON booleans are never numbers.
5. A submission that cannot be parsed for its type is wrong (outcome `malformed`), never an error. The same
   (task, answer, premise_issue) always gives the same verdict.
6. Outcomes (one per episode): `no_submission`; `abstained` (an abstention, with or without a note); `flagged`
   (Noise, a note with an answer) and `false_alarm` (Clean, a note with an answer); `malformed` (rule 5); else
   `correct` (Clean, right) or `wrong` (Clean wrong, or Noise answered without a note).
7. Correctable twins (optional columns `correctable`, `corrected_answer`: the answer of the request the record
   does support): a flagged answer is also compared with `corrected_answer` by rule 3 (`Verdict.corrected`).

`reward(task, answer, premise_issue)` is 1.0 when `verify(...).correct` else 0.0; `grpo_reward` adapts it to TRL's
GRPOTrainer reward-function signature (completions + dataset columns).
"""

import datetime as dt
import json
import math
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pipeline.gym.tasks import Task, task_from_row

ABSTENTIONS = frozenset(
    {"", "null", "none", "nil", "n/a", "no answer", "not available", "cannot be determined"}
)


OUTCOMES = ("correct", "wrong", "abstained", "flagged", "false_alarm", "no_submission", "malformed")
FORMAT_REASONS = ("answer is not", "answer has no", "unparseable answer")
"""Reasons of answers that cannot be read for the task's type (outcome `malformed`)."""
MAX_NOTE_CHARS = 2000


@dataclass(frozen=True)
class Verdict:
    correct: bool
    abstained: bool
    reason: str
    outcome: str = "wrong"
    flagged: bool = False  # a premise_issue was given
    strict_correct: bool = False  # the paper's rule: Noise passes only on an abstention; Clean on the right answer
    corrected: bool | None = None  # a flagged answer on a correctable twin matches its corrected answer

    def as_dict(self) -> dict[str, Any]:
        return {"correct": self.correct, "abstained": self.abstained, "reason": self.reason, "outcome": self.outcome,
                "flagged": self.flagged, "strict_correct": self.strict_correct, "corrected": self.corrected}


class _NoSubmission:
    """Marker for "the agent never called submit_answer" — not an abstention, never rewarded."""

    def __repr__(self) -> str:
        return "NO_SUBMISSION"


NO_SUBMISSION: Any = _NoSubmission()


# ---------------------------------------------------------------- normalisation helpers


def _norm_text(s: str) -> str:
    s = unicodedata.normalize("NFKC", s).casefold().strip()
    s = re.sub(r"\s+", " ", s)
    while len(s) >= 2 and s[0] == s[-1] and s[0] in "\"'`":
        s = s[1:-1].strip()
    if s.endswith("."):
        s = s[:-1].rstrip()
    return s


def _unwrap(answer: Any) -> Any:
    if isinstance(answer, dict) and len(answer) == 1:
        key = next(iter(answer))
        if key in ("answer", "value"):
            return answer[key]
    return answer


def premise_note(premise_issue: Any) -> str | None:
    """The agent's premise_issue as text, or None when there is none (absent, null or blank)."""
    if premise_issue is None:
        return None
    text = premise_issue if isinstance(premise_issue, str) else json.dumps(premise_issue, default=str)
    text = text.strip()
    return text[:MAX_NOTE_CHARS] if text else None


def is_abstention(answer: Any) -> bool:
    """True when the answer says "no answer" (rule 1)."""
    answer = _unwrap(answer)
    if answer is None:
        return True
    if isinstance(answer, str):
        return _norm_text(answer) in ABSTENTIONS
    return False


_NUMBER = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?"
_NUMBER_RE = re.compile(rf"^\s*({_NUMBER})\s*(.*?)\s*$", re.S)
_THOUSANDS_RE = re.compile(r"(?<![\d.])(\d{1,3}(?:,\d{3})+)(?=(\.\d+)?(?!\d))")


@dataclass(frozen=True)
class _Num:
    value: float
    unit: str  # trailing text, "" when none
    decimals: int | None  # digits after the decimal point as written


def parse_number(answer: Any) -> _Num | None:
    """Rule 4: a number from a JSON number or text, with its trailing unit; None when not exactly one number."""
    if isinstance(answer, bool) or answer is None:
        return None
    if isinstance(answer, int):
        return _Num(float(answer), "", 0)
    if isinstance(answer, float):
        if not math.isfinite(answer):
            return None
        r = repr(answer)
        decimals = len(r.split(".")[1]) if "." in r and "e" not in r else None
        return _Num(answer, "", decimals)
    if not isinstance(answer, str):
        return None
    text = unicodedata.normalize("NFKC", answer).strip()
    if len(text) > 200:
        return None
    text = _THOUSANDS_RE.sub(lambda m: m.group(1).replace(",", ""), text)
    text = re.sub(r"^[$€£]\s*", "", text)
    m = _NUMBER_RE.match(text)
    if not m:
        return None
    token, rest = m.group(1), m.group(2)
    if rest and (rest[0].isdigit() or re.search(r"\s[-+]?\.?\d", rest) or rest[0] in ".,:-/" and rest[1:2].isdigit()):
        return None
    try:
        value = float(token)
    except ValueError:
        return None
    if not math.isfinite(value):
        return None
    mantissa = re.split(r"[eE]", token)[0]
    decimals = len(mantissa.split(".")[1]) if "." in mantissa and "e" not in token.lower() else (0 if "." not in token else None)
    return _Num(value, rest.strip(), decimals)


def _numbers_match(expected: float, got: _Num, tolerance: float | None) -> bool:
    candidates = [got.value]
    if got.unit == "%":
        candidates.append(got.value / 100)
    tol = max(tolerance or 0.0, 1e-9 * max(1.0, abs(expected)))
    for a in candidates:
        if abs(a - expected) <= tol:
            return True
        rounded_tol = 0.5 * 10 ** (-(got.decimals or 0)) + 1e-12 * max(1.0, abs(expected))
        if got.decimals is not None and got.decimals >= 2 and a == got.value and abs(a - expected) <= rounded_tol:
            return True
    return False


_UNIT_SYNONYMS = {"units": "unit", "u": "unit", "iu": "unit", "mcg": "ug", "cc": "ml"}


def _norm_unit(u: str) -> str:
    s = unicodedata.normalize("NFKC", u).casefold().replace("µ", "u").replace("μ", "u")
    s = re.sub(r"\s+", "", s).rstrip(".")
    s = _UNIT_SYNONYMS.get(s, s)
    if s.isalpha() and len(s) > 2 and s.endswith("s"):
        s = s[:-1]
    return _UNIT_SYNONYMS.get(s, s)


_DT_RE = re.compile(r"^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(?:z|[+-]\d{2}:?\d{2})?$", re.I)


def parse_datetime(answer: Any) -> tuple[dt.datetime, bool] | None:
    """(value, has_time) from ISO-like text; None when it is not a date/datetime."""
    if not isinstance(answer, str):
        return None
    m = _DT_RE.match(answer.strip())
    if not m:
        return None
    y, mo, d, h, mi, s = m.groups()
    try:
        value = dt.datetime(int(y), int(mo), int(d), int(h or 0), int(mi or 0), int(s or 0))
    except ValueError:
        return None
    return value, h is not None


def _truncate(v: dt.datetime, precision: str) -> dt.datetime:
    if precision == "day":
        return v.replace(hour=0, minute=0, second=0)
    if precision == "second":
        return v
    return v.replace(second=0)


_TRUE = {"true", "yes", "y", "t", "1"}
_FALSE = {"false", "no", "n", "f", "0"}


def parse_boolean(answer: Any) -> bool | None:
    if isinstance(answer, bool):
        return answer
    if isinstance(answer, int) and answer in (0, 1):
        return bool(answer)
    if isinstance(answer, str):
        s = _norm_text(answer)
        if s in _TRUE:
            return True
        if s in _FALSE:
            return False
    return None


# ---------------------------------------------------------------- per-type comparison


def _as_scalar(answer: Any) -> Any:
    if isinstance(answer, list) and len(answer) == 1:
        return answer[0]
    return answer


QUANTITY_UNITS: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = tuple(
    (re.compile(pattern, re.I), frozenset(units)) for pattern, units in (
        (r"\bhours?\b", ("hour", "h", "hr")),
        (r"\bdays?\b", ("day", "d")),
        (r"\bminutes?\b", ("minute", "min")),
        (r"\byears?\b|\bage\b", ("year", "yr", "y", "yearsold", "yearold")),
        (r"\bmean arterial pressure\b|\bMAP\b|\bblood pressure\b", ("mmhg",)),
        (r"\bheart rate\b", ("bpm", "beats/min", "beatsperminute", "/min")),
        (r"\bcosts?\b|\bcharges?\b|\bcharged\b", ("usd", "$", "dollar")),
    ))
"""Units a number question names or implies (normalised as `_norm_unit` does), for tasks that declare none: the unit
of a {"value", "unit"} answer must be one of them when the question matches. Text after a number ("5 doses",
"74 mmHg") is not checked: it is as often a noun as a unit."""


def _quantity_units(task: Task) -> set[str] | None:
    """The normalised units a number task's quantity may be given in; None when neither the task nor the question
    says (the unit is then not checked)."""
    if task.unit or task.unit_aliases:
        return {_norm_unit(u) for u in (task.unit, *task.unit_aliases) if u}
    units = {u for pattern, us in QUANTITY_UNITS if pattern.search(task.question) for u in us}
    return units or None


def _value_and_unit(answer: Any) -> tuple[Any, str]:
    """{"value", "unit"} (or {"amount", …}) → (value, unit); anything else → (answer, "")."""
    if isinstance(answer, dict) and ("value" in answer or "amount" in answer):
        unit = answer.get("unit")
        return answer.get("value", answer.get("amount")), "" if unit is None else str(unit)
    return answer, ""


def _cmp_number(expected: Any, answer: Any, task: Task) -> tuple[bool, str]:
    exp_num = parse_number(expected)
    if exp_num is None:
        return False, f"expected value {expected!r} is not a number"
    value, unit = _value_and_unit(_as_scalar(answer))
    got = parse_number(_as_scalar(value))
    if got is None:
        return False, "answer is not a single number"
    if task.answer_type == "integer":
        if abs(got.value - round(got.value)) > 1e-9:
            return False, "answer is not an integer"
        ok = abs(got.value - exp_num.value) <= max(task.tolerance or 0.0, 1e-9)
        why = "equal" if ok else f"{got.value:g} ≠ {exp_num.value:g}"
    else:
        ok = _numbers_match(exp_num.value, got, task.tolerance)
        why = "within tolerance" if ok else f"{got.value:g} differs from {exp_num.value:g}"
    accepted = _quantity_units(task) if ok and task.answer_type == "number" and unit.strip() else None
    if accepted is not None and _norm_unit(unit) not in accepted:
        return False, f"unit {unit!r} is not the quantity's ({', '.join(sorted(accepted))})"
    return ok, why


def _cmp_string(expected: Any, answer: Any, aliases: Sequence[str]) -> tuple[bool, str]:
    answer = _as_scalar(answer)
    if isinstance(answer, bool):
        answer = "true" if answer else "false"
    if isinstance(answer, int | float):
        answer = str(int(answer)) if isinstance(answer, int) or float(answer).is_integer() else str(answer)
    if not isinstance(answer, str):
        return False, "answer is not text"
    accepted = {_norm_text(str(expected))} | {_norm_text(a) for a in aliases}
    ok = _norm_text(answer) in accepted
    return ok, "matches" if ok else "text differs"


def _cmp_datetime(expected: Any, answer: Any, precision: str) -> tuple[bool, str]:
    exp = parse_datetime(expected) if isinstance(expected, str) else None
    if exp is None:
        return False, f"expected value {expected!r} is not a datetime"
    got = parse_datetime(_as_scalar(answer))
    if got is None:
        return False, "answer is not a datetime"
    if precision != "day" and not got[1] and exp[1]:
        return False, f"answer has no time of day (precision {precision})"
    ok = _truncate(got[0], precision) == _truncate(exp[0], precision)
    return ok, f"equal at {precision} precision" if ok else f"differs at {precision} precision"


def _cmp_date(expected: Any, answer: Any) -> tuple[bool, str]:
    exp, got = parse_datetime(expected), parse_datetime(_as_scalar(answer))
    if exp is None:
        return False, f"expected value {expected!r} is not a date"
    if got is None:
        return False, "answer is not a date"
    ok = exp[0].date() == got[0].date()
    return ok, "same date" if ok else "different date"


def _cmp_boolean(expected: Any, answer: Any) -> tuple[bool, str]:
    exp, got = parse_boolean(expected), parse_boolean(_as_scalar(answer))
    if exp is None:
        return False, f"expected value {expected!r} is not a boolean"
    if got is None:
        return False, "answer is not yes/no"
    return exp == got, "equal" if exp == got else "opposite"


def _number_with_unit(answer: Any) -> _Num | None:
    """A number_with_unit answer as written: {"value", "unit"}, [10, "units"], "10 units" or a bare number."""
    if isinstance(answer, dict):
        value, unit = _value_and_unit(answer)
        got = parse_number(value)
        return _Num(got.value, unit, got.decimals) if got is not None and unit else got
    if isinstance(answer, list) and len(answer) == 2 and isinstance(answer[1], str | type(None)):
        got = parse_number(answer[0])
        return _Num(got.value, answer[1], got.decimals) if got is not None and answer[1] else got
    return parse_number(_as_scalar(answer))


def _cmp_number_with_unit(expected: Any, answer: Any, task: Task) -> tuple[bool, str]:
    if isinstance(expected, dict):
        exp_value, exp_unit = expected.get("value"), str(expected.get("unit") or "")
    else:
        parsed = parse_number(expected)
        if parsed is None:
            return False, f"expected value {expected!r} is not a number with unit"
        exp_value, exp_unit = parsed.value, parsed.unit
    exp_num = parse_number(exp_value)
    if exp_num is None:
        return False, f"expected value {expected!r} is not a number with unit"
    got = _number_with_unit(answer)
    if got is None:
        return False, "answer is not a number (with unit)"
    if not _numbers_match(exp_num.value, _Num(got.value, "", got.decimals), task.tolerance):
        return False, f"{got.value:g} differs from {exp_num.value:g}"
    if got.unit and exp_unit:
        accepted = {_norm_unit(exp_unit)} | {_norm_unit(u) for u in task.unit_aliases}
        if _norm_unit(got.unit) not in accepted:
            return False, f"unit {got.unit!r} is not {exp_unit!r}"
    return True, "value and unit match"


def _item_kind(item: Any) -> str:
    if isinstance(item, bool):
        return "boolean"
    if isinstance(item, int | float):
        return "number"
    if isinstance(item, dict):
        return "number_with_unit"
    if isinstance(item, list):
        return "row"
    if isinstance(item, str):
        parsed = parse_datetime(item)
        if parsed is not None:
            return "datetime" if parsed[1] else "date"
    return "string"


def _cmp_item(expected: Any, answer: Any, task: Task) -> bool:
    kind = _item_kind(expected)
    if kind == "row":
        if isinstance(answer, tuple):
            answer = list(answer)
        if isinstance(answer, str):
            answer = _split_text(answer)
        if not isinstance(answer, list) or len(answer) != len(expected):
            return False
        return all(_cmp_item(e, a, task) for e, a in zip(expected, answer, strict=True))
    if isinstance(answer, list):
        return False
    if kind == "number":
        got = parse_number(answer)
        return got is not None and _numbers_match(float(expected), got, task.tolerance)
    if kind == "boolean":
        return _cmp_boolean(expected, answer)[0]
    if kind == "number_with_unit":
        return _cmp_number_with_unit(expected, answer, task)[0]
    if kind == "datetime":
        return _cmp_datetime(expected, answer, task.precision or "minute")[0]
    if kind == "date":
        return _cmp_date(expected, answer)[0]
    return _cmp_string(expected, answer, task.answer_aliases)[0]


def _split_text(text: str) -> list[Any]:
    stripped = text.strip()
    if stripped.startswith("["):
        try:
            value = json.loads(stripped)
            if isinstance(value, list):
                return value
        except json.JSONDecodeError:
            pass
    return [p.strip() for p in re.split(r"[;\n]|,(?!\d{3}(?!\d))", stripped) if p.strip()]


def _dedupe(items: list[Any], task: Task) -> list[Any]:
    out: list[Any] = []
    for it in items:
        if not any(_cmp_item(o, it, task) if _item_kind(o) != "string" else _norm_text(str(o)) == _norm_text(str(it)) for o in out):
            out.append(it)
    return out


def _cmp_list(expected: Any, answer: Any, task: Task) -> tuple[bool, str]:
    if not isinstance(expected, list):
        return False, f"expected value {expected!r} is not a list"
    if isinstance(answer, str):
        answer = _split_text(answer)
    elif not isinstance(answer, list):
        answer = [answer]
    if task.ordered:
        if len(answer) != len(expected):
            return False, f"{len(answer)} items, expected {len(expected)}"
        ok = all(_cmp_item(e, a, task) for e, a in zip(expected, answer, strict=True))
        return ok, "same sequence" if ok else "sequence differs"
    exp_items, got_items = _dedupe(list(expected), task), _dedupe(list(answer), task)
    if len(exp_items) != len(got_items):
        return False, f"{len(got_items)} distinct items, expected {len(exp_items)}"
    unused = list(range(len(got_items)))
    for e in exp_items:
        hit = next((i for i in unused if _cmp_item(e, got_items[i], task)), None)
        if hit is None:
            return False, f"expected item {e!r} missing"
        unused.remove(hit)
    return True, "same set"


# ---------------------------------------------------------------- public API


def _compare(task: Task, answer: Any) -> tuple[bool, str]:
    """Rule 3's comparison of a (non-abstaining) answer with the task's gold."""
    expected, kind = task.answer, task.answer_type
    try:
        if kind in ("number", "integer"):
            return _cmp_number(expected, answer, task)
        if kind == "string":
            return _cmp_string(expected, answer, task.answer_aliases)
        if kind == "datetime":
            return _cmp_datetime(expected, answer, task.precision or "minute")
        if kind == "date":
            return _cmp_date(expected, answer)
        if kind == "boolean":
            return _cmp_boolean(expected, answer)
        if kind == "number_with_unit":
            return _cmp_number_with_unit(expected, answer, task)
        if kind == "list":
            return _cmp_list(expected, answer, task)
        return False, f"unknown answer type {kind}"  # pragma: no cover - Task validates answer_type
    except (TypeError, ValueError, OverflowError, RecursionError) as e:
        return False, f"unparseable answer ({type(e).__name__})"


def parse_error(task: Task, answer: Any) -> str | None:
    """Why an answer cannot be read for the task's type (rule 5), or None; for Noise tasks, which have no gold to
    compare with. On Clean tasks it agrees with the comparison's reasons (tests/test_verifier.py checks)."""
    kind = task.answer_type
    answer = _unwrap(answer)
    scalar = _as_scalar(answer)
    if kind in ("number", "integer"):
        got = parse_number(_as_scalar(_value_and_unit(scalar)[0]))
        if got is None:
            return "answer is not a single number"
        if kind == "integer" and abs(got.value - round(got.value)) > 1e-9:
            return "answer is not an integer"
    elif kind == "number_with_unit" and _number_with_unit(answer) is None:
        return "answer is not a number (with unit)"
    elif kind == "string" and not isinstance(scalar, str | int | float):
        return "answer is not text"
    elif kind in ("datetime", "date"):
        parsed = parse_datetime(scalar)
        if parsed is None:
            return f"answer is not a {kind}"
        if kind == "datetime" and (task.precision or "minute") != "day" and not parsed[1]:
            return f"answer has no time of day (precision {task.precision or 'minute'})"
    elif kind == "boolean" and parse_boolean(scalar) is None:
        return "answer is not yes/no"
    return None


def _corrected(task: Task, answer: Any) -> bool | None:
    """Rule 7: a flagged answer on a correctable twin against its corrected answer."""
    if not task.correctable or task.corrected_answer is None:
        return None
    return _compare(task.model_copy(update={"variant": "clean", "answer": task.corrected_answer}), answer)[0]


def verify(task: Task | Mapping[str, Any], answer: Any, premise_issue: Any = None) -> Verdict:
    """Apply the rules above. Never raises on any JSON-able answer."""
    if not isinstance(task, Task):
        task = task_from_row(dict(task))
    if answer is NO_SUBMISSION:
        return Verdict(False, False, "no answer was submitted", "no_submission")
    flagged = premise_note(premise_issue) is not None
    answer = _unwrap(answer)
    if is_abstention(answer):
        if task.is_noise:
            return Verdict(True, True, "abstained where the record holds no answer", "abstained", flagged, True)
        return Verdict(False, True, "abstained where the record holds the answer", "abstained", flagged)
    if task.is_noise:
        if flagged:
            return Verdict(True, False, "answered with a premise issue where the record contradicts a premise",
                           "flagged", True, False, _corrected(task, answer))
        bad = parse_error(task, answer)
        return Verdict(False, False, bad or "answered where the record contradicts a premise",
                       "malformed" if bad else "wrong")
    ok, why = _compare(task, answer)
    if flagged:
        return Verdict(False, False, f"a premise issue where the premises hold ({'right' if ok else 'wrong'} answer: "
                       f"{why})", "false_alarm", True, ok)
    outcome = "correct" if ok else "malformed" if why.startswith(FORMAT_REASONS) else "wrong"
    return Verdict(ok, False, why, outcome, False, ok)


def reward(task: Task | Mapping[str, Any], answer: Any, premise_issue: Any = None) -> float:
    """The RL reward: 1.0 for a verified answer, or on Noise an abstention or a premise issue; else 0.0."""
    return 1.0 if verify(task, answer, premise_issue).correct else 0.0


def extract_submission(completion: Any) -> tuple[Any, str | None]:
    """(answer, premise_issue) of a completion: the last submit_answer tool call in a message list (or one
    assistant message), else a trailing JSON object {"answer": …, "premise_issue": …} in text; the answer is
    NO_SUBMISSION when there is none."""
    messages: list[Any]
    if isinstance(completion, str):
        messages = [{"role": "assistant", "content": completion}]
    elif isinstance(completion, dict):
        messages = [completion]
    elif isinstance(completion, list):
        messages = completion
    else:
        return NO_SUBMISSION, None
    for msg in reversed(messages):
        if not isinstance(msg, dict):
            continue
        for call in reversed(msg.get("tool_calls") or []):
            fn = call.get("function", {}) if isinstance(call, dict) else {}
            if fn.get("name") == "submit_answer":
                args = fn.get("arguments")
                try:
                    parsed = json.loads(args) if isinstance(args, str) else args
                except json.JSONDecodeError:
                    continue
                if isinstance(parsed, dict) and "answer" in parsed:
                    return parsed["answer"], premise_note(parsed.get("premise_issue"))
        content = msg.get("content")
        if msg.get("role") == "assistant" and isinstance(content, str):
            m = re.search(r"\{[^{}]*\"answer\"[^{}]*\}\s*$", content.strip())
            if m:
                try:
                    parsed = json.loads(m.group(0))
                    return parsed["answer"], premise_note(parsed.get("premise_issue"))
                except (json.JSONDecodeError, KeyError):
                    pass
    return NO_SUBMISSION, None


def extract_answer(completion: Any) -> Any:
    """The submitted answer of a completion (see extract_submission)."""
    return extract_submission(completion)[0]


def grpo_reward(completions: list[Any], **columns: list[Any]) -> list[float]:
    """TRL GRPOTrainer reward function: `columns` are the dataset's columns (answer, answer_type, variant,
    tolerance, answer_aliases, precision, ordered, …), one value per completion. The answer and premise_issue
    come from each completion's last submit_answer call (extract_submission)."""
    rewards = []
    for i, completion in enumerate(completions):
        row = {k: v[i] for k, v in columns.items() if isinstance(v, list) and len(v) == len(completions)}
        row.setdefault("task_id", str(i))
        row.setdefault("pair_id", str(i))
        row.setdefault("question", "")
        row.setdefault("intent", "")
        rewards.append(reward(task_from_row(row), *extract_submission(completion)))
    return rewards
