"""Each table is declared once (pipeline/common/layouts.py, pipeline/construction/layouts.py): the polars schema
the steps build with and the pandera schema the checks run are both derived from that declaration."""

import polars as pl
import pytest

from pipeline.common import vocabulary
from pipeline.common.layouts import Column, Layout
from pipeline.construction import layouts, schemas

TABLES = [(layouts.FAMILIES, schemas.FamiliesSchema), (layouts.BINDINGS, schemas.BindingsSchema),
          (layouts.CONTRACTS, schemas.ContractsSchema), (layouts.PAIRS, schemas.PairsSchema),
          (layouts.REWRITTEN, schemas.RewrittenSchema), (layouts.TASKS, schemas.TasksSchema),
          (layouts.REJECTIONS, schemas.RejectionsSchema)]


@pytest.mark.parametrize(("layout", "schema"), TABLES, ids=[t[0].name for t in TABLES])
def test_pandera_schema_is_the_layout(layout, schema):
    assert list(schema.columns) == layout.names
    assert schema.strict is True and schema.name == layout.name
    for c in layout.columns:
        assert schema.columns[c.name].nullable == c.nullable, c.name


def test_the_id_is_pair_id_from_binding_to_split():
    for layout in (layouts.BINDINGS, layouts.CONTRACTS, layouts.PAIRS, layouts.REWRITTEN, layouts.TASKS,
                   layouts.REJECTIONS):
        assert "pair_id" in layout.names, layout.name
        assert not {"binding_id", "contract_id", "item_id"} & set(layout.names), layout.name


def test_pairs_carry_the_noise_metadata_the_tasks_take():
    for name in ("noise_kind", "noise_operator", "clean_readings", "noise_readings"):
        assert name in layouts.PAIRS.names and name in layouts.REWRITTEN.names
    assert layouts.REWRITTEN.names[-3:] == ["status", "reason", "detail"]


def _task(variant: str, **over: object) -> dict:
    row = {
        "task_id": f"p1-{variant}", "pair_id": "p1", "variant": variant, "noise_level": "record",
        "intent": "labs", "level": "patient", "family": "labs.min_on_day", "question": "What was the lowest value?",
        "difficulty": "easy", "answer": "1.0" if variant == "clean" else None, "answer_type": "number",
        "tolerance": 0.0, "reference_sql": "SELECT 1", "conditions": "[]",
        "failed_condition": None if variant == "clean" else "lab_measured", "subject_ids": [1], "split": "test",
        "dataset_version": "v1", "answer_aliases": "[]", "precision": None, "ordered": False, "slots": "{}",
        "answer_columns": None, "rewriter": "template", "noise_kind": "content",
        "noise_operator": "record:lab_measured:labs/noise_x", "readings": "[]",
    }
    return {**row, **over}


def _tasks(*rows: dict) -> pl.DataFrame:
    return pl.DataFrame(list(rows), schema=layouts.TASKS.schema())


def test_tasks_schema_accepts_a_valid_pair():
    assert schemas.validate(schemas.TasksSchema, _tasks(_task("clean"), _task("noise"))) is None


@pytest.mark.parametrize(("column", "value"), [
    ("difficulty", "trivial"),  # the tiers come from vocabulary.DIFFICULTIES
    ("noise_kind", "other"), ("noise_operator", "record lab"), ("question", "short"), ("conditions", "{}"),
    ("column_missing", None),
])
def test_tasks_schema_rejects_a_bad_cell(column, value):
    frame = _tasks(_task("clean"), _task("noise"))
    frame = frame.drop("noise_kind") if column == "column_missing" else frame.with_columns(pl.lit(value).alias(column))
    assert schemas.validate(schemas.TasksSchema, frame) is not None


def test_tiers_are_the_vocabulary_s():
    assert layouts.TASKS.names.count("difficulty") == 1
    col = next(c for c in layouts.TASKS.columns if c.name == "difficulty")
    assert col.isin == vocabulary.DIFFICULTIES


def test_pairs_schema_is_strict_about_the_noise_metadata():
    row = {c: None for c in layouts.PAIRS.names} | {
        "pair_id": "p1", "family": "f", "intent": "labs", "level": "patient", "clean_slots": "{}",
        "subject_ids": [1], "status": "rejected", "reason": "no_valid_noise_twin", "reading_hits": "{}"}
    frame = pl.DataFrame([row], schema=layouts.PAIRS.schema())
    assert schemas.validate(schemas.PairsSchema, frame) is None
    assert schemas.validate(schemas.PairsSchema, frame.drop("noise_readings")) is not None
    assert schemas.validate(schemas.PairsSchema, frame.with_columns(pl.lit(None, pl.Utf8).alias("reading_hits"))) is not None
    assert schemas.validate(schemas.PairsSchema, frame.with_columns(pl.lit("other").alias("noise_kind"))) is not None


def test_a_column_declared_twice_is_an_error():
    with pytest.raises(ValueError, match="declared twice"):
        Layout("T", (Column("a", pl.String()), Column("a", pl.Int64())))
    with pytest.raises(ValueError, match="declared twice"):
        layouts.PAIRS.extended("X", (Column("status", pl.String()),), before="reason")


def test_format_md_names_every_published_column():
    """contracts/FORMAT.md describes the published rows in prose: every declared column must be named there."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "contracts" / "FORMAT.md").read_text()
    for title, layout in (("**Dataset rows**", layouts.TASKS), ("**Rejection rows**", layouts.REJECTIONS)):
        para = text.split(title, 1)[1].split("\n**", 1)[0]
        named = set(re.findall(r"\w+", para))
        missing = [c for c in layout.names if c not in named]
        assert not missing, f"contracts/FORMAT.md's {title} paragraph does not name {missing}"
