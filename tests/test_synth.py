"""The synthetic MIMIC-IV generator: schema conformance, determinism, ids, realism invariants, clinical coherence,
chunking. Everything runs on real Parquet files and a real DuckDB file built from them."""

import hashlib
import json
from pathlib import Path

import duckdb
import numpy as np
import polars as pl
import pytest
from synth_duck import parquet_to_duckdb

from pipeline.ehr.check import check_database, invariant_checks
from pipeline.ehr.database import connect
from pipeline.ehr.schema import mimic_tables
from pipeline.ehr.synth import SCALE_PRESETS, generate_parquet, table_files

TINY = SCALE_PRESETS["tiny"]


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("synth_tiny")
    generate_parquet(TINY, 7, out, chunk_patients=20)
    return out


@pytest.fixture(scope="module")
def small_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """200 patients in 2 chunks: enough admissions that every condition occurs."""
    d = tmp_path_factory.mktemp("synth_small")
    generate_parquet(200, 11, d / "parquet", chunk_patients=100)
    return parquet_to_duckdb(d / "parquet", d / "ehr.duckdb")


def _digest(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def test_every_table_written_with_exact_schema(tiny: Path) -> None:
    files = table_files(tiny)
    assert len(files) == 31
    for t in mimic_tables():
        assert files[t.name], f"{t.name} has no parquet file"
        expected = list(t.polars_schema.items())
        for f in files[t.name]:
            got = list(pl.read_parquet_schema(f).items())
            assert got == expected, f"{f} schema differs"
    for t in mimic_tables():
        if t.name.startswith("d_") or t.name in ("provider", "caregiver"):
            assert [p.name for p in files[t.name]] == ["part-00000.parquet"]
        else:
            assert len(files[t.name]) == 3  # 50 patients in chunks of 20


def test_manifest_and_success_marker(tiny: Path) -> None:
    assert (tiny / "_SUCCESS").exists()
    manifest = json.loads((tiny / "manifest.json").read_text())
    assert manifest["patients"] == TINY and manifest["seed"] == 7
    assert set(manifest["rows"]) == {t.name for t in mimic_tables()}
    for name, n in manifest["rows"].items():
        assert sum(pl.scan_parquet(p).select(pl.len()).collect().item() for p in table_files(tiny)[name]) == n
    assert manifest["rows"]["patients"] == TINY
    assert not list(tiny.rglob("*.tmp"))


def test_deterministic_bytes(tiny: Path, tmp_path: Path) -> None:
    generate_parquet(TINY, 7, tmp_path / "again", chunk_patients=20)
    assert _digest(tiny) == _digest(tmp_path / "again")
    generate_parquet(TINY, 8, tmp_path / "other", chunk_patients=20)
    a = pl.read_parquet(tiny / "hosp" / "labevents" / "part-00000.parquet")
    b = pl.read_parquet(tmp_path / "other" / "hosp" / "labevents" / "part-00000.parquet")
    assert not a.equals(b), "a different seed must give different data"


def test_parallel_workers_same_bytes(tiny: Path, tmp_path: Path) -> None:
    generate_parquet(TINY, 7, tmp_path / "par", chunk_patients=20, workers=2)
    assert _digest(tiny) == _digest(tmp_path / "par")


def test_id_ranges_and_sorting(tiny: Path) -> None:
    pats = pl.read_parquet(tiny / "hosp" / "patients" / "*.parquet")
    adm = pl.read_parquet(tiny / "hosp" / "admissions" / "*.parquet")
    tr = pl.read_parquet(tiny / "hosp" / "transfers" / "*.parquet")
    assert pats["subject_id"].min() >= 10_000_000 and pats["subject_id"].n_unique() == TINY
    assert adm["hadm_id"].min() >= 20_000_000 and adm["hadm_id"].max() < 30_000_000 and adm["hadm_id"].is_unique().all()
    assert tr["transfer_id"].min() >= 30_000_000 and tr["transfer_id"].max() < 40_000_000 and tr["transfer_id"].is_unique().all()
    emar = pl.read_parquet(tiny / "hosp" / "emar" / "*.parquet")
    assert (emar["emar_id"] == emar["subject_id"].cast(pl.String) + "-" + emar["emar_seq"].cast(pl.String)).all()
    for part in table_files(tiny)["labevents"]:
        s = pl.read_parquet(part, columns=["subject_id", "charttime"])
        assert s.equals(s.sort("subject_id", "charttime", maintain_order=True)), "labevents not sorted by subject, time"
    # every patient-level table is written in subject_id order (DuckDB zone maps make patient lookups cheap)
    for t in mimic_tables():
        if "subject_id" not in t.column_names:
            continue
        for part in table_files(tiny)[t.name]:
            subj = pl.read_parquet(part, columns=["subject_id"])["subject_id"]
            assert subj.is_sorted(), f"{part} not sorted by subject_id"
    assert pl.read_parquet(tiny / "hosp" / "provider" / "*.parquet")["provider_id"].str.contains(r"^P[0-9A-Z]{5}$").all()


def test_all_checks_pass(small_db: Path) -> None:
    with connect(f"duckdb:///{small_db}") as db:
        report = check_database(db)
    assert report.ok, "\n" + "\n".join(f"{r.check.name}: {r.violations} {r.error or ''}" for r in report.failures)
    assert report.row_counts["mimiciv_hosp.patients"] == 200
    assert len([r for r in report.results if r.check.kind == "invariant"]) == len(invariant_checks()) >= 25
    assert "OK" in report.render()


def _q(con: duckdb.DuckDBPyConnection, sql: str) -> list[tuple]:
    return con.execute(sql).fetchall()


def test_clinical_coherence(small_db: Path) -> None:
    con = duckdb.connect(str(small_db), read_only=True)
    hyperk = "SELECT DISTINCT hadm_id FROM mimiciv_hosp.diagnoses_icd WHERE icd_code IN ('E875', '2767')"
    n_hk = _q(con, f"SELECT COUNT(*) FROM ({hyperk})")[0][0]
    assert n_hk >= 3
    # every hyperkalemic admission: potassium > 5.5, insulin and calcium gluconate prescribed
    rows = _q(con, f"""
        SELECT h.hadm_id,
               (SELECT MAX(valuenum) FROM mimiciv_hosp.labevents l WHERE l.hadm_id = h.hadm_id AND l.itemid = 50971),
               (SELECT COUNT(*) FROM mimiciv_hosp.prescriptions p WHERE p.hadm_id = h.hadm_id AND p.drug = 'Insulin'),
               (SELECT COUNT(*) FROM mimiciv_hosp.prescriptions p WHERE p.hadm_id = h.hadm_id AND p.drug = 'Calcium Gluconate')
        FROM ({hyperk}) h""")
    assert all(k > 5.5 and ins > 0 and ca > 0 for _, k, ins, ca in rows), rows
    # and admissions without kidney/potassium problems mostly have normal potassium, and no KCl for hyperkalemia
    median_k = _q(con, f"""SELECT MEDIAN(valuenum) FROM mimiciv_hosp.labevents
                          WHERE itemid = 50971 AND hadm_id NOT IN ({hyperk})""")[0][0]
    assert 3.6 < median_k < 4.6
    kcl = _q(con, f"SELECT COUNT(*) FROM mimiciv_hosp.prescriptions WHERE drug = 'Potassium Chloride' AND hadm_id IN ({hyperk})")
    assert kcl[0][0] == 0
    # sepsis drives lactate and WBC up relative to everyone else
    sepsis = "SELECT DISTINCT hadm_id FROM mimiciv_hosp.diagnoses_icd WHERE icd_code IN ('A419', '0389')"
    wbc_s, wbc_o = _q(con, f"""SELECT AVG(valuenum) FILTER (WHERE hadm_id IN ({sepsis})),
                                     AVG(valuenum) FILTER (WHERE hadm_id NOT IN ({sepsis}))
                              FROM mimiciv_hosp.labevents WHERE itemid = 51301""")[0]
    assert wbc_s > wbc_o + 3
    # heart failure -> furosemide; ICU share and admissions per patient near MIMIC's
    icu_share = _q(con, "SELECT (SELECT COUNT(*) FROM mimiciv_icu.icustays) * 1.0 / COUNT(*) FROM mimiciv_hosp.admissions")[0][0]
    assert 0.10 < icu_share < 0.30
    per_patient = _q(con, "SELECT COUNT(*) * 1.0 / COUNT(DISTINCT subject_id) FROM mimiciv_hosp.admissions")[0][0]
    assert 1.3 < per_patient < 1.8
    con.close()


MUTATIONS = [
    ("labevents_values", "UPDATE mimiciv_hosp.labevents SET flag = NULL WHERE labevent_id = "
                         "(SELECT MIN(labevent_id) FROM mimiciv_hosp.labevents WHERE flag = 'abnormal')"),
    ("labevents_times", "UPDATE mimiciv_hosp.labevents SET storetime = charttime - INTERVAL 1 HOUR WHERE labevent_id = "
                        "(SELECT MIN(labevent_id) FROM mimiciv_hosp.labevents)"),
    ("admissions_times", "UPDATE mimiciv_hosp.admissions SET dischtime = admittime - INTERVAL 1 HOUR WHERE hadm_id = "
                         "(SELECT MIN(hadm_id) FROM mimiciv_hosp.admissions)"),
    ("transfers_tile", "DELETE FROM mimiciv_hosp.transfers WHERE transfer_id = (SELECT MIN(transfer_id) "
                       "FROM mimiciv_hosp.transfers WHERE eventtype = 'transfer')"),
    ("chartevents_in_stay", "UPDATE mimiciv_icu.chartevents SET charttime = charttime + INTERVAL 400 DAY WHERE stay_id = "
                            "(SELECT MIN(stay_id) FROM mimiciv_icu.icustays)"),
    ("medications_windows", "UPDATE mimiciv_hosp.emar SET charttime = charttime + INTERVAL 300 DAY WHERE emar_seq = 1"),
    ("coherence_hyperkalemia", "DELETE FROM mimiciv_hosp.prescriptions WHERE drug = 'Calcium Gluconate'"),
    ("chartevents_itemid_fk", "UPDATE mimiciv_icu.chartevents SET itemid = 1 WHERE itemid = 220045"),
    ("patients_pk", "INSERT INTO mimiciv_hosp.patients SELECT * FROM mimiciv_hosp.patients LIMIT 1"),
    ("medications_chain", "DELETE FROM mimiciv_hosp.prescriptions WHERE drug_type = 'MAIN' AND pharmacy_id = "
                          "(SELECT MIN(pharmacy_id) FROM mimiciv_hosp.prescriptions)"),
    ("emar_events", "DELETE FROM mimiciv_hosp.emar_detail WHERE parent_field_ordinal IS NULL AND emar_id = "
                    "(SELECT MIN(emar_id) FROM mimiciv_hosp.emar)"),
    ("coherence_aki", "UPDATE mimiciv_hosp.labevents SET valuenum = 0.5, value = '0.5' WHERE itemid = 50912 AND hadm_id IN "
                      "(SELECT hadm_id FROM mimiciv_hosp.diagnoses_icd WHERE icd_code IN ('N179', '5849'))"),
    ("icd_version_by_year", "UPDATE mimiciv_hosp.diagnoses_icd SET icd_version = 10 WHERE subject_id IN "
                            "(SELECT subject_id FROM mimiciv_hosp.patients WHERE anchor_year_group = '2008 - 2010')"),
]


def test_checks_detect_violations(small_db: Path, tmp_path: Path) -> None:
    """Each invariant can fail: corrupt a copy of the database and the matching check reports violations."""
    from pipeline.ehr.check import all_checks

    by_name = {c.name: c for c in all_checks()}
    for name, mutation in MUTATIONS:
        copy = tmp_path / f"{name}.duckdb"
        copy.write_bytes(small_db.read_bytes())
        con = duckdb.connect(str(copy))
        con.execute(mutation)
        con.close()
        with connect(f"duckdb:///{copy}") as db:
            report = check_database(db, checks=[by_name[name]])
        assert not report.ok and report.results[0].violations, f"{name} did not catch: {mutation}"
        copy.unlink()


def test_chunk_size_does_not_change_validity(tmp_path: Path) -> None:
    a = generate_parquet(100, 3, tmp_path / "a", chunk_patients=100)
    b = generate_parquet(100, 3, tmp_path / "b", chunk_patients=25)
    assert a.chunks == 1 and b.chunks == 4
    assert len(table_files(tmp_path / "b")["labevents"]) == 4
    assert a.rows["patients"] == b.rows["patients"] == 100
    for big in ("labevents", "admissions", "prescriptions"):
        assert 0.7 < a.rows[big] / b.rows[big] < 1.4
    db = parquet_to_duckdb(tmp_path / "b", tmp_path / "b.duckdb")
    from pipeline.ehr.check import all_checks

    # keys and the cross-chunk linkage are what chunking could break
    wanted = [c for c in all_checks() if c.kind in ("pk", "fk") or c.name in ("medications_chain", "labevents_units",
                                                                             "transfers_tile", "icustays_in_admission")]
    with connect(f"duckdb:///{db}") as conn:
        report = check_database(conn, checks=wanted)
    assert report.ok, [r.check.name for r in report.failures]
    # ids stay unique across chunks
    labs = pl.read_parquet(tmp_path / "b" / "hosp" / "labevents" / "*.parquet", columns=["labevent_id", "specimen_id"])
    assert labs["labevent_id"].is_unique().all()
    assert np.all(np.diff(np.sort(labs["specimen_id"].unique().to_numpy())) > 0)


def test_workers_start_from_a_stdin_script(tmp_path: Path) -> None:
    """Worker processes (spawn) must also start when the caller has no main file (python -c, stdin, notebooks)."""
    import subprocess
    import sys

    code = ("from pathlib import Path\nfrom pipeline.ehr.synth import generate_parquet\n"
            f"r = generate_parquet(30, 1, Path({str(tmp_path / 'out')!r}), chunk_patients=10, workers=2)\n"
            "print(r.rows['patients'])\n")
    proc = subprocess.run([sys.executable, "-"], input=code, capture_output=True, text=True, timeout=300,
                          cwd=Path(__file__).resolve().parent.parent)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip().endswith("30")
