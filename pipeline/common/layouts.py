"""Table layouts as data: a table is its columns in file order, each with its polars type and the constraints
its pandera check enforces. The polars schema a step builds its frame with and the pandera schema that checks the
frame are both derived from one `Layout`, so they cannot drift apart.

The dataset's own tables (the task rows of train/test and the rejections) are declared here, at the bottom, because
the gym reads them too; the construction's intermediate tables are in pipeline/construction/layouts.py."""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import polars as pl

from pipeline.common import vocabulary


@dataclass(frozen=True)
class Column:
    """One column: its name and polars type, and what pandera checks of it (nothing beyond the type by default)."""

    name: str
    dtype: pl.DataType
    nullable: bool = False
    unique: bool = False
    isin: tuple[str, ...] = ()
    ge: float | None = None
    startswith: str | None = None
    matches: str | None = None
    min_length: int | None = None


@dataclass(frozen=True)
class Layout:
    """A table: its columns in the order they are written."""

    name: str
    columns: tuple[Column, ...]

    def __post_init__(self) -> None:
        names = [c.name for c in self.columns]
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise ValueError(f"layout {self.name}: column(s) {', '.join(dup)} declared twice")

    @property
    def names(self) -> list[str]:
        return [c.name for c in self.columns]

    def schema(self) -> dict[str, pl.DataType]:
        """The polars schema (column → type, in file order)."""
        return {c.name: c.dtype for c in self.columns}

    def extended(self, name: str, columns: Iterable[Column], *, before: str) -> "Layout":
        """This layout with more columns inserted before the column `before` (a later step's table)."""
        cols = list(self.columns)
        at = self.names.index(before)
        return Layout(name, (*cols[:at], *columns, *cols[at:]))


def string(name: str, **kw: Any) -> Column:
    """A text column (most columns are: JSON columns are text too)."""
    return Column(name, pl.String(), **kw)


SUBJECT_IDS = Column("subject_ids", pl.List(pl.Int64()))
NOISE_OPERATOR_PATTERN = r"^(record|value|query):\w+:\S+$"

# contracts/FORMAT.md, "Dataset rows": one row per task of train.parquet / test.parquet
TASKS = Layout("TasksSchema", (
    string("task_id", unique=True), string("pair_id"), string("variant", isin=vocabulary.VARIANTS),
    string("noise_level", isin=vocabulary.NOISE_LEVELS), string("intent", isin=vocabulary.INTENTS),
    string("level", isin=vocabulary.LEVELS), string("family"), string("question", min_length=10),
    string("difficulty", isin=vocabulary.DIFFICULTIES), string("answer", nullable=True),
    string("answer_type", isin=vocabulary.ANSWER_TYPES), Column("tolerance", pl.Float64(), ge=0),
    string("reference_sql"), string("conditions", startswith="["), string("failed_condition", nullable=True),
    SUBJECT_IDS, string("split", isin=vocabulary.SPLITS), string("dataset_version"), string("answer_aliases"),
    string("precision", nullable=True), Column("ordered", pl.Boolean()), string("slots"),
    string("answer_columns", nullable=True), string("rewriter"), string("noise_kind", isin=vocabulary.NOISE_KINDS),
    string("noise_operator", matches=NOISE_OPERATOR_PATTERN), string("readings", startswith="["),
    # Noise rows: the drop-one verdict (null: no drop-one reading formed) and, when true, the answer it finds
    Column("correctable", pl.Boolean(), nullable=True), string("corrected_answer", nullable=True),
))

# rejections.parquet: every rejected item of every step, under the pair id it would have had
REJECTIONS = Layout("RejectionsSchema", (
    string("stage", isin=vocabulary.STAGES), string("pair_id"), string("family"),
    string("intent", isin=vocabulary.INTENTS), string("level", isin=vocabulary.LEVELS), string("reason"),
    string("detail", nullable=True), string("slots"), string("dataset_version"),
))
