"""Every one of the MIMIC community's 65 derived concepts (mimic-code's DuckDB SQL) builds non-empty on the default
synthetic EHR (3,000 patients): vasopressors, inotropes, neuromuscular blockade, ARBs, ICP, code status, CRRT and the
scores all find the data they look for. The concept files are read from ../shared/reference next to the repository
(where CI and the worktrees keep them); the test is skipped when that folder is absent."""

import re
from pathlib import Path

import duckdb
import pytest
from synth_duck import parquet_to_duckdb

from pipeline.ehr.synth import SCALE_PRESETS, generate_parquet

CONCEPTS = Path(__file__).resolve().parents[1].parent / "shared" / "reference" / "mimic-code" / "concepts_duckdb"


def _concept_files() -> list[Path]:
    """The files in the order mimic-code's duckdb.sql reads them (dependencies first)."""
    order = re.findall(r"^\.read\s+(\S+)", (CONCEPTS / "duckdb.sql").read_text(), flags=re.M)
    return [CONCEPTS / rel for rel in order]


@pytest.mark.skipif(not (CONCEPTS / "duckdb.sql").is_file(),
                    reason=f"mimic-code concepts not found at {CONCEPTS} (shared/reference is not beside the repository)")
def test_all_65_concepts_non_empty_on_default_ehr(tmp_path: Path) -> None:
    generate_parquet(SCALE_PRESETS["default"], 0, tmp_path / "parquet", workers=2)
    db = parquet_to_duckdb(tmp_path / "parquet", tmp_path / "ehr.duckdb")
    con = duckdb.connect(str(db))
    try:
        con.execute("CREATE SCHEMA IF NOT EXISTS mimiciv_derived")
        files = _concept_files()
        assert len(files) == 65
        tables = []
        for f in files:
            sql = f.read_text()
            con.execute(sql)
            tables += re.findall(r"CREATE TABLE mimiciv_derived\.(\w+)", sql)
        counts = {t: con.execute(f"SELECT COUNT(*) FROM mimiciv_derived.{t}").fetchone()[0] for t in tables}
    finally:
        con.close()
    assert len(counts) == 65
    empty = sorted(t for t, n in counts.items() if n == 0)
    assert not empty, f"empty concepts: {empty}"
