"""`robustgym build` end to end on the tiny EHR: the run is recorded in the Dagster instance at DAGSTER_HOME (what
`make dev` shows), the output is a progress line per step and a short summary, and a bad family or a failing step
fails with one clear line."""

import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import yaml
from dagster import AssetKey, DagsterInstance

from pipeline.assets.progress import BuildProgress
from pipeline.cli import main
from pipeline.construction.requests.family import family_files

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
    # one stored file per family partition
    assert sorted(p.stem for p in (home / "storage" / "robustgym" / "evidence_contracts").glob("*.parquet")) == sorted(
        family_files(DATA / "contracts"))


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


def _clean_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DAGSTER")}
    return {**env, "DAGSTER_HOME": str(home)}


def test_build_cli_is_quiet_and_short(tiny_duckdb_url, tmp_path):
    """From a fresh DAGSTER_HOME, not on a terminal (as in CI): one line per step, then the summary; no Dagster
    events, alembic lines, telemetry banner or dagster.yaml warning, no carriage returns. The instance gets its
    dagster.yaml with telemetry off."""
    home = tmp_path / "fresh_home"
    cmd = [sys.executable, "-m", "pipeline.cli", "build", "--db", tiny_duckdb_url, "--no-generate",
           "--config", str(_config(tmp_path, DATA / "contracts")), "--outputs", str(tmp_path / "out"),
           "--explain-sql", str(tmp_path / "explain")]
    proc = subprocess.run(cmd, env=_clean_env(home), capture_output=True, text=True, timeout=600)
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, output
    lines = output.splitlines()
    assert len(lines) <= 40, output
    assert "\r" not in output
    for noise in ("DEBUG", "alembic", "Telemetry", "dagster.yaml", "Traceback", "STEP_START"):
        assert noise not in output, noise
    steps = [line for line in proc.stderr.splitlines() if line.startswith("build [")]
    assert [s.split("]")[0] + "]" for s in steps] == [f"build [{i}/6" + "]" for i in range(1, 7)], proc.stderr
    assert f"written to {tmp_path / 'out' / 'cli'}" in proc.stdout
    assert re.search(r"^\d+ pairs / \d+ tasks from \d+ families; pairs by split: train \d+, test \d+$", proc.stdout, re.M)
    assert re.search(r"^checks: (\d+)/\1 passed$", proc.stdout, re.M), proc.stdout
    assert yaml.safe_load((home / "dagster.yaml").read_text()) == {"telemetry": {"enabled": False}}
    assert (tmp_path / "explain" / "index.tsv").exists()


def _broken_contracts(tmp: Path) -> tuple[Path, Path]:
    """The test families with one binding query that validates but fails when it runs."""
    contracts, sql = tmp / "contracts", tmp / "sql"
    shutil.copytree(DATA / "contracts", contracts)
    shutil.copytree(DATA / "sql", sql)
    bind = sql / "labs" / "first_value_in_admission.bind.sql"
    bind.write_text(bind.read_text().replace("WHERE ", "WHERE l.itemid = CAST('itemid_gone' AS INTEGER) AND "))
    cfg = tmp / "build.yaml"
    cfg.write_text(yaml.safe_dump({"contracts_dir": str(contracts), "sql_dir": str(sql), "per_family_cap": 15,
                                   "version": "cli"}))
    return cfg, tmp / "out"


def test_build_cli_failure_is_one_clear_line(tiny_duckdb_url, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "dagster_home"))
    cfg, out = _broken_contracts(tmp_path)
    args = ["build", "--db", tiny_duckdb_url, "--no-generate", "--config", str(cfg), "--outputs", str(out)]
    assert main(args) == 1
    captured = capsys.readouterr()
    errors = [line for line in (captured.out + captured.err).splitlines() if "error" in line.lower()]
    assert len(errors) == 1 and errors == captured.err.splitlines()[-1:], captured
    assert re.fullmatch(r"robustgym build: error: step bound_requests failed: labs\.first_value_in_admission: "
                        r"binding query labs/first_value_in_admission\.bind\.sql: .*itemid_gone.*", errors[0])
    assert len((captured.out + captured.err).splitlines()) <= 3 and not (out / "cli").exists()
    # with -v: Dagster's events, and the whole error
    assert main(["-v", *args]) == 1
    verbose = capsys.readouterr()
    assert "STEP_FAILURE" in verbose.err and verbose.err.splitlines()[-1] == errors[0]


def test_progress_display_on_a_terminal_and_off_it():
    steps = ("EHR", "bind", "verify", "noise", "rewrite", "split")
    for tty in (True, False):
        stream = io.StringIO()
        progress = BuildProgress(stream, tty=tty)
        for name in steps:
            progress.step(name)
            progress.add_total(3)
            for _ in range(3):
                progress.advance()
        progress.close()
        assert list(progress.seconds) == list(steps)
        text = stream.getvalue()
        if tty:
            # one line redrawn in place (updates are throttled: the families done are not all drawn here)
            assert all(f"\rbuild [{i}/6] {name} | " in text for i, name in enumerate(steps, 1))
            assert "/3 families | " in text and "\n" not in text
        else:
            assert "\r" not in text and len(text.splitlines()) == 6
            assert text.splitlines()[1].startswith("build [2/6] bind: 3/3 families in ")
