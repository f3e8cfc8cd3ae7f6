"""Loading Parquet and PhysioNet CSV into DuckDB and PostgreSQL: atomic, keyed, and clear about bad input."""

import datetime as dt
import gzip
from pathlib import Path

import duckdb
import polars as pl
import pytest

from pipeline.ehr.database import connect
from pipeline.ehr.load import LoadError, load_parquet, load_physionet, sort_key
from pipeline.ehr.schema import get_table, mimic_tables

T = dt.datetime


def _rows() -> dict[str, list[dict]]:
    """A handful of hand-written rows: enough to exercise keys, cost and CSV quirks (leading zeros, "" vs NULL)."""
    return {
        "patients": [
            {"subject_id": 10000001, "gender": "F", "anchor_age": 60, "anchor_year": 2150, "anchor_year_group": "2008 - 2010", "dod": None},
            {"subject_id": 10000002, "gender": "M", "anchor_age": 91, "anchor_year": 2160, "anchor_year_group": "2017 - 2019", "dod": dt.date(2161, 1, 2)},
        ],
        "admissions": [
            {"subject_id": 10000001, "hadm_id": 20000001, "admittime": T(2150, 3, 1, 10, 0), "dischtime": T(2150, 3, 5, 12, 0),
             "admission_type": "EW EMER.", "insurance": "", "hospital_expire_flag": 0},
            {"subject_id": 10000002, "hadm_id": 20000002, "admittime": T(2160, 1, 1, 8, 30), "dischtime": T(2160, 1, 3, 9, 0),
             "admission_type": "URGENT", "hospital_expire_flag": 0},
        ],
        "d_icd_diagnoses": [
            {"icd_code": "0389", "icd_version": 9, "long_title": "Septicemia"},
            {"icd_code": "E785", "icd_version": 10, "long_title": "Hyperlipidemia, unspecified"},
        ],
        "diagnoses_icd": [
            {"subject_id": 10000001, "hadm_id": 20000001, "seq_num": 1, "icd_code": "0389", "icd_version": 9},
            {"subject_id": 10000001, "hadm_id": 20000001, "seq_num": 2, "icd_code": "E785", "icd_version": 10},
            {"subject_id": 10000002, "hadm_id": 20000002, "seq_num": 1, "icd_code": "E785", "icd_version": 10},
        ],
        "procedures_icd": [
            {"subject_id": 10000001, "hadm_id": 20000001, "seq_num": 1, "chartdate": dt.date(2150, 3, 2), "icd_code": "3893", "icd_version": 9},
            {"subject_id": 10000002, "hadm_id": 20000002, "seq_num": 1, "chartdate": dt.date(2160, 1, 1), "icd_code": "0BH17EZ", "icd_version": 10},
        ],
        "d_labitems": [{"itemid": 50971, "label": "Potassium", "fluid": "Blood", "category": "Chemistry"}],
        "labevents": [
            {"labevent_id": 1, "subject_id": 10000001, "hadm_id": 20000001, "specimen_id": 7, "itemid": 50971,
             "charttime": T(2150, 3, 1, 11, 0), "storetime": T(2150, 3, 1, 12, 0), "value": "5.9", "valuenum": 5.9,
             "valueuom": "mEq/L", "ref_range_lower": 3.3, "ref_range_upper": 5.1, "flag": "abnormal", "priority": "STAT"},
            {"labevent_id": 2, "subject_id": 10000001, "hadm_id": None, "specimen_id": 8, "itemid": 50971,
             "charttime": T(2150, 2, 1, 11, 0), "storetime": T(2150, 2, 1, 12, 0), "value": "4.1", "valuenum": 4.1,
             "valueuom": "mEq/L", "ref_range_lower": 3.3, "ref_range_upper": 5.1},
        ],
        "prescriptions": [
            {"subject_id": 10000001, "hadm_id": 20000001, "pharmacy_id": 1001, "drug_type": "MAIN", "drug": "Insulin",
             "starttime": T(2150, 3, 1, 13, 0), "dose_val_rx": "0", "dose_unit_rx": "UNIT", "route": "SC"},
            {"subject_id": 10000001, "hadm_id": 20000001, "pharmacy_id": 1002, "drug_type": "MAIN", "drug": "Vancomycin",
             "starttime": T(2150, 3, 1, 14, 0), "dose_val_rx": "1000", "dose_unit_rx": "mg", "route": "IV"},
            {"subject_id": 10000001, "hadm_id": 20000001, "pharmacy_id": 1002, "drug_type": "BASE", "drug": "0.9% Sodium Chloride",
             "starttime": T(2150, 3, 1, 14, 0), "dose_val_rx": "250", "dose_unit_rx": "mL", "route": "IV"},
        ],
    }


def write_handmade_parquet(out: Path) -> Path:
    """The staging layout <out>/<module>/<table>/part-00000.parquet for all 31 tables (most empty)."""
    rows = _rows()
    for t in mimic_tables():
        data = rows.get(t.name, [])
        frame = pl.DataFrame([{c: r.get(c) for c in t.column_names} for r in data], schema=t.polars_schema) if data \
            else pl.DataFrame(schema=t.polars_schema)
        d = out / t.module / t.name
        d.mkdir(parents=True, exist_ok=True)
        frame.write_parquet(d / "part-00000.parquet")
    return out


@pytest.fixture
def handmade(tmp_path: Path) -> Path:
    return write_handmade_parquet(tmp_path / "parquet")


def test_duckdb_load_counts_keys_and_atomic_file(handmade: Path, tmp_path: Path) -> None:
    db = tmp_path / "ehr.duckdb"
    report = load_parquet(handmade, f"duckdb:///{db}")
    assert report.rows["mimiciv_hosp.patients"] == 2
    assert report.rows["mimiciv_derived.cost"] == 3 + 1 + 2 + 3  # the lab without hadm_id is not charged
    assert db.exists() and not Path(str(db) + ".tmp").exists()
    with connect(f"duckdb:///{db}") as con:
        assert con.scalar("SELECT insurance FROM mimiciv_hosp.admissions WHERE hadm_id = 20000001") == ""
        assert con.scalar("SELECT icd_code FROM mimiciv_hosp.diagnoses_icd WHERE seq_num = 1 AND hadm_id = 20000001") == "0389"
    raw = duckdb.connect(str(db), read_only=True)
    pks = raw.execute("SELECT COUNT(*) FROM duckdb_constraints() WHERE constraint_type = 'PRIMARY KEY'").fetchone()[0]
    raw.close()
    assert pks == 24


def test_duckdb_load_failure_leaves_previous_file(handmade: Path, tmp_path: Path) -> None:
    db = tmp_path / "ehr.duckdb"
    load_parquet(handmade, f"duckdb:///{db}")
    before = db.read_bytes()
    # duplicate primary key → the build fails, the old file stays, no temp file is left
    dup = pl.read_parquet(handmade / "hosp" / "patients" / "part-00000.parquet")
    pl.concat([dup, dup]).write_parquet(handmade / "hosp" / "patients" / "part-00000.parquet")
    with pytest.raises(LoadError, match="patients"):
        load_parquet(handmade, f"duckdb:///{db}")
    assert db.read_bytes() == before
    assert not Path(str(db) + ".tmp").exists()


def test_sort_key_is_patient_first() -> None:
    assert sort_key(get_table("labevents"))[:2] == ["subject_id", "hadm_id"]
    assert sort_key(get_table("d_icd_diagnoses")) == ["icd_code", "icd_version"]


@pytest.mark.postgres
def test_postgres_load_swaps_in_atomically(handmade: Path, pg_database: str) -> None:
    report = load_parquet(handmade, pg_database)
    assert report.rows["mimiciv_derived.cost"] == 9
    with connect(pg_database) as db:
        assert db.scalar("SELECT COUNT(*) FROM mimiciv_hosp.prescriptions") == 3
        assert db.scalar("SELECT COUNT(*) FROM pg_namespace WHERE nspname LIKE '%_loading'") == 0
        assert db.scalar("SELECT COUNT(*) FROM pg_constraint WHERE contype = 'f' AND convalidated") == _n_fks()
        assert db.scalar("SELECT insurance FROM mimiciv_hosp.admissions WHERE hadm_id = 20000001") == ""
    # a failing reload (orphan FK) keeps the loaded database and leaves no staging schema
    adm = pl.read_parquet(handmade / "hosp" / "admissions" / "part-00000.parquet")
    adm.with_columns(pl.lit(99999999, pl.Int32).alias("subject_id")).write_parquet(
        handmade / "hosp" / "admissions" / "part-00000.parquet")
    with pytest.raises(LoadError, match="admissions"):
        load_parquet(handmade, pg_database)
    with connect(pg_database) as db:
        assert db.scalar("SELECT COUNT(*) FROM mimiciv_hosp.admissions WHERE subject_id = 10000001") == 1
        assert db.scalar("SELECT COUNT(*) FROM pg_namespace WHERE nspname LIKE '%_loading'") == 0


def _n_fks() -> int:
    from pipeline.ehr.schema import ddl_statements

    return sum("FOREIGN KEY" in s for s in ddl_statements("constraints"))


def _write_physionet(root: Path, parquet: Path) -> None:
    """PhysioNet layout from the hand-made parquet, written with polars (independent of export.py)."""
    for t in mimic_tables():
        frame = pl.read_parquet(parquet / t.module / t.name / "part-00000.parquet")
        (root / t.module).mkdir(parents=True, exist_ok=True)
        text = frame.write_csv(datetime_format="%Y-%m-%d %H:%M:%S", date_format="%Y-%m-%d")
        with gzip.open(root / t.module / f"{t.name}.csv.gz", "wt") as f:
            f.write(text)


@pytest.mark.parametrize("backend", ["duckdb", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_load_physionet_and_errors(handmade: Path, tmp_path: Path, backend: str, request: pytest.FixtureRequest) -> None:
    src = tmp_path / "physionet"
    _write_physionet(src, handmade)
    (src / "hosp" / "provider.csv.gz").unlink()  # optional table: loads empty with a warning
    url = f"duckdb:///{tmp_path / 'p.duckdb'}" if backend == "duckdb" else request.getfixturevalue("pg_database")
    report = load_physionet(src, url)
    assert report.rows["mimiciv_hosp.diagnoses_icd"] == 3 and report.rows["mimiciv_hosp.provider"] == 0
    assert any("provider" in w for w in report.warnings)
    with connect(url) as db:
        assert db.scalar("SELECT RTRIM(icd_code) FROM mimiciv_hosp.d_icd_diagnoses WHERE icd_version = 9") == "0389"
        assert db.scalar("SELECT insurance FROM mimiciv_hosp.admissions WHERE hadm_id = 20000001") == ""
        assert db.scalar("SELECT COUNT(*) FROM mimiciv_hosp.admissions WHERE insurance IS NULL") == 1
        first = db.table_row_counts()

    # missing column: named, nothing changed
    labs = src / "hosp" / "labevents.csv.gz"
    with gzip.open(labs, "rt") as f:
        text = f.read().replace("valueuom,", "", 1)
    with gzip.open(labs, "wt") as f:
        f.write(text)
    with pytest.raises(LoadError, match=r"labevents.csv.gz: missing column 'valueuom'"):
        load_physionet(src, url)
    # missing table: named
    labs.unlink()
    with pytest.raises(LoadError, match=r"missing table mimiciv_hosp.labevents"):
        load_physionet(src, url)
    with connect(url) as db:
        assert db.table_row_counts() == first
