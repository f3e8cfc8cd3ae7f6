"""The family SQL linter (tools/lint_sql.py, run by `make lint`) finds what it is there to find."""

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def lint():
    spec = importlib.util.spec_from_file_location("lint_sql", ROOT / "tools" / "lint_sql.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_sqlfluff_flags_house_style_breaks_and_passes_the_style(lint):
    found = lint._lint(("x.sql", "select a.hadm_id FROM mimiciv_hosp.admissions a WHERE a.subject_id = {{subject_id}}\n"))
    assert [code for _, code, _ in found] == ["CP01"]
    assert lint._lint(("y.sql", "SELECT a.hadm_id FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.patients p\n"
                                "  ON p.subject_id = a.subject_id WHERE EXISTS (SELECT 1 FROM mimiciv_hosp.drgcodes d\n"
                                "  WHERE d.hadm_id = a.hadm_id)\n")) == []


def test_stored_text_is_references_conditions_and_what_they_include(lint):
    files = sorted(str(p.relative_to(lint.SQL)) for p in lint.SQL.rglob("*.sql"))
    stored = lint.stored_files(files)
    assert "fragments/charlson_flags.sql" in stored  # through fragments/charlson_index_steps.sql
    assert "fragments/lab_label.sql" not in stored and not any(f.endswith(".bind.sql") for f in stored)
    assert lint.long_lines(files, stored) == []
    assert lint.long_lines(files, set()), "stored text has lines over 120 (kept for the dataset's bytes)"
