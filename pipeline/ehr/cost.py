"""`mimiciv_derived.cost`, built the EHRSQL way from whichever EHR is loaded (MIMIC-IV itself has no cost table).

MIMIC-IV has no prices. EHRSQL (glee4810/ehrsql-2024, `build_cost_table`) invented them, and so do we, with the
same recipe so that the Cost intent means the same thing here:

- `rng = numpy.random.default_rng(seed)` (seed 0), `mean_costs = rng.poisson(10, 4)`: one mean per event type in
  the order diagnoses_icd, labevents, procedures_icd, prescriptions;
- per event type, every distinct code that occurs in the loaded events gets one price
  `round(rng.normal(mean, 1.0), 2)`, codes taken in sorted order (drawn as one vector: same sequence);
- one departure: a price <= 0 (EHRSQL's seed draws a labevents mean of 2) is redrawn from the continuing stream,
  after all four vectors, until positive, so no charge is free or negative and every other price is EHRSQL's;
  the code is `icd<version>|<icd_code lower-cased, trimmed>` for ICD, the `itemid` (sorted numerically) for labs and
  the `drug` string for prescriptions. Sorting happens in Python on the fetched codes, so collation differences
  between DuckDB and PostgreSQL cannot change the draw;
- one cost row per event row, priced by its code; events with a NULL code, and lab rows without hadm_id
  (cost.hadm_id is NOT NULL), get no cost row;
- chargetime: diagnoses → the admission's admittime; procedures → chartdate (as a timestamp) when it lies within
  [admittime, dischtime], else dischtime; labs → charttime; prescriptions → starttime;
- row_id is 1..n, consecutive across the four blocks in the order above, and within a block ordered by the
  event's key (below), so the table is identical on both backends.

MIMIC has no row_id, so `event_id` points at MIMIC's own identifier of the source row:
- labevents: `labevent_id` (the table's primary key);
- prescriptions: `pharmacy_id`. prescriptions' key is (pharmacy_id, drug_type, drug) — one pharmacy order has
  MAIN/BASE/ADDITIVE component rows — so each component row gets its own cost row and components of one order share
  the event_id; the drug's price tells them apart. Within the block rows are ordered by (pharmacy_id, drug, drug_type).
- diagnoses_icd / procedures_icd: `seq_num`, unique within (hadm_id, event_type): the event is
  (cost.hadm_id, cost.event_id). Ordered by (hadm_id, seq_num, code).

Everything is set-based: a small price table (one row per distinct code) is written to the database and one
INSERT … SELECT per event type builds its cost rows on either backend, in ranges of the event's key where the type
has more than CHUNK_ROWS rows (numbered from where the previous range ended: the same row_ids).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

EHRSQL_SEED = 0
EVENT_TYPES = ("diagnoses_icd", "labevents", "procedures_icd", "prescriptions")

# SQL expression of the pricing code of each event type, over alias e (the event table)
_CODE_SQL = {
    "diagnoses_icd": "'icd' || CAST(e.icd_version AS VARCHAR) || '|' || LOWER(TRIM(e.icd_code))",
    "procedures_icd": "'icd' || CAST(e.icd_version AS VARCHAR) || '|' || LOWER(TRIM(e.icd_code))",
    "labevents": "CAST(e.itemid AS VARCHAR)",
    "prescriptions": "e.drug",
}
_CODE_NOT_NULL = {
    "diagnoses_icd": "e.icd_code IS NOT NULL AND e.icd_version IS NOT NULL",
    "procedures_icd": "e.icd_code IS NOT NULL AND e.icd_version IS NOT NULL",
    "labevents": "e.itemid IS NOT NULL AND e.hadm_id IS NOT NULL",
    "prescriptions": "e.drug IS NOT NULL",
}


class SqlRunner(Protocol):
    """The four things cost building needs from a backend connection."""

    backend: str

    def execute(self, sql: str) -> None: ...

    def insert(self, sql: str) -> int: ...

    def fetch(self, sql: str) -> list[tuple[Any, ...]]: ...

    def insert_rows(self, table: str, columns: Sequence[str], rows: list[tuple[Any, ...]]) -> None: ...


class DuckDBRunner:
    backend = "duckdb"

    def __init__(self, con: Any):
        self.con = con

    def execute(self, sql: str) -> None:
        self.con.execute(sql)

    def insert(self, sql: str) -> int:
        """Run an INSERT … SELECT; the number of rows it inserted."""
        return int(self.con.execute(sql).fetchone()[0])

    def fetch(self, sql: str) -> list[tuple[Any, ...]]:
        return self.con.execute(sql).fetchall()

    def insert_rows(self, table: str, columns: Sequence[str], rows: list[tuple[Any, ...]]) -> None:
        import pyarrow as pa

        data = pa.table({c: [r[i] for r in rows] for i, c in enumerate(columns)})
        self.con.register("_robustgym_rows", data)
        try:
            self.con.execute(f"INSERT INTO {table} ({', '.join(columns)}) SELECT {', '.join(columns)} FROM _robustgym_rows")
        finally:
            self.con.unregister("_robustgym_rows")


class PostgresRunner:
    """Runs on one psycopg connection, inside whatever transaction the caller holds."""

    backend = "postgresql"

    def __init__(self, conn: Any):
        self.conn = conn

    def execute(self, sql: str) -> None:
        with self.conn.cursor() as cur:
            cur.execute(sql)

    def insert(self, sql: str) -> int:
        """Run an INSERT … SELECT; the number of rows it inserted."""
        with self.conn.cursor() as cur:
            cur.execute(sql)
            return cur.rowcount

    def fetch(self, sql: str) -> list[tuple[Any, ...]]:
        with self.conn.cursor() as cur:
            cur.execute(sql)
            return cur.fetchall()

    def insert_rows(self, table: str, columns: Sequence[str], rows: list[tuple[Any, ...]]) -> None:
        with self.conn.cursor() as cur, cur.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as cp:
            for r in rows:  # a few thousand codes at most: not a hot path
                cp.write_row(r)


@dataclass(frozen=True)
class Price:
    event_type: str
    code: str
    ord: int  # position of the code in the sorted code list of its event type
    price: float


def _sort_codes(event_type: str, codes: list[str]) -> list[str]:
    if event_type == "labevents":
        return sorted(codes, key=int)
    return sorted(codes)


def draw_prices(codes_by_type: dict[str, list[str]], seed: int = EHRSQL_SEED) -> list[Price]:
    """EHRSQL's price draw: Poisson(10) means per event type, then Normal(mean, 1) per sorted code, 2 decimals."""
    rng = np.random.default_rng(seed)
    mean_costs = rng.poisson(lam=10, size=len(EVENT_TYPES))
    drawn: list[tuple[str, list[str], np.ndarray, float]] = []
    for k, event_type in enumerate(EVENT_TYPES):
        codes = _sort_codes(event_type, sorted(set(codes_by_type.get(event_type, []))))
        if not codes:
            continue
        prices = np.round(rng.normal(loc=float(mean_costs[k]), scale=1.0, size=len(codes)), 2)
        drawn.append((event_type, codes, prices, float(mean_costs[k])))
    # EHRSQL's draw can give a price <= 0 (seed 0 draws a mean of 2 for labevents). A charge is never free or
    # negative, so those prices alone are redrawn, after all of EHRSQL's draws (every other price stays EHRSQL's),
    # from the same stream until positive: a normal truncated at zero.
    out: list[Price] = []
    for event_type, codes, prices, mean in drawn:
        bad = np.flatnonzero(prices <= 0)
        while len(bad):
            prices[bad] = np.round(rng.normal(loc=mean, scale=1.0, size=len(bad)), 2)
            bad = bad[prices[bad] <= 0]
        out.extend(Price(event_type, c, i, float(p)) for i, (c, p) in enumerate(zip(codes, prices, strict=True)))
    return out


# the most cost rows one INSERT numbers: ROW_NUMBER over the whole table (every lab result of the full preset) ran
# DuckDB's load out of its 8 GB; a chunk is a range of the block's key, so the numbering is the same
CHUNK_ROWS = 10_000_000


def _events_sql(event_type: str, hosp: str, prices_table: str) -> str:
    """The priced rows of one event type: subject_id, hadm_id, event_id, chargetime, the ordering keys k1 (an
    integer), k2, ord, k3, and the price."""
    ev = {
        "diagnoses_icd": (
            f"SELECT e.subject_id, e.hadm_id, e.seq_num AS event_id, a.admittime AS chargetime, "
            f"{_CODE_SQL['diagnoses_icd']} AS code, e.hadm_id AS k1, e.seq_num AS k2, '' AS k3 "
            f"FROM {hosp}.diagnoses_icd e JOIN {hosp}.admissions a ON a.hadm_id = e.hadm_id "
            f"WHERE {_CODE_NOT_NULL['diagnoses_icd']}"
        ),
        "labevents": (
            f"SELECT e.subject_id, e.hadm_id, e.labevent_id AS event_id, e.charttime AS chargetime, "
            f"{_CODE_SQL['labevents']} AS code, e.labevent_id AS k1, 0 AS k2, '' AS k3 "
            f"FROM {hosp}.labevents e WHERE {_CODE_NOT_NULL['labevents']}"
        ),
        "procedures_icd": (
            f"SELECT e.subject_id, e.hadm_id, e.seq_num AS event_id, "
            f"CASE WHEN CAST(e.chartdate AS TIMESTAMP) >= a.admittime AND CAST(e.chartdate AS TIMESTAMP) <= a.dischtime "
            f"THEN CAST(e.chartdate AS TIMESTAMP) ELSE a.dischtime END AS chargetime, "
            f"{_CODE_SQL['procedures_icd']} AS code, e.hadm_id AS k1, e.seq_num AS k2, '' AS k3 "
            f"FROM {hosp}.procedures_icd e JOIN {hosp}.admissions a ON a.hadm_id = e.hadm_id "
            f"WHERE {_CODE_NOT_NULL['procedures_icd']}"
        ),
        "prescriptions": (
            f"SELECT e.subject_id, e.hadm_id, e.pharmacy_id AS event_id, e.starttime AS chargetime, "
            f"{_CODE_SQL['prescriptions']} AS code, e.pharmacy_id AS k1, 0 AS k2, "
            f"COALESCE(e.drug_type, '') AS k3 "
            f"FROM {hosp}.prescriptions e WHERE {_CODE_NOT_NULL['prescriptions']}"
        ),
    }
    return (f"SELECT x.*, p.ord, p.price FROM ({ev[event_type]}) x "
            f"JOIN {prices_table} p ON p.event_type = '{event_type}' AND p.code = x.code")


def cost_chunk_sql(event_type: str, hosp: str, prices_table: str, lo: int, hi: int, offset: int) -> str:
    """The cost rows of one event type whose key k1 is in [lo, hi), numbered offset+1, … in the key order.
    Portable between PostgreSQL and DuckDB."""
    # string parts of the key are ordered through p.ord (the code's position in Python's sort), so that no backend
    # collation decides the order; k3 (drug_type: MAIN/BASE/ADDITIVE) is plain ASCII
    return (
        f"SELECT CAST({offset} + ROW_NUMBER() OVER (ORDER BY k1, k2, ord, k3) AS INTEGER) AS row_id, subject_id, "
        f"hadm_id, '{event_type}' AS event_type, event_id, chargetime, price AS cost "
        f"FROM ({_events_sql(event_type, hosp, prices_table)}) c WHERE c.k1 >= {lo} AND c.k1 < {hi}"
    )


def key_ranges(n_rows: int, lo: int, hi: int, chunk_rows: int = CHUNK_ROWS) -> list[tuple[int, int]]:
    """[lo, hi] cut into equal half-open ranges of the key, about `chunk_rows` rows each if the keys are spread
    evenly (a dense id is; the last range ends past hi)."""
    n = max(1, -(-n_rows // chunk_rows))
    step = -(-(hi - lo + 1) // n)
    return [(lo + i * step, min(lo + (i + 1) * step, hi + 1)) for i in range(n)]


def build_cost_table(
    runner: SqlRunner,
    *,
    hosp_schema: str = "mimiciv_hosp",
    derived_schema: str = "mimiciv_derived",
    seed: int = EHRSQL_SEED,
) -> int:
    """Fill `<derived_schema>.cost` (which must exist and be empty) from the events in `hosp_schema`.

    Returns the number of cost rows. The price table is a scratch table, dropped at the end, so the derived
    schema holds exactly `cost`.
    """
    codes: dict[str, list[str]] = {}
    for t in EVENT_TYPES:
        rows = runner.fetch(
            f"SELECT DISTINCT {_CODE_SQL[t]} FROM {hosp_schema}.{t} e WHERE {_CODE_NOT_NULL[t]}"
        )
        codes[t] = [r[0] for r in rows]
    prices = draw_prices(codes, seed)
    prices_table = f"{derived_schema}._cost_prices"
    runner.execute(f"DROP TABLE IF EXISTS {prices_table}")
    runner.execute(f"CREATE TABLE {prices_table} (event_type VARCHAR(20), code VARCHAR, ord INTEGER, price DOUBLE PRECISION)")
    try:
        runner.insert_rows(
            prices_table, ("event_type", "code", "ord", "price"), [(p.event_type, p.code, p.ord, p.price) for p in prices]
        )
        offset = 0
        for event_type in EVENT_TYPES:
            events = _events_sql(event_type, hosp_schema, prices_table)
            n_rows, lo, hi = runner.fetch(f"SELECT COUNT(*), MIN(k1), MAX(k1) FROM ({events}) c")[0]
            if not n_rows:
                continue
            for a, b in key_ranges(int(n_rows), int(lo), int(hi)):
                chunk = cost_chunk_sql(event_type, hosp_schema, prices_table, a, b, offset)
                offset += runner.insert(f"INSERT INTO {derived_schema}.cost "
                                        f"(row_id, subject_id, hadm_id, event_type, event_id, chargetime, cost) {chunk}")
    finally:
        runner.execute(f"DROP TABLE IF EXISTS {prices_table}")
    return int(runner.fetch(f"SELECT COUNT(*) FROM {derived_schema}.cost")[0][0])
