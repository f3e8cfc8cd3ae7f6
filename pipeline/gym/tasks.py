"""Tasks as the gym sees them: one row of a split `outputs/<version>/{train,test}.parquet`.

The row layout is the construction pipeline's (contracts/FORMAT.md, "Dataset rows"); this module is the gym's
reading of it, so the conventions are spelled out here once:

- `answer` is JSON text. Noise tasks store `null`. Encoding by `answer_type`: number → JSON number;
  number_with_unit → {"value": 10.0, "unit": "mEq/L"}; integer → int; string → string; datetime →
  "YYYY-MM-DD HH:MM:SS"; date → "YYYY-MM-DD"; boolean → true/false; list → JSON list of the scalars above
  (a result row of several columns → a list per row).
- `tolerance`: a float, ABSOLUTE, for number / number_with_unit (and numeric list items); 0 or null = exact up to
  float noise (see the verifier's rules).
- Accepted spellings of string answers live in the optional column `answer_aliases` (JSON list of strings), e.g.
  answer "F" with aliases ["female", "woman"]. For lists, the aliases apply to each item. The answer JSON itself
  may alternatively be an envelope {"value": …, "aliases": [...], "unit_aliases": [...], "precision": …,
  "ordered": …} — the gym merges both, so hand-written task sets need no extra columns.
- `precision` (optional column): datetime comparison precision, "minute" (default) | "day" | "second".
- `ordered` (optional column, bool): list answers compare as sequences when true, as sets otherwise (default).
- `difficulty` (optional column): easy | medium | hard; evaluation then reports success and error categories per tier.
- `answer_columns` (optional column, JSON list of column names): which result columns of `reference_sql` form the
  answer; default: the first column (value and unit for number_with_unit). Only the oracle baseline uses it,
  through the same encoder the construction stored the answer with (pipeline/common/answers.py).
- `slots` (JSON object: slot → the value the question states), `noise_kind` (content | identifier),
  `noise_operator` ("level:broken condition:perturbation"), `readings` (JSON list) and `failed_condition`: the
  construction's record of what a twin states and how the Noise twin was made; the error analysis reads them.
- `unit` (optional column): the unit of a number answer's quantity, checked when an answer gives one.
- `correctable` (optional column, bool) and `corrected_answer` (JSON text): a Noise twin whose request the record
  still supports once the misstated detail is corrected, and that answer; a flagged answer is also graded
  against it (the verifier's rule 7). Absent: no twin is correctable.
"""

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import polars as pl
from pydantic import BaseModel, ConfigDict, Field

from pipeline.common.vocabulary import AnswerType, Variant


class Task(BaseModel):
    """One Clean or Noise question with everything needed to run, verify and report it."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    task_id: str
    pair_id: str
    variant: Variant
    noise_level: str | None = None
    intent: str
    level: str = "patient"
    family: str = ""
    question: str
    answer: Any = None  # decoded JSON; None for noise
    answer_type: AnswerType
    tolerance: float | None = None
    reference_sql: str = ""
    conditions: list[dict[str, Any]] = Field(default_factory=list)
    failed_condition: str | None = None
    subject_ids: list[int] = Field(default_factory=list)
    split: str = "test"
    dataset_version: str = ""
    answer_aliases: list[str] = Field(default_factory=list)
    unit_aliases: list[str] = Field(default_factory=list)
    precision: str | None = None
    ordered: bool = False
    answer_columns: list[str] | None = None
    difficulty: str | None = None  # optional column: easy | medium | hard
    slots: dict[str, Any] = Field(default_factory=dict)
    noise_kind: str | None = None
    noise_operator: str | None = None
    readings: list[str] = Field(default_factory=list)
    unit: str | None = None
    correctable: bool = False
    corrected_answer: Any = None

    @property
    def is_noise(self) -> bool:
        return self.variant == "noise"

    def metadata(self) -> dict[str, Any]:
        """The fields every result line and trajectory carries."""
        return {
            "task_id": self.task_id, "pair_id": self.pair_id, "variant": self.variant,
            "noise_level": self.noise_level, "intent": self.intent, "level": self.level, "family": self.family,
            "dataset_version": self.dataset_version, "difficulty": self.difficulty,
        }


def _decode_json(value: Any, field: str, task_id: str) -> Any:
    if value is None or not isinstance(value, str):
        return value
    try:
        return json.loads(value)
    except json.JSONDecodeError as e:
        raise ValueError(f"task {task_id}: column {field!r} is not valid JSON ({e.msg})") from None


def task_from_row(row: dict[str, Any]) -> Task:
    """Build a Task from one split row (JSON-text columns decoded, the answer envelope merged)."""
    tid = str(row.get("task_id", "?"))
    data = dict(row)
    answer = _decode_json(data.get("answer"), "answer", tid)
    aliases = list(_decode_json(data.get("answer_aliases"), "answer_aliases", tid) or [])
    unit_aliases = list(_decode_json(data.get("unit_aliases"), "unit_aliases", tid) or [])
    precision, ordered = data.get("precision"), data.get("ordered")
    if isinstance(answer, dict) and "value" in answer and data.get("answer_type") != "number_with_unit":
        env = answer
        answer = env["value"]
        aliases += list(env.get("aliases") or [])
        precision = env.get("precision", precision)
        ordered = env.get("ordered", ordered)
    elif isinstance(answer, dict) and data.get("answer_type") == "number_with_unit":
        aliases += list(answer.get("aliases") or [])
        unit_aliases += list(answer.get("unit_aliases") or [])
        answer = {"value": answer.get("value"), "unit": answer.get("unit")}
    data.update(
        answer=answer,
        answer_aliases=[str(a) for a in aliases],
        unit_aliases=[str(a) for a in unit_aliases],
        precision=precision,
        ordered=bool(ordered) if ordered is not None else False,
        conditions=_decode_json(data.get("conditions"), "conditions", tid) or [],
        answer_columns=_decode_json(data.get("answer_columns"), "answer_columns", tid),
        subject_ids=[int(s) for s in (data.get("subject_ids") or [])],
        slots=_decode_json(data.get("slots"), "slots", tid) or {},
        readings=_decode_json(data.get("readings"), "readings", tid) or [],
        correctable=bool(data.get("correctable") or False),
        corrected_answer=_decode_json(data.get("corrected_answer"), "corrected_answer", tid),
    )
    if data.get("tolerance") is not None:
        data["tolerance"] = float(data["tolerance"])
    for key in ("task_id", "pair_id"):
        data[key] = str(data[key])
    return Task.model_validate(data)


def load_tasks(dataset_dir: str | Path, split: str = "test", *, limit: int | None = None) -> list[Task]:
    """Read `<dataset_dir>/<split>.parquet` into Tasks (sorted by task id so runs are reproducible)."""
    path = Path(dataset_dir) / f"{split}.parquet"
    if not path.exists():
        raise FileNotFoundError(f"split file {path} does not exist (build it with `robustgym build` / make build-split)")
    frame = pl.read_parquet(path)
    missing = {"task_id", "pair_id", "variant", "intent", "question", "answer", "answer_type"} - set(frame.columns)
    if missing:
        raise ValueError(f"{path} lacks required column(s): {', '.join(sorted(missing))}")
    tasks = sorted((task_from_row(r) for r in frame.iter_rows(named=True)), key=lambda t: t.task_id)
    ids = [t.task_id for t in tasks]
    if len(set(ids)) != len(ids):
        raise ValueError(f"{path} has duplicate task ids")
    return tasks[:limit] if limit is not None else tasks


def task_to_row(task: Task) -> dict[str, Any]:
    """The split-row form of a Task (JSON-text columns), for writing hand-made task sets."""
    return {
        "task_id": task.task_id, "pair_id": task.pair_id, "variant": task.variant, "noise_level": task.noise_level,
        "intent": task.intent, "level": task.level, "family": task.family, "question": task.question,
        "answer": json.dumps(task.answer), "answer_type": task.answer_type, "tolerance": task.tolerance,
        "reference_sql": task.reference_sql, "conditions": json.dumps(task.conditions),
        "failed_condition": task.failed_condition, "subject_ids": list(task.subject_ids), "split": task.split,
        "dataset_version": task.dataset_version, "answer_aliases": json.dumps(task.answer_aliases),
        "precision": task.precision, "ordered": task.ordered,
        "answer_columns": json.dumps(task.answer_columns) if task.answer_columns is not None else None,
        "difficulty": task.difficulty, "slots": json.dumps(task.slots), "noise_kind": task.noise_kind,
        "noise_operator": task.noise_operator, "readings": json.dumps(task.readings),
        "unit": task.unit, "correctable": task.correctable, "corrected_answer": json.dumps(task.corrected_answer),
    }


def write_split(tasks: Iterable[Task], dataset_dir: str | Path, split: str, manifest: dict[str, Any] | None = None) -> Path:
    """Write tasks as `<dir>/<split>.parquet` (+ manifest.json if given), via a temporary name."""
    out = Path(dataset_dir)
    out.mkdir(parents=True, exist_ok=True)
    rows = [task_to_row(t) for t in tasks]
    schema = {
        "task_id": pl.String, "pair_id": pl.String, "variant": pl.String, "noise_level": pl.String,
        "intent": pl.String, "level": pl.String, "family": pl.String, "question": pl.String, "answer": pl.String,
        "answer_type": pl.String, "tolerance": pl.Float64, "reference_sql": pl.String, "conditions": pl.String,
        "failed_condition": pl.String, "subject_ids": pl.List(pl.Int64), "split": pl.String,
        "dataset_version": pl.String, "answer_aliases": pl.String, "precision": pl.String, "ordered": pl.Boolean,
        "answer_columns": pl.String, "difficulty": pl.String, "slots": pl.String, "noise_kind": pl.String,
        "noise_operator": pl.String, "readings": pl.String, "unit": pl.String, "correctable": pl.Boolean, "corrected_answer": pl.String,
    }
    path = out / f"{split}.parquet"
    tmp = path.with_suffix(".parquet.tmp")
    pl.DataFrame(rows, schema=schema).write_parquet(tmp)
    tmp.replace(path)
    if manifest is not None:
        mtmp = out / "manifest.json.tmp"
        mtmp.write_text(json.dumps(manifest, indent=2))
        mtmp.replace(out / "manifest.json")
    return path


def pairs_by_id(tasks: Sequence[Task]) -> dict[str, dict[str, Task]]:
    """{pair_id: {"clean": task, "noise": task}}."""
    out: dict[str, dict[str, Task]] = {}
    for t in tasks:
        out.setdefault(t.pair_id, {})[t.variant] = t
    return out


def read_manifest(dataset_dir: str | Path) -> dict[str, Any]:
    path = Path(dataset_dir) / "manifest.json"
    return json.loads(path.read_text()) if path.exists() else {}
