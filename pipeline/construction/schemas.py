"""pandera (polars) schemas of every table the construction produces, derived from the one declaration of each
table (pipeline/construction/layouts.py): a column's type, nullability and value constraints come from there; only
the checks across columns are written here. The Dagster asset checks run them as blocking checks; the split step
also validates the task tables before anything is published."""

from collections.abc import Callable

import pandera.polars as pa
import polars as pl
from pandera.polars import PolarsData

from pipeline.common.layouts import Column, Layout
from pipeline.construction import layouts


def _implies(cond: pl.Expr, then: pl.Expr) -> pl.Expr:
    return ~cond | then


def _column(c: Column) -> pa.Column:
    checks = []
    if c.isin:
        checks.append(pa.Check.isin(list(c.isin)))
    if c.ge is not None:
        checks.append(pa.Check.ge(c.ge))
    if c.startswith is not None:
        checks.append(pa.Check.str_startswith(c.startswith))
    if c.matches is not None:
        checks.append(pa.Check.str_matches(c.matches))
    if c.min_length is not None:
        checks.append(pa.Check.str_length(min_value=c.min_length))
    return pa.Column(c.dtype, checks=checks, nullable=c.nullable, unique=c.unique)


def schema_of(layout: Layout, *frame_checks: pa.Check) -> pa.DataFrameSchema:
    """The pandera schema of a layout: exactly its columns (strict), each with its declared constraints."""
    return pa.DataFrameSchema({c.name: _column(c) for c in layout.columns}, checks=list(frame_checks),
                              strict=True, name=layout.name)


def _frame_check(fn: Callable[[PolarsData], pl.LazyFrame]) -> pa.Check:
    return pa.Check(fn, name=fn.__name__)


@_frame_check
def accepted_have_answer(data: PolarsData) -> pl.LazyFrame:
    acc = pl.col("status") == "accepted"
    return data.lazyframe.select(
        _implies(acc, pl.col("answer").is_not_null() & (pl.col("answer") != "null") & pl.col("reason").is_null())
        & _implies(~acc, pl.col("reason").is_not_null()))


@_frame_check
def patient_level_names_a_patient(data: PolarsData) -> pl.LazyFrame:
    return data.lazyframe.select(_implies(pl.col("level") == "patient", pl.col("subject_ids").list.len() > 0))


@_frame_check
def accepted_pairs_complete(data: PolarsData) -> pl.LazyFrame:
    acc = pl.col("status") == "accepted"
    complete = (pl.col("noise_level").is_not_null() & pl.col("failed_condition").is_not_null()
                & pl.col("answer").is_not_null() & (pl.col("noise_slots") != pl.col("clean_slots"))
                & (pl.col("noise_reference_sql") != pl.col("clean_reference_sql")))
    return data.lazyframe.select(_implies(acc, complete))


@_frame_check
def accepted_questions_differ(data: PolarsData) -> pl.LazyFrame:
    acc = pl.col("status") == "accepted"
    return data.lazyframe.select(_implies(acc, pl.col("clean_question").is_not_null()
                                          & (pl.col("clean_question") != pl.col("noise_question"))))


@_frame_check
def clean_has_answer_noise_has_none(data: PolarsData) -> pl.LazyFrame:
    clean = pl.col("variant") == "clean"
    return data.lazyframe.select(
        _implies(clean, pl.col("answer").is_not_null() & pl.col("failed_condition").is_null())
        & _implies(~clean, pl.col("answer").is_null() & pl.col("failed_condition").is_not_null()))


@_frame_check
def corrected_answer_iff_correctable(data: PolarsData) -> pl.LazyFrame:
    return data.lazyframe.select(pl.col("corrected_answer").is_not_null() == pl.col("correctable").fill_null(False))


FamiliesSchema = schema_of(layouts.FAMILIES)
BindingsSchema = schema_of(layouts.BINDINGS)
ContractsSchema = schema_of(layouts.CONTRACTS, accepted_have_answer, patient_level_names_a_patient)
PairsSchema = schema_of(layouts.PAIRS, accepted_pairs_complete)
RewrittenSchema = schema_of(layouts.REWRITTEN, accepted_pairs_complete, accepted_questions_differ)
TasksSchema = schema_of(layouts.TASKS, clean_has_answer_noise_has_none, corrected_answer_iff_correctable)
RejectionsSchema = schema_of(layouts.REJECTIONS)


def validate(schema: pa.DataFrameSchema, frame: pl.DataFrame) -> pl.DataFrame | None:
    """None when the frame is valid, else the failure cases (a polars frame, good as check metadata)."""
    try:
        schema.validate(frame, lazy=True)
        return None
    except pa.errors.SchemaErrors as e:
        return e.failure_cases
    except pa.errors.SchemaError as e:
        return pl.DataFrame({"failure_case": [str(e)]})
