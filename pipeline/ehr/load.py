"""Load an EHR into DuckDB or PostgreSQL: from our Parquet staging layout, or from the PhysioNet CSV layout.

Both loaders are all-or-nothing, so a reader never sees a half-loaded database:
- DuckDB: the database is built in `<file>.tmp` and moved over `<file>` with `os.replace` at the end.
- PostgreSQL: tables are built in staging schemas (`mimiciv_hosp_loading`, …) and swapped in with
  `ALTER SCHEMA … RENAME` in one transaction; on failure the staging schemas are dropped.

Speed (PostgreSQL): tables are created and COPY-loaded (`COPY … FREEZE`, in the table's creating transaction so
no later hint-bit rewrite is needed; autovacuum off until the end) in parallel on `workers` connections. After
the data, one longest-first pool runs every index build (primary keys as `CREATE UNIQUE INDEX`, attached with
`ADD CONSTRAINT … USING INDEX`) together with the cost-table build; foreign keys are added `NOT VALID` (instant)
and then validated per table in parallel — `VALIDATE CONSTRAINT` takes only a SHARE UPDATE EXCLUSIVE lock, where
a plain `ADD FOREIGN KEY` would serialise every table on its SHARE ROW EXCLUSIVE lock of `patients` — followed by
`ANALYZE`. Measured against plain psql copies in BENCHMARKS.md.

Keys on DuckDB: DuckDB can `ALTER TABLE … ADD PRIMARY KEY` after the data (cheap: an ART index build, which also
proves uniqueness), but cannot add FOREIGN KEYs after the fact, and FKs declared at CREATE time would make every
insert probe the parent. So DuckDB gets MIMIC's primary keys and no foreign keys or secondary indexes — tables are
written in (subject_id, hadm_id, …) order (sorted on load unless Parquet row-group statistics show the generator
already wrote them so) so zone maps serve patient-level lookups; FK orphans are what `robustgym ehr check`
reports.

PhysioNet layout: `source/hosp/<table>.csv.gz` (or `.csv`) and `source/icu/<table>.csv.gz`, header row, MIMIC's
columns, empty field = NULL. The header must name exactly MIMIC-IV v3.1's columns (v2.2 files qualify: v3.1 only
widened `admissions.language`); a missing or extra column is an error naming the file and the column. A missing
table file is an error too, except for the tables older releases and the open demo may lack (`provider`,
`caregiver`, `ingredientevents`): those load empty, with a warning in the report.
"""

from __future__ import annotations

import csv
import gzip
import logging
import os
import re
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pipeline.ehr.schema import Table, all_tables, ddl_statements, mimic_tables

log = logging.getLogger(__name__)

MIMIC_SCHEMAS = ("mimiciv_hosp", "mimiciv_icu", "mimiciv_derived")
STAGING_SUFFIX = "_loading"
OPTIONAL_TABLES = frozenset({"provider", "caregiver", "ingredientevents"})
COPY_BATCH_ROWS = 250_000

_DUCKDB_TYPES = {
    "INTEGER": "INTEGER", "INT": "INTEGER", "SMALLINT": "SMALLINT", "BIGINT": "BIGINT",
    "FLOAT": "DOUBLE", "DOUBLE PRECISION": "DOUBLE", "DOUBLE": "DOUBLE", "REAL": "FLOAT",
    "TEXT": "VARCHAR", "VARCHAR": "VARCHAR", "CHAR": "VARCHAR", "DATE": "DATE", "TIMESTAMP": "TIMESTAMP",
}
_TIME_COLUMNS = ("charttime", "starttime", "intime", "admittime", "transfertime", "chartdate", "ordertime",
                 "entertime", "storetime")


class LoadError(ValueError):
    """Bad input for a load; the message names the file, table or column."""


@dataclass
class LoadReport:
    backend: str
    target: str
    rows: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    phases: dict[str, float] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)

    @property
    def total_rows(self) -> int:
        return sum(self.rows.values())

    def render(self) -> str:
        lines = [f"loaded {self.total_rows:,} rows into {len(self.rows)} tables ({self.backend}) in {self.seconds:.1f} s"]
        lines += [f"  {name:<34} {n:>14,}" for name, n in sorted(self.rows.items())]
        if self.phases:
            lines.append("  phases: " + ", ".join(f"{k} {v:.1f} s" for k, v in self.phases.items()))
        lines += [f"  warning: {w}" for w in self.warnings]
        return "\n".join(lines)


# ---------------------------------------------------------------------------------------------------------------
# Sources: where the rows of one table come from


@dataclass(frozen=True)
class TableSource:
    """The rows of one table: Parquet part files (our staging layout), one CSV file, or nothing (empty)."""

    table: Table
    kind: str  # "parquet" | "csv" | "empty"
    paths: tuple[Path, ...] = ()

    def duckdb_relation(self) -> str:
        """A DuckDB table function reading the source, with MIMIC's columns in order."""
        cols = ", ".join(c.name for c in self.table.columns)
        if self.kind == "parquet":
            files = "[" + ", ".join(_sql_str(p) for p in self.paths) + "]"
            return f"(SELECT {cols} FROM read_parquet({files}))"
        if self.kind == "csv":
            spec = ", ".join(f"{_sql_str(c.name)}: {_sql_str(_DUCKDB_TYPES[c.base_type])}" for c in self.table.columns)
            return (
                f"(SELECT {cols} FROM read_csv({_sql_str(self.paths[0])}, header = true, auto_detect = false, "
                f"delim = ',', quote = '\"', escape = '\"', nullstr = '', allow_quoted_nulls = false, "
                f"columns = {{{spec}}}))"
            )
        raise AssertionError(self.kind)

    def csv_chunks(self) -> Iterator[bytes]:
        """CSV bytes without header, MIMIC's column order, for PostgreSQL COPY (FORMAT csv)."""
        if self.kind == "parquet":
            yield from _parquet_csv_chunks(self.table, self.paths)
        elif self.kind == "csv":
            yield from _csv_file_chunks(self.paths[0])


def _sql_str(value: object) -> str:
    return "'" + str(value).replace("'", "''") + "'"


def _parquet_csv_chunks(table: Table, paths: tuple[Path, ...]) -> Iterator[bytes]:
    """Stream Parquet batches out as CSV (polars writes CSV in Rust; empty string stays "" and NULL stays empty)."""
    import polars as pl
    import pyarrow.parquet as pq

    cols = table.column_names
    for path in paths:
        pf = pq.ParquetFile(path)
        missing = [c for c in cols if c not in pf.schema_arrow.names]
        if missing:
            raise LoadError(f"{path}: missing column {missing[0]!r} of {table.qualified}")
        for batch in pf.iter_batches(batch_size=COPY_BATCH_ROWS, columns=cols):
            frame = pl.from_arrow(batch)
            assert isinstance(frame, pl.DataFrame)
            yield frame.write_csv(
                include_header=False, datetime_format="%Y-%m-%d %H:%M:%S%.f", date_format="%Y-%m-%d"
            ).encode()


def _csv_file_chunks(path: Path, size: int = 1 << 22) -> Iterator[bytes]:
    """Raw bytes of a (gzipped) CSV, header line dropped."""
    with _open_binary(path) as f:
        f.readline()
        while chunk := f.read(size):
            yield chunk


def _open_binary(path: Path) -> Any:
    return gzip.open(path, "rb") if path.name.endswith(".gz") else open(path, "rb")  # noqa: SIM115


def parquet_sources(parquet_dir: Path) -> list[TableSource]:
    """Sources for our staging layout `<dir>/<hosp|icu>/<table>/part-*.parquet`."""
    parquet_dir = Path(parquet_dir)
    if not parquet_dir.is_dir():
        raise FileNotFoundError(f"Parquet directory {parquet_dir} does not exist")
    out = []
    for t in mimic_tables():
        files = tuple(sorted((parquet_dir / t.module / t.name).glob("part-*.parquet")))
        if not files:
            raise LoadError(f"{parquet_dir / t.module / t.name}: no part-*.parquet files for table {t.qualified}")
        out.append(TableSource(t, "parquet", files))
    return out


def physionet_sources(source_dir: Path) -> tuple[list[TableSource], list[str]]:
    """Sources for the PhysioNet layout, validated up front (every header read) so bad input fails before any
    loading starts. Returns the sources and warnings."""
    source_dir = Path(source_dir)
    if not source_dir.is_dir():
        raise FileNotFoundError(f"source directory {source_dir} does not exist")
    out, warnings = [], []
    for t in mimic_tables():
        candidates = [source_dir / t.module / f"{t.name}.csv.gz", source_dir / t.module / f"{t.name}.csv"]
        path = next((p for p in candidates if p.is_file()), None)
        if path is None:
            if t.name in OPTIONAL_TABLES:
                warnings.append(f"{candidates[0]} not found: {t.qualified} loaded empty (absent before MIMIC-IV v2.2 / in the demo)")
                out.append(TableSource(t, "empty"))
                continue
            raise LoadError(f"missing table {t.qualified}: neither {candidates[0]} nor {candidates[1].name} exists")
        _check_header(path, t)
        out.append(TableSource(t, "csv", (path,)))
    return out, warnings


def _check_header(path: Path, table: Table) -> None:
    try:
        with _open_binary(path) as f:
            first = f.readline().decode("utf-8-sig")
    except (OSError, EOFError, UnicodeDecodeError) as e:
        raise LoadError(f"{path}: cannot read the header row ({e})") from None
    header = [h.strip().lower() for h in next(csv.reader([first]), [])]
    expected = table.column_names
    missing = [c for c in expected if c not in header]
    if missing:
        raise LoadError(f"{path}: missing column {missing[0]!r} of {table.qualified} (header: {','.join(header)})")
    extra = [c for c in header if c not in expected]
    if extra:
        raise LoadError(f"{path}: unexpected column {extra[0]!r} — not in MIMIC-IV v3.1 {table.qualified}")
    if header != expected:
        raise LoadError(f"{path}: columns of {table.qualified} are out of MIMIC's order: {','.join(header)}")


# ---------------------------------------------------------------------------------------------------------------
# Entry points


def load_parquet(parquet_dir: Path, db_url: str, *, replace: bool = True, workers: int = 2) -> LoadReport:
    """Load our Parquet staging layout (as written by pipeline.ehr.synth) into the database at db_url."""
    return load_sources(parquet_sources(Path(parquet_dir)), db_url, replace=replace, workers=workers)


def load_physionet(source_dir: Path, db_url: str, *, replace: bool = True, workers: int = 2) -> LoadReport:
    """Load the PhysioNet CSV layout (real MIMIC-IV v2.2–v3.1, the demo, or our export)."""
    sources, warnings = physionet_sources(Path(source_dir))
    report = load_sources(sources, db_url, replace=replace, workers=workers)
    report.warnings[:0] = warnings
    for w in warnings:
        log.warning(w)
    return report


def load_sources(sources: list[TableSource], db_url: str, *, replace: bool = True, workers: int = 2) -> LoadReport:
    if db_url.startswith("duckdb:///"):
        return _load_duckdb(sources, Path(db_url[len("duckdb:///"):]), replace=replace, threads=max(1, workers))
    if db_url.startswith(("postgresql", "postgres://")):
        return _load_postgres(sources, db_url, replace=replace, workers=max(1, workers))
    raise ValueError(f"unsupported database URL {db_url!r}: use duckdb:///path.duckdb or postgresql+psycopg://…")


def sort_key(table: Table) -> list[str]:
    """Physical row order for DuckDB: by patient, admission, stay and time, so zone maps prune patient-level
    queries; dictionaries by their key."""
    names = table.column_names
    key = [c for c in ("subject_id", "hadm_id", "stay_id") if c in names]
    key += [c for c in _TIME_COLUMNS if c in names][:1]
    if not key:
        key = names[:2] if table.name.startswith("d_") else names[:1]
    return key


def _clustered_by_subject(src: TableSource) -> bool:
    """True when Parquet row-group statistics show the rows already in subject_id order (non-overlapping,
    increasing subject_id ranges), as the generator writes them: the sort can be skipped, zone maps still prune.
    Metadata only, no data is read."""
    if src.kind != "parquet" or "subject_id" not in src.table.column_names:
        return False
    import pyarrow.parquet as pq

    last = None
    for path in src.paths:
        meta = pq.ParquetFile(path).metadata
        col = meta.schema.to_arrow_schema().get_field_index("subject_id")
        for i in range(meta.num_row_groups):
            rg = meta.row_group(i)
            if rg.num_rows == 0:
                continue
            stats = rg.column(col).statistics
            if stats is None or not stats.has_min_max or stats.null_count:
                return False
            if last is not None and stats.min < last:
                return False
            last = stats.max
    return True


class _Phases:
    def __init__(self) -> None:
        self.times: dict[str, float] = {}
        self._t = time.perf_counter()

    def mark(self, name: str) -> None:
        now = time.perf_counter()
        self.times[name] = round(now - self._t, 3)
        self._t = now


# ---------------------------------------------------------------------------------------------------------------
# DuckDB


def _load_duckdb(sources: list[TableSource], path: Path, *, replace: bool, threads: int) -> LoadReport:
    import duckdb

    from pipeline.ehr.cost import DuckDBRunner, build_cost_table

    path = path.resolve()
    if path.exists() and not replace:
        raise FileExistsError(f"{path} exists (pass replace=True to rebuild it)")
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    for p in (tmp, Path(str(tmp) + ".wal")):
        p.unlink(missing_ok=True)
    start, phases = time.perf_counter(), _Phases()
    report = LoadReport("duckdb", f"duckdb:///{path}")
    spill = path.with_name(path.name + ".tmp.spill")
    con = duckdb.connect(str(tmp))
    try:
        con.execute(f"SET threads = {threads}")
        con.execute("SET memory_limit = '8GB'")
        con.execute(f"SET temp_directory = {_sql_str(spill)}")
        for stmt in ddl_statements("create", "duckdb") + ddl_statements("derived", "duckdb"):
            con.execute(stmt)
        phases.mark("schema")
        for src in sources:
            if src.kind == "empty":
                report.rows[src.table.qualified] = 0
                continue
            order = "" if _clustered_by_subject(src) else f" ORDER BY {', '.join(sort_key(src.table))}"
            try:
                con.execute(f"INSERT INTO {src.table.qualified} SELECT * FROM {src.duckdb_relation()}{order}")
            except duckdb.Error as e:
                where = src.paths[0] if len(src.paths) == 1 else src.paths[0].parent
                raise LoadError(f"{where}: loading {src.table.qualified} failed: {_first_line(e)}") from None
            report.rows[src.table.qualified] = int(con.execute(f"SELECT COUNT(*) FROM {src.table.qualified}").fetchone()[0])
        phases.mark("data")
        report.rows["mimiciv_derived.cost"] = build_cost_table(DuckDBRunner(con))
        phases.mark("cost")
        for stmt in ddl_statements("constraints", "duckdb"):
            if "PRIMARY KEY" not in stmt.upper():
                continue
            try:
                con.execute(stmt)
            except duckdb.Error as e:
                raise LoadError(f"primary key violated: {_pk_label(stmt)}: {_first_line(e)}") from None
        phases.mark("keys")
        con.execute("CHECKPOINT")
        con.close()
        # build metadata of a previous generation (pipeline.ehr.build) no longer describes the file
        path.with_name(path.name + ".json").unlink(missing_ok=True)
        os.replace(tmp, path)
        Path(str(path) + ".wal").unlink(missing_ok=True)
    except BaseException:
        con.close()
        tmp.unlink(missing_ok=True)
        Path(str(tmp) + ".wal").unlink(missing_ok=True)
        raise
    finally:
        shutil.rmtree(spill, ignore_errors=True)
    report.phases = phases.times
    report.seconds = round(time.perf_counter() - start, 3)
    return report


def _first_line(e: BaseException) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def _pk_label(stmt: str) -> str:
    m = re.search(r"ALTER TABLE\s+(\S+)\s+ADD CONSTRAINT\s+(\S+)", stmt, re.I)
    return f"{m.group(1)} ({m.group(2)})" if m else stmt[:80]


# ---------------------------------------------------------------------------------------------------------------
# PostgreSQL


_SCHEMA_RE = re.compile(r"\bmimiciv_(hosp|icu|derived)\b")


def _staged(sql: str) -> str:
    return _SCHEMA_RE.sub(lambda m: f"mimiciv_{m.group(1)}{STAGING_SUFFIX}", sql)


def _strip_comments(sql: str) -> str:
    return re.sub(r"/\*.*?\*/", "", sql, flags=re.S).strip()


def _pg_connect(url: str) -> Any:
    import psycopg

    from pipeline.ehr.database import psycopg_conninfo

    return psycopg.connect(psycopg_conninfo(url), autocommit=True)


def _table_of(stmt: str) -> str:
    m = re.search(r"(?:ALTER TABLE|ON)\s+([\w.]+)", stmt, re.I)
    if not m:
        raise AssertionError(stmt)
    return m.group(1)


def _parallel(tasks: list[Callable[[Any], None]], url: str, workers: int) -> None:
    """Run tasks on `workers` connections (one connection per worker thread); first error wins."""
    local = threading.local()
    conns: list[Any] = []
    lock = threading.Lock()

    def conn() -> Any:
        if not hasattr(local, "conn"):
            c = _pg_connect(url)
            c.execute("SET maintenance_work_mem = '1GB'")
            # FK validation is an anti-join per constraint: with the 4MB default, joins to big parents (emar, poe)
            # spill to disk in batches
            c.execute("SET work_mem = '256MB'")
            c.execute("SET synchronous_commit = off")
            local.conn = c
            with lock:
                conns.append(c)
        return local.conn

    try:
        with ThreadPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(lambda t=t: t(conn())) for t in tasks]
            errors = []
            for f in futures:
                try:
                    f.result()
                except BaseException as e:  # noqa: BLE001 - re-raised below
                    errors.append(e)
                    for other in futures:
                        other.cancel()
            if errors:
                raise errors[0]
    finally:
        for c in conns:
            c.close()


def _load_postgres(sources: list[TableSource], url: str, *, replace: bool, workers: int) -> LoadReport:
    import psycopg

    from pipeline.ehr.cost import PostgresRunner, build_cost_table

    start, phases = time.perf_counter(), _Phases()
    report = LoadReport("postgresql", url.split("@")[-1])
    staging = [s + STAGING_SUFFIX for s in MIMIC_SCHEMAS]
    create = {_table_of_create(s): s for s in ddl_statements("create", "postgres") + ddl_statements("derived", "postgres")
              if "CREATE TABLE" in s.upper()}
    with _pg_connect(url) as admin:
        existing = {r[0] for r in admin.execute(
            "SELECT nspname FROM pg_namespace WHERE nspname = ANY(%s)", (list(MIMIC_SCHEMAS),)).fetchall()}
        if existing and not replace:
            raise FileExistsError(f"schemas {', '.join(sorted(existing))} already exist in {report.target} (pass replace=True)")
        # a lock so two loads into one database cannot interleave their staging schemas
        admin.execute("SELECT pg_advisory_lock(hashtext('robustgym_load'))")
        try:
            for s in staging:
                admin.execute(f"DROP SCHEMA IF EXISTS {s} CASCADE")
                admin.execute(f"CREATE SCHEMA {s}")
            phases.mark("schema")

            counts: dict[str, int] = {}

            def load_task(src: TableSource) -> Callable[[Any], None]:
                def run(conn: Any) -> None:
                    t = src.table
                    cols = ", ".join(t.column_names)
                    with conn.transaction():
                        # autovacuum off while loading: rows are frozen by COPY FREEZE and ANALYZE runs at the end
                        conn.execute(_staged(create[t.qualified]) + " WITH (autovacuum_enabled = false)")
                        if src.kind == "empty":
                            counts[t.qualified] = 0
                            return
                        try:
                            with conn.cursor() as cur:
                                with cur.copy(
                                    f"COPY {_staged(t.qualified)} ({cols}) FROM STDIN (FORMAT csv, FREEZE true)"
                                ) as cp:
                                    for chunk in src.csv_chunks():
                                        cp.write(chunk)
                                counts[t.qualified] = cur.rowcount
                        except psycopg.Error as e:
                            where = src.paths[0] if len(src.paths) == 1 else src.paths[0].parent
                            raise LoadError(f"{where}: loading {t.qualified} failed: {_first_line(e)}") from None
                return run

            # biggest first so the long tables do not end up last on one worker
            ordered = sorted(sources, key=lambda s: -sum(p.stat().st_size for p in s.paths))
            _parallel([load_task(s) for s in ordered], url, workers)
            report.rows.update({t.qualified: counts[t.qualified] for t in mimic_tables()})
            phases.mark("data")

            def cost_task(conn: Any) -> None:
                with conn.transaction():
                    # created in the filling transaction: with wal_level=minimal the INSERT then writes no WAL
                    conn.execute(_staged(create["mimiciv_derived.cost"]) + " WITH (autovacuum_enabled = false)")
                    conn.execute("SET LOCAL work_mem = '1GB'")
                    report.rows["mimiciv_derived.cost"] = build_cost_table(
                        PostgresRunner(conn), hosp_schema="mimiciv_hosp" + STAGING_SUFFIX,
                        derived_schema="mimiciv_derived" + STAGING_SUFFIX)

            _pg_keys_and_indexes(url, workers, cost_task)
            phases.mark("cost_keys_indexes")
            with admin.transaction():
                for s in MIMIC_SCHEMAS:
                    admin.execute(f"DROP SCHEMA IF EXISTS {s} CASCADE")
                for s in MIMIC_SCHEMAS:
                    admin.execute(f"ALTER SCHEMA {s}{STAGING_SUFFIX} RENAME TO {s}")
            phases.mark("swap")
        except BaseException:
            for s in staging:
                try:
                    admin.execute(f"DROP SCHEMA IF EXISTS {s} CASCADE")
                except psycopg.Error:
                    log.exception("could not drop staging schema %s", s)
            raise
        finally:
            admin.execute("SELECT pg_advisory_unlock(hashtext('robustgym_load'))")
    report.phases = phases.times
    report.seconds = round(time.perf_counter() - start, 3)
    return report


def _table_of_create(stmt: str) -> str:
    m = re.search(r"CREATE TABLE\s+([\w.]+)", stmt, re.I)
    if not m:
        raise AssertionError(stmt)
    return m.group(1)


def _pg_keys_and_indexes(url: str, workers: int, cost_task: Callable[[Any], None]) -> None:
    """Keys, indexes, the cost table and statistics, scheduled so the two cores stay busy.

    1. One pool of single statements, biggest tables first: every index build — primary keys as
       `CREATE UNIQUE INDEX` (SHARE lock, so several builds on one table run side by side, where
       `ADD PRIMARY KEY` would take an ACCESS EXCLUSIVE lock) — plus the cost table build, which only reads.
    2. `ADD CONSTRAINT … PRIMARY KEY USING INDEX` (instant), then every FK `NOT VALID` (instant).
    3. Per table: `VALIDATE CONSTRAINT` for each FK, `ANALYZE` (the cost table: `VACUUM (ANALYZE)`), autovacuum
       back on; tables in parallel.
    """
    import psycopg

    constraints = [_strip_comments(s) for s in ddl_statements("constraints", "postgres")]
    indexes = [_strip_comments(s) for s in ddl_statements("indexes", "postgres")]
    pk_re = re.compile(r"ALTER TABLE\s+([\w.]+)\s+ADD CONSTRAINT\s+(\w+)\s+PRIMARY KEY\s*\(([^)]*)\)", re.I)
    pks = [m.groups() for s in constraints if (m := pk_re.search(s))]
    fks = [s for s in constraints if "FOREIGN KEY" in s.upper()]
    size = _staged_sizes(url)

    def run_all(stmts: list[str]) -> Callable[[Any], None]:
        def run(conn: Any) -> None:
            for stmt in stmts:
                try:
                    conn.execute(stmt)
                except psycopg.Error as e:
                    raise LoadError(f"{_first_line(e)} (while: {stmt[:160]})") from None
        return run

    builds: list[tuple[int, Callable[[Any], None]]] = []
    for table, name, cols in pks:
        builds.append((size.get(table, 0), run_all([f"CREATE UNIQUE INDEX {name} ON {_staged(table)} ({cols})"])))
    cost_indexes = [_staged(s) for s in indexes if _table_of(s) == "mimiciv_derived.cost"]
    for stmt in indexes:
        if _table_of(stmt) != "mimiciv_derived.cost":
            builds.append((size.get(_table_of(stmt), 0), run_all([_staged(stmt)])))

    def cost_then_indexes(conn: Any) -> None:
        cost_task(conn)
        run_all(cost_indexes)(conn)

    builds.append((max(size.values(), default=0) + 1, cost_then_indexes))
    builds.sort(key=lambda b: -b[0])
    _parallel([b[1] for b in builds], url, workers)

    with _pg_connect(url) as conn, conn.transaction():
        for table, name, _ in pks:
            run_all([f"ALTER TABLE {_staged(table)} ADD CONSTRAINT {name} PRIMARY KEY USING INDEX {name}"])(conn)
        for stmt in fks:
            run_all([_staged(stmt) + " NOT VALID"])(conn)
    per_table: dict[str, list[str]] = {t.qualified: [] for t in all_tables()}
    for stmt in fks:
        m = re.search(r"ALTER TABLE\s+([\w.]+)\s+ADD CONSTRAINT\s+(\w+)", stmt, re.I)
        assert m
        per_table[m.group(1)].append(f"ALTER TABLE {_staged(m.group(1))} VALIDATE CONSTRAINT {m.group(2)}")
    for table, stmts in per_table.items():
        # the cost table is INSERTed, not COPY FREEZE-loaded: VACUUM marks its pages all-visible, so an admission's
        # total is read from its covering index alone from the first build on
        analyze = "VACUUM (ANALYZE)" if table == "mimiciv_derived.cost" else "ANALYZE"
        stmts += [f"{analyze} {_staged(table)}", f"ALTER TABLE {_staged(table)} RESET (autovacuum_enabled)"]
    order = sorted(per_table, key=lambda t: -size.get(t, 0) * (1 + len(per_table[t])))
    _parallel([run_all(per_table[t]) for t in order], url, workers)


def _staged_sizes(url: str) -> dict[str, int]:
    """Heap bytes of each staging table, by its final qualified name (for longest-first scheduling)."""
    with _pg_connect(url) as conn:
        rows = conn.execute(
            "SELECT n.nspname, c.relname, pg_relation_size(c.oid) FROM pg_class c "
            "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname LIKE %s AND c.relkind = 'r'",
            (f"%{STAGING_SUFFIX}",),
        ).fetchall()
    return {f"{ns[: -len(STAGING_SUFFIX)]}.{rel}": int(sz) for ns, rel, sz in rows}
