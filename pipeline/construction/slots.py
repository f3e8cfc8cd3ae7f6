"""Slot types: how a slot's value is normalised, rendered into SQL, displayed in a question and recognised again
in a rewritten question. One registry so binding, SQL rendering, rewriting and validation agree."""

import datetime as dt
import math
import re
from dataclasses import dataclass
from typing import Any

from pipeline.common.answers import FLOAT_DIGITS, round_float

SlotValue = int | float | str

# A slot placeholder in family SQL: {{ name }} (contracts/FORMAT.md). Family loading and SQL rendering share it.
PLACEHOLDER_RE = re.compile(r"\{\{\s*(\w+)\s*\}\}")


@dataclass(frozen=True)
class SlotType:
    name: str
    kind: str  # int | float | text | datetime | date
    displayed: bool = True  # itemid is normally not shown in questions


SLOT_TYPES: dict[str, SlotType] = {
    t.name: t
    for t in [
        SlotType("subject_id", "int"),
        SlotType("hadm_id", "int"),
        SlotType("stay_id", "int"),
        SlotType("itemid", "int", displayed=False),
        SlotType("label", "text"),
        SlotType("drug", "text"),
        SlotType("icd_code", "text"),
        SlotType("icd_version", "int"),
        SlotType("icd_title", "text"),
        SlotType("icd_pattern", "text", displayed=False),  # LIKE pattern behind a named diagnosis group
        SlotType("number", "float"),
        SlotType("threshold", "float"),
        SlotType("unit", "text"),
        SlotType("datetime", "datetime"),
        SlotType("date", "date"),
        SlotType("year", "int"),
        SlotType("integer", "int"),
        SlotType("text", "text"),
        SlotType("category", "text"),
    ]
}

# Dummy values used to render templates for the static schema check (never executed).
DUMMY: dict[str, SlotValue] = {
    "int": 1,
    "float": 1.5,
    "text": "x",
    "datetime": "2150-01-01 00:00:00",
    "date": "2150-01-01",
}

def normalize(kind: str, value: Any) -> SlotValue | None:
    """Canonical JSON-able form of a database value for a slot kind; identical for DuckDB and PostgreSQL."""
    if value is None:
        return None
    if isinstance(value, float) and math.isnan(value):
        return None
    if kind == "int":
        return int(value)
    if kind == "float":
        return round_float(float(value))
    if kind == "datetime":
        if isinstance(value, dt.datetime):
            return value.replace(microsecond=0, tzinfo=None).strftime("%Y-%m-%d %H:%M:%S")
        if isinstance(value, dt.date):
            return value.strftime("%Y-%m-%d 00:00:00")
        return str(dt.datetime.fromisoformat(str(value)).replace(microsecond=0).strftime("%Y-%m-%d %H:%M:%S"))
    if kind == "date":
        if isinstance(value, dt.datetime):
            return value.strftime("%Y-%m-%d")
        if isinstance(value, dt.date):
            return value.strftime("%Y-%m-%d")
        return str(value)[:10]
    return str(value)


def sql_literal(kind: str, value: SlotValue) -> str:
    """A PostgreSQL literal for one slot value (FORMAT.md: ints bare, text quoted, typed time literals)."""
    if kind == "int":
        return str(int(value))
    if kind == "float":
        return format_number(float(value), sql=True)
    if kind == "datetime":
        return f"TIMESTAMP '{value}'"
    if kind == "date":
        return f"DATE '{value}'"
    return "'" + str(value).replace("'", "''") + "'"


def format_number(v: float, *, sql: bool = False) -> str:
    """Decimal text without trailing zeros (6.50 → 6.5; 6.0 → 6, or 6.0 in SQL so it stays non-integer)."""
    text = f"{round_float(v):.{FLOAT_DIGITS}f}".rstrip("0").rstrip(".")
    if text in ("-0", ""):
        text = "0"
    if sql and "." not in text:
        text += ".0"
    return text


def display(kind: str, value: SlotValue) -> str:
    """How a slot value reads in a question."""
    if kind == "float":
        return format_number(float(value))
    if kind == "datetime":
        return str(value)[:16]
    if kind == "date":
        return str(value)[:10]
    return str(value)


_NUMBER_RE = re.compile(r"(?<![\w.])-?\d+(?:[.,]\d+)?(?![\w])")


def find_token(text: str, token: str, start: int = 0) -> int:
    """Index of `token` in `text` not glued to a word character or a decimal point on either side, else -1.
    (Plain find + boundary test: compiling a regex per slot value was the rewriting step's hot spot.)"""
    n = len(token)
    i = text.find(token, start)
    while i >= 0:
        before = text[i - 1] if i > 0 else " "
        after = text[i + n] if i + n < len(text) else " "
        if not (before.isalnum() or before in "_." or after.isalnum() or after == "_"
                or (after == "." and i + n + 1 < len(text) and text[i + n + 1].isdigit())):
            return i
        i = text.find(token, i + 1)
    return -1


def survives(kind: str, value: SlotValue, text: str, accepted: list[str] | None = None) -> bool:
    """Whether a slot value is still recognisably stated in a (rewritten) question."""
    if kind == "int":
        return find_token(text, str(int(value))) >= 0
    if kind == "float":
        target = round_float(float(value))
        for m in _NUMBER_RE.finditer(text):
            try:
                if abs(float(m.group(0).replace(",", ".")) - target) < 10 ** -FLOAT_DIGITS:
                    return True
            except ValueError:
                continue
        return False
    if kind == "datetime":
        s = str(value)
        return s[:10] in text and s[11:16] in text
    if kind == "date":
        return str(value)[:10] in text
    low = " ".join(text.lower().split())
    return any(" ".join(v.lower().split()) in low for v in [str(value), *(accepted or [])] if v)


def variants(kind: str, value: SlotValue, accepted: list[str] | None = None) -> list[str]:
    """Literal spellings of a slot value to mask when comparing twins (longest first)."""
    out = {display(kind, value)}
    if kind == "datetime":
        out |= {str(value), str(value)[:10], str(value)[11:16]}
    out |= set(accepted or [])
    return sorted((v for v in out if v), key=lambda s: (-len(s), s))
