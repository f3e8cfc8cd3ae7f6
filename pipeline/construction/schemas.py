"""pandera (polars) schemas of every table the construction produces. The Dagster asset checks run them as
blocking checks; the split step also validates the task tables before anything is published."""

import pandera.polars as pa
import polars as pl
from pandera.polars import PolarsData

from pipeline.common import vocabulary

INTENTS, LEVELS, NOISE_LEVELS = list(vocabulary.INTENTS), list(vocabulary.LEVELS), list(vocabulary.NOISE_LEVELS)
STATUS, ANSWER_TYPES, VARIANTS = list(vocabulary.STATUSES), list(vocabulary.ANSWER_TYPES), list(vocabulary.VARIANTS)
NOISE_KINDS, SPLITS = list(vocabulary.NOISE_KINDS), list(vocabulary.SPLITS)


def _implies(cond: pl.Expr, then: pl.Expr) -> pl.Expr:
    return ~cond | then


class FamiliesSchema(pa.DataFrameModel):
    family: str = pa.Field(unique=True)
    intent: str = pa.Field(isin=INTENTS)
    level: str = pa.Field(isin=LEVELS)
    path: str
    n_conditions: int = pa.Field(ge=1)
    noise_levels: str
    n_questions: int = pa.Field(ge=3)
    spec: str

    class Config:
        strict = True


class BindingsSchema(pa.DataFrameModel):
    binding_id: str = pa.Field(unique=True)
    family: str
    intent: str = pa.Field(isin=INTENTS)
    level: str = pa.Field(isin=LEVELS)
    slots: str = pa.Field(str_startswith="{")
    n_candidates: int = pa.Field(ge=1)

    class Config:
        strict = True


class ContractsSchema(pa.DataFrameModel):
    contract_id: str = pa.Field(unique=True)
    family: str
    intent: str = pa.Field(isin=INTENTS)
    level: str = pa.Field(isin=LEVELS)
    slots: str
    status: str = pa.Field(isin=STATUS)
    reason: str = pa.Field(nullable=True)
    detail: str = pa.Field(nullable=True)
    answer: str = pa.Field(nullable=True)
    answer_type: str = pa.Field(isin=ANSWER_TYPES)
    tolerance: float = pa.Field(ge=0)
    precision: str = pa.Field(nullable=True)
    ordered: bool
    answer_aliases: str
    reference_sql: str
    conditions: str = pa.Field(str_startswith="[")
    subject_ids: pl.List(pl.Int64)
    readings: str = pa.Field(str_startswith="[")

    @pa.dataframe_check
    def accepted_have_answer(cls, data: PolarsData) -> pl.LazyFrame:
        acc = pl.col("status") == "accepted"
        return data.lazyframe.select(
            _implies(acc, pl.col("answer").is_not_null() & (pl.col("answer") != "null") & pl.col("reason").is_null())
            & _implies(~acc, pl.col("reason").is_not_null()))

    @pa.dataframe_check
    def patient_level_names_a_patient(cls, data: PolarsData) -> pl.LazyFrame:
        return data.lazyframe.select(_implies(pl.col("level") == "patient", pl.col("subject_ids").list.len() > 0))


class PairsSchema(pa.DataFrameModel):
    pair_id: str = pa.Field(unique=True)
    family: str
    intent: str = pa.Field(isin=INTENTS)
    level: str = pa.Field(isin=LEVELS)
    noise_level: str = pa.Field(isin=NOISE_LEVELS, nullable=True)
    noise_options: str = pa.Field(nullable=True)
    clean_slots: str
    noise_slots: str = pa.Field(nullable=True)
    failed_condition: str = pa.Field(nullable=True)
    answer: str = pa.Field(nullable=True)
    answer_type: str = pa.Field(nullable=True)
    tolerance: float = pa.Field(nullable=True)
    precision: str = pa.Field(nullable=True)
    ordered: bool = pa.Field(nullable=True)
    answer_aliases: str = pa.Field(nullable=True)
    answer_columns: str = pa.Field(nullable=True)
    clean_reference_sql: str = pa.Field(nullable=True)
    noise_reference_sql: str = pa.Field(nullable=True)
    clean_conditions: str = pa.Field(nullable=True)
    noise_conditions: str = pa.Field(nullable=True)
    subject_ids: pl.List(pl.Int64)
    correctable: bool = pa.Field(nullable=True)  # the drop-one reading finds the Clean answer (noise/drop_one.py)
    corrected_answer: str = pa.Field(nullable=True)
    status: str = pa.Field(isin=STATUS)
    reason: str = pa.Field(nullable=True)
    detail: str = pa.Field(nullable=True)

    @pa.dataframe_check
    def accepted_pairs_complete(cls, data: PolarsData) -> pl.LazyFrame:
        acc = pl.col("status") == "accepted"
        return data.lazyframe.select(_implies(acc, pl.col("noise_level").is_not_null() & pl.col("failed_condition").is_not_null()
                                              & pl.col("answer").is_not_null() & (pl.col("noise_slots") != pl.col("clean_slots"))
                                              & (pl.col("noise_reference_sql") != pl.col("clean_reference_sql"))))


class RewrittenSchema(PairsSchema):
    form: int = pa.Field(ge=0)
    rewriter: str
    clean_question: str = pa.Field(nullable=True)
    noise_question: str = pa.Field(nullable=True)

    @pa.dataframe_check
    def accepted_questions_differ(cls, data: PolarsData) -> pl.LazyFrame:
        acc = pl.col("status") == "accepted"
        return data.lazyframe.select(_implies(acc, pl.col("clean_question").is_not_null()
                                              & (pl.col("clean_question") != pl.col("noise_question"))))


class TasksSchema(pa.DataFrameModel):
    task_id: str = pa.Field(unique=True)
    pair_id: str
    variant: str = pa.Field(isin=VARIANTS)
    noise_level: str = pa.Field(isin=NOISE_LEVELS)
    intent: str = pa.Field(isin=INTENTS)
    level: str = pa.Field(isin=LEVELS)
    family: str
    difficulty: str = pa.Field(isin=["easy", "medium", "hard"])
    question: str = pa.Field(str_length={"min_value": 10})
    answer: str = pa.Field(nullable=True)
    answer_type: str = pa.Field(isin=ANSWER_TYPES)
    tolerance: float = pa.Field(ge=0)
    reference_sql: str
    conditions: str = pa.Field(str_startswith="[")
    failed_condition: str = pa.Field(nullable=True)
    subject_ids: pl.List(pl.Int64)
    split: str = pa.Field(isin=SPLITS)
    dataset_version: str
    answer_aliases: str
    precision: str = pa.Field(nullable=True)
    ordered: bool
    slots: str
    answer_columns: str = pa.Field(nullable=True)
    rewriter: str
    noise_kind: str = pa.Field(isin=NOISE_KINDS)
    noise_operator: str = pa.Field(str_matches=r"^(record|value|query):\w+:\S+$")
    readings: str = pa.Field(str_startswith="[")
    correctable: bool = pa.Field(nullable=True)  # Noise rows: the drop-one verdict (null: not formed); Clean: null
    corrected_answer: str = pa.Field(nullable=True)  # Noise rows that are correctable: the drop-one answer

    @pa.dataframe_check
    def clean_has_answer_noise_has_none(cls, data: PolarsData) -> pl.LazyFrame:
        clean = pl.col("variant") == "clean"
        return data.lazyframe.select(
            _implies(clean, pl.col("answer").is_not_null() & pl.col("failed_condition").is_null())
            & _implies(~clean, pl.col("answer").is_null() & pl.col("failed_condition").is_not_null()))

    @pa.dataframe_check
    def corrected_answer_iff_correctable(cls, data: PolarsData) -> pl.LazyFrame:
        return data.lazyframe.select(pl.col("corrected_answer").is_not_null() == pl.col("correctable").fill_null(False))

    class Config:
        strict = True


class RejectionsSchema(pa.DataFrameModel):
    stage: str = pa.Field(isin=["verification", "noise", "rewriting"])
    item_id: str
    family: str
    intent: str = pa.Field(isin=INTENTS)
    level: str = pa.Field(isin=LEVELS)
    reason: str
    detail: str = pa.Field(nullable=True)
    slots: str
    dataset_version: str

    class Config:
        strict = True


def validate(model: type[pa.DataFrameModel], frame: pl.DataFrame) -> pl.DataFrame | None:
    """None when the frame is valid, else the failure cases (a polars frame, good as check metadata)."""
    try:
        model.validate(frame, lazy=True)
        return None
    except pa.errors.SchemaErrors as e:
        return e.failure_cases
    except pa.errors.SchemaError as e:
        return pl.DataFrame({"failure_case": [str(e)]})
