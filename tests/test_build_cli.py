"""`robustgym build` end to end on the tiny EHR: the run is recorded in the Dagster instance at DAGSTER_HOME (what
`make dev` shows), the counts table is printed, and a bad family fails with file, line and field."""

import shutil
from pathlib import Path

import yaml
from dagster import AssetKey, DagsterInstance

from pipeline.cli import main

DATA = Path(__file__).parent / "data" / "families"


def _config(tmp: Path, contracts: Path) -> Path:
    cfg = tmp / "build.yaml"
    cfg.write_text(yaml.safe_dump({"contracts_dir": str(contracts), "sql_dir": str(DATA / "sql"),
                                   "per_family_cap": 15, "version": "cli"}))
    return cfg


def test_build_cli_records_run(tiny_duckdb_url, tmp_path, monkeypatch, capsys):
    home = tmp_path / "dagster_home"
    monkeypatch.setenv("DAGSTER_HOME", str(home))
    code = main(["build", "--db", tiny_duckdb_url, "--no-generate", "--config", str(_config(tmp_path, DATA / "contracts")),
                 "--outputs-dir", str(tmp_path / "out")])
    out = capsys.readouterr().out
    assert code == 0, out
    assert f"written to {tmp_path / 'out' / 'cli'}" in out and "| intent | level | record | value | query | pairs |" in out
    assert (tmp_path / "out" / "cli" / "manifest.json").exists()
    with DagsterInstance.get() as instance:
        runs = instance.get_runs()
        assert len(runs) == 1 and runs[0].is_success
        assert instance.get_latest_materialization_event(AssetKey("dataset_split")) is not None
    assert (home / "storage" / "robustgym" / "evidence_contracts.parquet").exists()


def test_build_cli_bad_family(tiny_duckdb_url, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "dagster_home"))
    contracts = tmp_path / "contracts"
    shutil.copytree(DATA / "contracts", contracts)
    bad = contracts / "labs" / "first_value_in_admission.yaml"
    bad.write_text(bad.read_text().replace("intent: labs\n", "intent: labz\n"))
    code = main(["build", "--db", tiny_duckdb_url, "--no-generate", "--config", str(_config(tmp_path, contracts)),
                 "--outputs-dir", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 2
    assert "first_value_in_admission.yaml:3: field 'intent': unknown value 'labz'" in err
    assert not (tmp_path / "out" / "cli").exists()
