"""The construction's tables, each declared once (columns in file order, types, constraints): the steps build
their frames from `LAYOUT.schema()`, pipeline/construction/schemas.py derives the pandera checks from the same
declaration. The id of an item is `pair_id` from binding to split (a binding, its contract and its pair share it;
its tasks are `<pair_id>-clean` and `<pair_id>-noise`)."""

import polars as pl

from pipeline.common import vocabulary
from pipeline.common.layouts import (
    NOISE_OPERATOR_PATTERN,
    REJECTIONS,
    SUBJECT_IDS,
    TASKS,
    Column,
    Layout,
    string,
)

__all__ = ["BINDINGS", "CONTRACTS", "FAMILIES", "PAIRS", "REJECTIONS", "REWRITTEN", "TASKS"]


_INTENT, _LEVEL = string("intent", isin=vocabulary.INTENTS), string("level", isin=vocabulary.LEVELS)

FAMILIES = Layout("FamiliesSchema", (
    string("family", unique=True), _INTENT, _LEVEL, string("path"), Column("n_conditions", pl.Int64(), ge=1),
    string("noise_levels"), Column("n_questions", pl.Int64(), ge=3), string("spec"),
))

BINDINGS = Layout("BindingsSchema", (
    string("pair_id", unique=True), string("family"), _INTENT, _LEVEL, string("slots", startswith="{"),
    Column("n_candidates", pl.Int64(), ge=1),
))

CONTRACTS = Layout("ContractsSchema", (
    string("pair_id", unique=True), string("family"), _INTENT, _LEVEL, string("slots"),
    string("status", isin=vocabulary.STATUSES), string("reason", nullable=True), string("detail", nullable=True),
    string("answer", nullable=True), string("answer_type", isin=vocabulary.ANSWER_TYPES),
    Column("tolerance", pl.Float64(), ge=0), string("precision", nullable=True), Column("ordered", pl.Boolean()),
    string("answer_aliases"), string("reference_sql"), string("conditions", startswith="["), SUBJECT_IDS,
    string("readings", startswith="["),
    string("reading_effects", startswith="["),  # the readings whose answer differed from the reference's
))

# accepted pairs and the contracts that got no noise twin (their twin's columns null)
PAIRS = Layout("PairsSchema", (
    string("pair_id", unique=True), string("family"), _INTENT, _LEVEL,
    string("noise_level", isin=vocabulary.NOISE_LEVELS, nullable=True), string("noise_options", nullable=True),
    string("clean_slots"), string("noise_slots", nullable=True), string("failed_condition", nullable=True),
    string("answer", nullable=True), string("answer_type", isin=vocabulary.ANSWER_TYPES, nullable=True),
    Column("tolerance", pl.Float64(), ge=0, nullable=True), string("precision", nullable=True),
    Column("ordered", pl.Boolean(), nullable=True), string("answer_aliases", nullable=True),
    string("answer_columns", nullable=True), string("clean_reference_sql", nullable=True),
    string("noise_reference_sql", nullable=True), string("clean_conditions", nullable=True),
    string("noise_conditions", nullable=True), SUBJECT_IDS,
    string("noise_kind", isin=vocabulary.NOISE_KINDS, nullable=True),
    string("noise_operator", matches=NOISE_OPERATOR_PATTERN, nullable=True),
    string("clean_readings", startswith="[", nullable=True), string("noise_readings", startswith="[", nullable=True),
    Column("correctable", pl.Boolean(), nullable=True), string("corrected_answer", nullable=True),  # noise/drop_one.py
    string("reading_hits", startswith="{"),  # reading → Noise candidates of this contract it answered
    string("status", isin=vocabulary.STATUSES), string("reason", nullable=True), string("detail", nullable=True),
))

# the pairs with their rewritten questions (status/reason/detail stay last)
REWRITTEN = PAIRS.extended("RewrittenSchema", (
    Column("form", pl.Int64(), ge=0), string("rewriter"), string("clean_question", nullable=True),
    string("noise_question", nullable=True),
), before="status")
