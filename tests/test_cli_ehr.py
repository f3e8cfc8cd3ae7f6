"""`robustgym ehr …` end to end through pipeline.cli.main."""

import json
from pathlib import Path

import pytest
from test_load import write_handmade_parquet

from pipeline.cli import main
from pipeline.ehr.database import connect
from pipeline.ehr.export import export_physionet
from pipeline.ehr.load import load_parquet


def test_load_and_export_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src_db = f"duckdb:///{tmp_path / 'src.duckdb'}"
    load_parquet(write_handmade_parquet(tmp_path / "pq"), src_db)
    export_physionet(src_db, tmp_path / "physionet")

    db = f"duckdb:///{tmp_path / 'ehr.duckdb'}"
    assert main(["ehr", "load", "--source", str(tmp_path / "physionet"), "--db", db]) == 0
    assert "mimiciv_hosp.patients" in capsys.readouterr().out
    out = tmp_path / "again"
    assert main(["ehr", "export", "--db", db, "--out", str(out)]) == 0
    assert (out / "hosp" / "patients.csv.gz").exists() and (out / "icu" / "chartevents.csv.gz").exists()


def test_clear_one_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ehr", "load", "--source", str(tmp_path / "nope"), "--db", f"duckdb:///{tmp_path / 'x.duckdb'}"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "does not exist" in err
    (tmp_path / "empty" / "hosp").mkdir(parents=True)
    assert main(["ehr", "load", "--source", str(tmp_path / "empty"), "--db", f"duckdb:///{tmp_path / 'x.duckdb'}"]) == 2
    assert "missing table mimiciv_hosp.admissions" in capsys.readouterr().err
    assert not (tmp_path / "x.duckdb").exists()


def test_generate_if_absent_and_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db_path = tmp_path / "ehr.duckdb"
    db = f"duckdb:///{db_path}"
    assert main(["ehr", "generate", "--patients", "20", "--seed", "3", "--db", db]) == 0
    info = json.loads((tmp_path / "ehr.duckdb.json").read_text())
    assert info["patients"] == 20 and info["seed"] == 3
    mtime = db_path.stat().st_mtime_ns
    capsys.readouterr()
    assert main(["ehr", "generate", "--patients", "20", "--seed", "3", "--db", db, "--if-absent"]) == 0
    assert "nothing to do" in capsys.readouterr().out
    assert db_path.stat().st_mtime_ns == mtime
    with connect(db) as con:
        assert con.scalar("SELECT COUNT(*) FROM mimiciv_hosp.patients") == 20
    assert main(["ehr", "check", "--db", db]) == 0


@pytest.mark.postgres
def test_generate_into_postgres_if_absent(pg_database: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ehr", "generate", "--patients", "10", "--seed", "1", "--db", pg_database]) == 0
    capsys.readouterr()
    assert main(["ehr", "generate", "--patients", "10", "--seed", "1", "--db", pg_database, "--if-absent"]) == 0
    assert "nothing to do" in capsys.readouterr().out
    with connect(pg_database) as con:
        assert con.scalar("SELECT COUNT(*) FROM mimiciv_hosp.patients") == 10


def test_if_absent_regenerates_an_ehr_made_by_other_generator_code(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Same patients and seed but older generator code is not the same EHR: reusing it would break the promise
    that a build from the same config is byte-identical."""
    db_path = tmp_path / "ehr.duckdb"
    db = f"duckdb:///{db_path}"
    assert main(["ehr", "generate", "--patients", "20", "--seed", "3", "--db", db]) == 0
    side = tmp_path / "ehr.duckdb.json"
    info = json.loads(side.read_text())
    assert len(info["generator_fingerprint"]) == 16
    side.write_text(json.dumps({**info, "generator_fingerprint": "0" * 16}))
    capsys.readouterr()
    assert main(["ehr", "generate", "--patients", "20", "--seed", "3", "--db", db, "--if-absent"]) == 0
    assert "nothing to do" not in capsys.readouterr().out
    assert json.loads(side.read_text())["generator_fingerprint"] == info["generator_fingerprint"]
