"""Patients behave like patients (issue 22): the physiological state drives joint charting, labs follow courses,
outcomes follow severity. The figures come from bench.physiology_audit, run on a real generated DuckDB."""


import numpy as np
import pytest
from synth_duck import parquet_to_duckdb

from bench.physiology_audit import audit
from pipeline.ehr.synth import generate_parquet
from pipeline.ehr.synth.physiology import ar1, bp_triple


@pytest.fixture(scope="module")
def figures(tmp_path_factory: pytest.TempPathFactory) -> dict[str, float]:
    d = tmp_path_factory.mktemp("physio")
    generate_parquet(1500, 5, d / "parquet", chunk_patients=1500)
    db = parquet_to_duckdb(d / "parquet", d / "ehr.duckdb")
    return {r["key"]: r["value"] for r in audit(str(db))["table"]}


def test_blood_pressure_is_one_reading(figures: dict[str, float]) -> None:
    assert figures["nibp_corr"] >= 0.9
    assert figures["abp_corr"] >= 0.9
    assert figures["nibp_mean_below_dia"] <= 0.01
    assert figures["nibp_mean_with_sd"] >= 0.99


def test_gcs_components_charted_together(figures: dict[str, float]) -> None:
    assert figures["gcs_together"] >= 0.99


def test_labs_follow_a_course(figures: dict[str, float]) -> None:
    for key in ("lag1_wbc", "lag1_creatinine", "lag1_hemoglobin", "lag1_sodium"):
        assert figures[key] >= 0.6, key
    assert figures["creatinine_modal"] <= 0.12  # 10% at 30,000 patients; a small EHR is noisier


def test_outcomes_follow_severity(figures: dict[str, float]) -> None:
    assert figures["mort_septic_shock"] >= 4
    assert figures["mort_palliative"] >= 4


def test_duration_procedures_split(figures: dict[str, float]) -> None:
    assert figures["duration_split"] >= 0.2


def test_ar1_resets_at_each_group() -> None:
    """The one-filter AR(1) equals a per-group recursion driven by the same innovations."""
    counts = np.array([5, 1, 7, 3])
    group = np.repeat(np.arange(4), counts)
    pos = np.concatenate([np.arange(n) for n in counts])
    phi = 0.8
    x = ar1(np.random.default_rng(1), group, pos, phi)
    e = np.random.default_rng(1).standard_normal(len(group))
    e = np.where(pos == 0, e, e * np.sqrt(1 - phi * phi))
    ref = np.empty(len(group))
    for i in range(len(group)):
        ref[i] = e[i] if pos[i] == 0 else phi * ref[i - 1] + e[i]
    assert np.allclose(x, ref)


def test_bp_mean_sits_between_systolic_and_diastolic() -> None:
    rng = np.random.default_rng(0)
    s, d, m = bp_triple(rng, rng.uniform(40, 150, 10_000), rng.uniform(15, 110, 10_000), arterial=False)
    assert ((d <= m) & (m <= s)).mean() > 0.999
    assert np.abs(m - (s + 2 * d) / 3).mean() < 3
