"""mimiciv_derived.cost: EHRSQL's recipe, identical on DuckDB and PostgreSQL."""

import datetime as dt
from pathlib import Path

import numpy as np
import pytest
from result_compare import diff
from test_load import write_handmade_parquet

from pipeline.ehr.cost import EVENT_TYPES, draw_prices
from pipeline.ehr.database import connect
from pipeline.ehr.load import load_parquet

COST_SQL = "SELECT row_id, subject_id, hadm_id, event_type, event_id, chargetime, cost FROM mimiciv_derived.cost ORDER BY row_id"


def test_price_draw_follows_ehrsql() -> None:
    codes = {"diagnoses_icd": ["icd9|0389", "icd10|e785"], "labevents": ["51221", "50971"], "prescriptions": ["b", "a"]}
    prices = draw_prices(codes)
    rng = np.random.default_rng(0)
    means = rng.poisson(10, 4)
    expected_dx = np.round(rng.normal(means[0], 1.0, 2), 2)
    dx = [p for p in prices if p.event_type == "diagnoses_icd"]
    assert [p.code for p in dx] == ["icd10|e785", "icd9|0389"]  # sorted order
    assert [p.price for p in dx] == list(expected_dx)
    labs = [p.code for p in prices if p.event_type == "labevents"]
    assert labs == ["50971", "51221"]  # itemids sort numerically
    assert draw_prices(codes) == prices  # fixed seed
    assert {p.event_type for p in prices} <= set(EVENT_TYPES)


def test_no_price_is_zero_or_negative_and_the_rest_are_ehrsql_s() -> None:
    # seed 0 draws a labevents mean of 2: among 400 lab codes EHRSQL's normal(2, 1) gives some prices <= 0
    codes = {"diagnoses_icd": ["icd10|a419"], "labevents": [str(50000 + i) for i in range(400)]}
    rng = np.random.default_rng(0)
    means = rng.poisson(10, 4)
    rng.normal(means[0], 1.0, 1)
    ehrsql = np.round(rng.normal(means[1], 1.0, 400), 2)
    assert (ehrsql <= 0).any()
    labs = np.array([p.price for p in draw_prices(codes) if p.event_type == "labevents"])
    assert (labs > 0).all()
    assert np.array_equal(labs[ehrsql > 0], ehrsql[ehrsql > 0])


def test_cost_rows_and_chargetime_rules(tmp_path: Path) -> None:
    url = f"duckdb:///{tmp_path / 'c.duckdb'}"
    load_parquet(write_handmade_parquet(tmp_path / "pq"), url)
    with connect(url) as db:
        cost = db.query(COST_SQL)
    assert cost["row_id"].to_list() == list(range(1, 10))
    assert cost["event_type"].to_list() == ["diagnoses_icd"] * 3 + ["labevents"] + ["procedures_icd"] * 2 + ["prescriptions"] * 3
    proc = cost.filter(event_type="procedures_icd").sort("hadm_id")
    # inside [admittime, dischtime] → chartdate; before admittime (midnight of admission day) → dischtime
    assert proc["chargetime"].to_list() == [dt.datetime(2150, 3, 2), dt.datetime(2160, 1, 3, 9, 0)]
    dx = cost.filter(event_type="diagnoses_icd")
    assert dx["chargetime"].to_list()[:2] == [dt.datetime(2150, 3, 1, 10, 0)] * 2
    assert dx.filter(event_id=2)["cost"][0] == dx.filter(subject_id=10000002)["cost"][0]  # same code, same price
    rx = cost.filter(event_type="prescriptions")
    assert rx["event_id"].to_list() == [1001, 1002, 1002]
    assert cost.filter(event_type="labevents")["event_id"].to_list() == [1]


@pytest.mark.postgres
def test_cost_is_identical_on_both_backends(tmp_path: Path, pg_database: str) -> None:
    pq = write_handmade_parquet(tmp_path / "pq")
    url = f"duckdb:///{tmp_path / 'c.duckdb'}"
    load_parquet(pq, url)
    load_parquet(pq, pg_database)
    with connect(url) as a, connect(pg_database) as b:
        assert diff(a.query(COST_SQL), b.query(COST_SQL), ordered=True) is None


@pytest.mark.postgres
def test_cost_identical_on_tiny_ehr(tiny_duckdb_url: str, tiny_pg_url: str) -> None:
    with connect(tiny_duckdb_url) as a, connect(tiny_pg_url) as b:
        fa, fb = a.query(COST_SQL, max_rows=5_000_000), b.query(COST_SQL, max_rows=5_000_000)
    assert fa.height > 0
    assert diff(fa, fb, ordered=True) is None
    assert set(fa["event_type"].unique()) == set(EVENT_TYPES)


def test_cost_numbered_in_key_ranges_is_the_same_table(tiny_parquet: Path, tiny_duckdb_url: str, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The full preset's lab results ran the load out of memory when numbered in one window; numbered a key range
    at a time, the table is the same, row_id for row_id."""
    import pipeline.ehr.cost as cost

    assert cost.key_ranges(25, 1, 100, chunk_rows=10) == [(1, 35), (35, 69), (69, 101)]
    assert cost.key_ranges(3, 7, 7, chunk_rows=10) == [(7, 8)]
    monkeypatch.setattr(cost, "CHUNK_ROWS", 500)  # every block in several ranges on the tiny EHR
    url = f"duckdb:///{tmp_path / 'chunked.duckdb'}"
    load_parquet(tiny_parquet, url)
    with connect(tiny_duckdb_url) as a, connect(url) as b:
        fa, fb = a.query(COST_SQL, max_rows=5_000_000), b.query(COST_SQL, max_rows=5_000_000)
    assert fa.height > 4 * 500
    assert diff(fa, fb, ordered=True) is None
