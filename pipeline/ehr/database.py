"""One database abstraction chosen by URL, and the read-only, bounded query API every later step uses.

`connect("duckdb:///path.duckdb")` is the embedded default; `connect("postgresql+psycopg://…")` the production
backend. `Database.query()` takes PostgreSQL-dialect SQL (transpiled for DuckDB), refuses anything but a single
read statement, enforces a timeout and a row cap, and returns a polars DataFrame.
"""

import hashlib
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import duckdb
import polars as pl
import pyarrow as pa
from sqlglot import exp

from pipeline.ehr.dialect import SQLSyntaxError, parse_postgres, to_duckdb

DEFAULT_TIMEOUT_S = 30.0
DEFAULT_MAX_ROWS = 100_000


class QueryError(RuntimeError):
    """A query failed; the message names why, for a user or an agent to read."""


class WriteRefused(QueryError):
    """The SQL is not a single read-only statement."""


class QueryTimeout(QueryError):
    pass


class RowLimitExceeded(QueryError):
    pass


@dataclass(frozen=True)
class QueryResult:
    frame: pl.DataFrame
    truncated: bool
    seconds: float
    executed_sql: str
    # each column's SQL type in the PostgreSQL dialect (PostgreSQL's own name, `bpchar(7)`; DuckDB's from its Arrow
    # type), None where it has no such name: what a query needs to write the rows back as typed literals
    types: tuple[str | None, ...] = ()


# Statement kinds an agent or a contract may run. Anything else (DML, DDL, COPY, SET, ATTACH, PRAGMA,
# transaction control, commands sqlglot only knows as opaque Command) is refused before it reaches a backend.
_READ_ROOTS = (exp.Select, exp.Union, exp.Intersect, exp.Except, exp.Subquery, exp.Values)
_FORBIDDEN_NODES = (
    exp.Insert, exp.Update, exp.Delete, exp.Merge, exp.Create, exp.Drop, exp.Alter, exp.TruncateTable,
    exp.Copy, exp.Command, exp.Set, exp.Transaction, exp.Commit, exp.Rollback, exp.Attach, exp.Detach,
    exp.Into, exp.Pragma, exp.Use, exp.LoadData, exp.Grant,
)
# Functions that reach outside the database: files, programs, other servers, settings, sleeping.
_FORBIDDEN_FUNCTIONS = {
    "pg_read_file", "pg_read_binary_file", "pg_ls_dir", "pg_stat_file", "lo_import", "lo_export", "lo_get",
    "dblink", "dblink_exec", "pg_sleep", "pg_sleep_for", "pg_sleep_until", "set_config", "pg_terminate_backend",
    "pg_cancel_backend", "pg_reload_conf", "pg_rotate_logfile", "current_setting", "query_to_xml",
    "read_csv", "read_csv_auto", "read_parquet", "read_json", "read_json_auto", "read_text", "read_blob",
    "parquet_scan", "glob", "sniff_csv", "getenv", "sleep", "pg_logical_emit_message", "txid_current",
    "nextval", "setval", "pg_advisory_lock", "lo_unlink", "lo_create", "lo_from_bytea", "lo_put",
}


def validate_read_only(sql: str) -> exp.Expression:
    """Parse and refuse anything that is not exactly one read statement. Returns the parsed tree."""
    if not sql or not sql.strip():
        raise WriteRefused("empty SQL")
    try:
        stmts = parse_postgres(sql)
    except SQLSyntaxError as e:
        raise QueryError(str(e)) from None
    if len(stmts) != 1:
        raise WriteRefused(f"exactly one statement is allowed, got {len(stmts)}")
    tree = stmts[0]
    root = tree.this if isinstance(tree, exp.With) else tree
    if not isinstance(root, _READ_ROOTS):
        raise WriteRefused(f"only read-only SELECT queries are allowed, not {type(root).__name__.upper()}")
    for node in tree.walk():
        if isinstance(node, _FORBIDDEN_NODES):
            raise WriteRefused(f"{type(node).__name__.upper()} is not allowed in a read-only query")
        if isinstance(node, exp.Lock):
            raise WriteRefused("row locks (FOR UPDATE/SHARE) are not allowed")
        if isinstance(node, exp.Func):
            name = (node.sql_name() if not isinstance(node, exp.Anonymous) else node.name).lower()
            if name in _FORBIDDEN_FUNCTIONS:
                raise WriteRefused(f"function {name}() is not allowed")
        if isinstance(node, exp.Table) and isinstance(node.this, exp.Literal):
            raise WriteRefused("reading files as tables is not allowed")
    return tree


INLINE_DELIM = "~|~"
# the one type name the two backends spell differently in an inline table's casts
_NATIVE_TYPE = {"duckdb": {"DOUBLE PRECISION": "DOUBLE"}}


@dataclass(frozen=True)
class InlineTable:
    """Rows inlined into one query as its first CTE, `name AS (SELECT … FROM GENERATE_SERIES(0, n-1) AS g(i))`:
    one delimited string literal per column, indexed by the series (the planner then knows the row count; an UNNEST
    is estimated at one row). A query over it is written with `placeholder()` as that CTE, so its text is the same
    whatever the rows: the database parses, checks and transpiles it once and splices each call's rows in."""

    name: str
    columns: tuple[tuple[str, str | None], ...]  # (column, SQL type to cast the text to; None keeps it text)
    values: tuple[tuple[str, ...], ...]  # one tuple of texts per column, all of one length
    null_text: str | None = None  # a value equal to it is NULL (none is, without it)

    def __post_init__(self) -> None:
        if not self.values or len({len(v) for v in self.values}) != 1 or len(self.values) != len(self.columns):
            raise ValueError("an inline table needs one equally long list of values per column")
        for texts in self.values:
            for text in texts:
                if INLINE_DELIM in text:
                    raise ValueError(f"value {text!r} contains the reserved delimiter {INLINE_DELIM!r}")

    def cte(self, backend: str = "postgresql") -> str:
        return self._cte([INLINE_DELIM.join(v).replace("'", "''") for v in self.values], len(self.values[0]),
                         _NATIVE_TYPE.get(backend, {}))

    def placeholder(self) -> str:
        """The CTE with no rows' texts: it types every column as `cte()` does."""
        return self._cte(["" for _ in self.columns], 1, {})

    def select(self) -> str:
        """The rows as a SELECT (PostgreSQL dialect), for a CTE of a query's own text."""
        return self._select([INLINE_DELIM.join(v).replace("'", "''") for v in self.values], len(self.values[0]), {})

    def _cte(self, joined: Sequence[str], n: int, native: dict[str, str]) -> str:
        return f"{self.name} AS ({self._select(joined, n, native)})"

    def _select(self, joined: Sequence[str], n: int, native: dict[str, str]) -> str:
        cols = []
        for (column, cast), text in zip(self.columns, joined, strict=True):
            expr = f"(STRING_TO_ARRAY('{text}', '{INLINE_DELIM}'))[g.i + 1]"
            if self.null_text is not None:
                expr = f"NULLIF({expr}, '{self.null_text}')"
            cols.append(f"CAST({expr} AS {native.get(cast, cast)}) AS {column}" if cast else f"{expr} AS {column}")
        return f"SELECT {', '.join(cols)} FROM GENERATE_SERIES(0, {n - 1}) AS g(i)"


def _span_of_first_cte(sql: str, name: str) -> tuple[int, int] | None:
    """(start, end) of `name AS (…)` when it is the statement's first CTE; quotes are skipped."""
    head = f"WITH {name} AS ("
    if not sql.startswith(head):
        return None
    depth, i, quoted = 0, len(head) - 1, False
    while i < len(sql):
        ch = sql[i]
        if quoted:
            if ch == "'":
                if sql.startswith("''", i):
                    i += 1
                else:
                    quoted = False
        elif ch == "'":
            quoted = True
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return len("WITH "), i + 1
        i += 1
    return None


@lru_cache(maxsize=2048)
def _prepared(backend: str, sql: str, name: str) -> tuple[str, str] | None:
    """(text before, text after) the inline CTE in the backend's SQL of `sql`, checked read-only once per text;
    None when the transpiled text does not keep the CTE first (the caller then runs the whole text)."""
    tree = validate_read_only(sql)
    native = to_duckdb(sql, tree) if backend == "duckdb" else sql
    span = _span_of_first_cte(native, name)
    return None if span is None else (native[: span[0]], native[span[1]:])


class Database:
    """Base class: a connected EHR. Subclasses implement _execute for their backend."""

    backend: str
    url: str

    def query(self, sql: str, *, timeout_s: float = DEFAULT_TIMEOUT_S, max_rows: int = DEFAULT_MAX_ROWS,
              whole_ehr: bool = False, inline: InlineTable | None = None) -> pl.DataFrame:
        """Run read-only PostgreSQL-dialect SQL; raise RowLimitExceeded past max_rows. `whole_ehr` marks an
        analytic query over whole tables (a family's binding query), which PostgreSQL then plans with hash joins
        (see PostgresDatabase). With `inline`, `sql` begins `WITH <inline.placeholder()>` and the table's rows
        are spliced in after the text is checked and transpiled (once per text: the construction's set-based
        queries run one template text over many chunks of bindings)."""
        result = self.query_result(sql, timeout_s=timeout_s, max_rows=max_rows, whole_ehr=whole_ehr, inline=inline)
        if result.truncated:
            raise RowLimitExceeded(f"result has more than {max_rows} rows")
        return result.frame

    def prepare(self, sql: str, inline: InlineTable) -> None:
        """Check and transpile a query over an inline table before its first run (once per text, then cached), so
        a caller can time what the text costs to prepare apart from what it costs to run; query() reports errors."""
        with suppress(SQLSyntaxError):
            _prepared(self.backend, sql, inline.name)

    def query_result(self, sql: str, *, timeout_s: float = DEFAULT_TIMEOUT_S, max_rows: int = DEFAULT_MAX_ROWS,
                     whole_ehr: bool = False, inline: InlineTable | None = None) -> QueryResult:
        """Like query() but returns the first max_rows rows with a truncated flag instead of raising."""
        native, tree = None, None
        if inline is not None:
            if not sql.startswith(f"WITH {inline.placeholder()}"):
                raise ValueError(f"a query over inline table {inline.name} must begin with its placeholder CTE")
            try:
                parts = _prepared(self.backend, sql, inline.name)
            except SQLSyntaxError as e:
                raise QueryError(str(e)) from None
            if parts is not None:
                native = parts[0] + inline.cte(self.backend) + parts[1]
            else:
                sql = sql.replace(inline.placeholder(), inline.cte(), 1)
        if native is None:
            tree = validate_read_only(sql)
        start = time.perf_counter()
        frame, truncated, executed, types = self._execute(sql, timeout_s=timeout_s, max_rows=max_rows, parsed=tree,
                                                          whole_ehr=whole_ehr, native=native)
        return QueryResult(frame, truncated, time.perf_counter() - start, executed, types)

    def scalar(self, sql: str, **kw: Any) -> Any:
        frame = self.query(sql, **kw)
        if frame.height == 0:
            return None
        return frame.row(0)[0]

    def _execute(
        self, sql: str, *, timeout_s: float, max_rows: int, parsed: exp.Expression | None = None,
        whole_ehr: bool = False, native: str | None = None,
    ) -> tuple[pl.DataFrame, bool, str, tuple[str | None, ...]]:
        """Run `native` (the backend's own SQL, already checked) when given, else `sql`; return the rows, whether
        more than max_rows were cut off, the SQL run and the columns' types (QueryResult.types)."""
        raise NotImplementedError

    def table_row_counts(self) -> dict[str, int]:
        from pipeline.ehr.schema import all_tables

        sql = " UNION ALL ".join(
            f"SELECT '{t.qualified}' AS t, COUNT(*) AS n FROM {t.qualified}" for t in all_tables() if self.has_table(t.qualified)
        )
        frame = self.query(sql)
        return dict(zip(frame["t"].to_list(), frame["n"].to_list(), strict=True))

    def has_table(self, qualified: str) -> bool:
        schema, name = qualified.split(".")
        return self.scalar(
            "SELECT COUNT(*) FROM information_schema.tables "
            f"WHERE table_schema = '{schema}' AND table_name = '{name}'"
        ) > 0

    def columns(self) -> pl.DataFrame:
        """(table_schema, table_name, column_name, ordinal_position, data_type, is_nullable) of MIMIC schemas."""
        return self.query(
            "SELECT table_schema, table_name, column_name, ordinal_position, data_type, is_nullable "
            "FROM information_schema.columns WHERE table_schema IN ('mimiciv_hosp', 'mimiciv_icu', 'mimiciv_derived') "
            "ORDER BY table_schema, table_name, ordinal_position"
        )

    def fingerprint(self) -> str:
        """Content fingerprint: row counts plus a hash of key aggregates per table. Cheap enough to run per build."""
        counts = self.table_row_counts()
        h = hashlib.sha256()
        for name in sorted(counts):
            h.update(f"{name}={counts[name]};".encode())
        return h.hexdigest()[:16]

    def close(self) -> None:
        pass

    @contextmanager
    def one_thread(self) -> Iterator[None]:
        """The block's queries on one query thread where the backend allows it (DuckDB read-write). Elsewhere
        (PostgreSQL, DuckDB's locked read-only connection) nothing changes."""
        yield

    def __enter__(self) -> "Database":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class DuckDBDatabase(Database):
    """Embedded backend. Read-only connections are hardened for untrusted SQL (read_only alone still lets a
    query ATTACH another database or read files; tests/test_database.py tries the escapes)."""

    backend = "duckdb"

    def __init__(self, path: Path, *, read_only: bool = True, threads: int = 2, memory_limit: str = "4GB"):
        self.path = Path(path)
        self.url = f"duckdb:///{self.path}"
        if read_only and not self.path.exists():
            raise FileNotFoundError(f"DuckDB file {self.path} does not exist (generate it with `robustgym ehr generate`)")
        self.read_only = read_only
        self.threads = threads
        self._con = duckdb.connect(str(self.path), read_only=read_only)
        self._lock = threading.Lock()
        settings = [f"SET threads = {threads}", f"SET memory_limit = '{memory_limit}'"]
        if read_only:
            settings += [
                "SET max_temp_directory_size = '1GB'",
                "SET autoinstall_known_extensions = false",
                "SET autoload_known_extensions = false",
                "SET allow_community_extensions = false",
                "SET enable_external_access = false",
                "SET lock_configuration = true",
            ]
        for s in settings:
            self._con.execute(s)

    @contextmanager
    def one_thread(self) -> Iterator[None]:
        """DuckDB builds hash tables and sort runs per thread, so a query that ran out of memory on two threads
        may fit on one (its error message's first advice). The setting is the database's: nothing else may run
        meanwhile (the binding step's retry holds the engine's gate alone)."""
        if self.read_only:
            yield
            return
        self._con.execute("SET threads = 1")
        try:
            yield
        finally:
            self._con.execute(f"SET threads = {self.threads}")

    @property
    def connection(self) -> duckdb.DuckDBPyConnection:
        """The native connection, for loaders (only when opened read-write)."""
        return self._con

    def _execute(
        self, sql: str, *, timeout_s: float, max_rows: int, parsed: exp.Expression | None = None,
        whole_ehr: bool = False, native: str | None = None,
    ) -> tuple[pl.DataFrame, bool, str, tuple[str | None, ...]]:
        duck_sql = native if native is not None else to_duckdb(sql, parsed)
        with self._lock:
            cur = self._con.cursor()
        timed_out = threading.Event()

        def interrupt() -> None:
            timed_out.set()
            cur.interrupt()

        timer = threading.Timer(timeout_s, interrupt)
        timer.start()
        try:
            reader = cur.sql(duck_sql).to_arrow_reader(min(max_rows + 1, 65_536))
            batches, n = [], 0
            for batch in reader:
                batches.append(batch)
                n += batch.num_rows
                if n > max_rows:
                    break
            table = pa.Table.from_batches(batches, schema=reader.schema)
        except duckdb.InterruptException:
            raise QueryTimeout(f"query exceeded the {timeout_s:g} s time limit") from None
        except duckdb.Error as e:
            if timed_out.is_set():
                raise QueryTimeout(f"query exceeded the {timeout_s:g} s time limit") from None
            raise QueryError(_clean_duckdb_error(e)) from None
        except OSError:  # an interrupt while streaming Arrow batches surfaces as pyarrow's OSError
            if timed_out.is_set():
                raise QueryTimeout(f"query exceeded the {timeout_s:g} s time limit") from None
            raise
        finally:
            timer.cancel()
            cur.close()
        truncated = table.num_rows > max_rows
        frame = pl.from_arrow(_intervals_to_durations(table.slice(0, max_rows)))
        assert isinstance(frame, pl.DataFrame)
        return frame, truncated, duck_sql, tuple(_arrow_type_name(f.type) for f in table.schema)

    def close(self) -> None:
        self._con.close()


_ARROW_TYPE_NAMES = {
    pa.bool_(): "BOOLEAN", pa.int8(): "SMALLINT", pa.int16(): "SMALLINT", pa.int32(): "INTEGER", pa.int64(): "BIGINT",
    pa.float32(): "REAL", pa.float64(): "DOUBLE PRECISION", pa.string(): "TEXT", pa.large_string(): "TEXT",
    pa.date32(): "DATE", pa.timestamp("us"): "TIMESTAMP",
}


def _arrow_type_name(t: pa.DataType) -> str | None:
    if pa.types.is_decimal(t):
        return f"NUMERIC({t.precision}, {t.scale})"
    return _ARROW_TYPE_NAMES.get(t)


def _intervals_to_durations(table: pa.Table) -> pa.Table:
    """polars cannot import Arrow's month_day_nano interval (DuckDB's INTERVAL) and panics; give it a duration,
    counting a month as 30 days as PostgreSQL's EXTRACT(EPOCH …) and psycopg do."""
    for i, f in enumerate(table.schema):
        if pa.types.is_interval(f.type):
            values = [
                None if v is None else (v.months * 30 + v.days) * 86_400_000_000 + v.nanoseconds // 1000
                for v in table.column(i).to_pylist()
            ]
            table = table.set_column(i, f.name, pa.array(values, type=pa.int64()).cast(pa.duration("us")))
    return table


def _clean_duckdb_error(e: Exception) -> str:
    text = str(e).strip()
    return text.split("\n\nLINE")[0] if text else type(e).__name__


# Settings our client sets on every transaction of its own sessions (SET LOCAL: a MIMIC-IV user's server keeps its
# own configuration). JIT off: PostgreSQL compiles every plan estimated above its JIT cost threshold, which the
# families' binding queries are, and compiling took longer than running many of them (BENCHMARKS.md, "The binding
# step on PostgreSQL"). A cursor tuple fraction of 1: every query runs through a cursor, which PostgreSQL plans for
# its first 10 % of rows unless told otherwise, and the engine fetches all of them (BENCHMARKS.md, "Slot-free CTEs
# as constants of the build").
SESSION_SETTINGS = ["SET LOCAL jit = off", "SET LOCAL cursor_tuple_fraction = 1.0"]
# A whole-EHR analytic query (a family's binding query) is planned with hash joins: PostgreSQL estimates a join of
# a VALUES pattern list with LIKE, a GROUP BY over a CTE or a HAVING at a few rows where there are thousands, then
# runs nested loops over CTE scans, an anti join over a hundred million row pairs in one binding query.
# Correlated LATERAL queries (set-based execution) keep nested loops. No parallel workers for them: the build
# already runs two families' queries at once, and on two cores the workers cost more CPU than the wall time they
# save (both measured in BENCHMARKS.md, "The binding step on PostgreSQL").
WHOLE_EHR_SETTINGS = ["SET LOCAL enable_nestloop = off", "SET LOCAL max_parallel_workers_per_gather = 0"]


class PostgresDatabase(Database):
    """Production backend through SQLAlchemy's pool and psycopg. Every query runs in a READ ONLY transaction
    with statement_timeout, fetched through a server-side cursor so the row cap bounds memory."""

    backend = "postgresql"

    def __init__(self, url: str, *, pool_size: int = 4):
        import sqlalchemy as sa

        self.url = url
        self._engine = sa.create_engine(_sqlalchemy_url(url), pool_size=pool_size, max_overflow=4, pool_pre_ping=True)

    @contextmanager
    def raw_connection(self) -> Iterator[Any]:
        """A psycopg connection from the pool (for loaders that COPY)."""
        conn = self._engine.raw_connection()
        try:
            yield conn.driver_connection
        finally:
            conn.close()

    def _execute(
        self, sql: str, *, timeout_s: float, max_rows: int, parsed: exp.Expression | None = None,
        whole_ehr: bool = False, native: str | None = None,
    ) -> tuple[pl.DataFrame, bool, str, tuple[str | None, ...]]:
        import psycopg

        sql = native if native is not None else sql
        with self.raw_connection() as conn:
            try:
                conn.rollback()
                conn.read_only = True
                with conn.transaction():
                    with conn.cursor() as c:  # one round trip for all of this transaction's settings
                        c.execute("; ".join([f"SET LOCAL statement_timeout = {int(timeout_s * 1000)}",
                                             *SESSION_SETTINGS, *(WHOLE_EHR_SETTINGS if whole_ehr else [])]))
                    with conn.cursor(name="robustgym_query") as cur:
                        cur.itersize = 10_000
                        cur.execute(sql)
                        rows = cur.fetchmany(max_rows + 1)
                        names = [d.name for d in cur.description] if cur.description else []
                        oids = [d.type_code for d in cur.description] if cur.description else []
                        types = tuple(d.type_display for d in cur.description) if cur.description else ()
            except psycopg.errors.QueryCanceled:
                raise QueryTimeout(f"query exceeded the {timeout_s:g} s time limit") from None
            except psycopg.Error as e:
                raise QueryError(_clean_pg_error(e)) from None
            finally:
                conn.read_only = False
        truncated = len(rows) > max_rows
        rows = rows[:max_rows]
        return _rows_to_frame(rows, names, oids), truncated, sql, types

    def close(self) -> None:
        self._engine.dispose()


def _clean_pg_error(e: Exception) -> str:
    diag = getattr(e, "diag", None)
    msg = getattr(diag, "message_primary", None) or str(e).strip().splitlines()[0]
    return msg


# psycopg type oids whose values polars cannot infer from None-only columns; pin them so schemas are stable
_PG_OID_DTYPES: dict[int, pl.DataType] = {
    16: pl.Boolean(), 20: pl.Int64(), 21: pl.Int16(), 23: pl.Int32(), 700: pl.Float32(), 701: pl.Float64(),
    25: pl.String(), 1043: pl.String(), 1042: pl.String(), 1082: pl.Date(), 1114: pl.Datetime("us"),
    1184: pl.Datetime("us", "UTC"), 1186: pl.Duration("us"),
}


def _rows_to_frame(rows: list[tuple], names: list[str], oids: list[int]) -> pl.DataFrame:
    names = _dedupe(names)
    columns = {}
    for i, name in enumerate(names):
        values = [r[i] for r in rows]
        dtype = _PG_OID_DTYPES.get(oids[i])
        try:
            columns[name] = pl.Series(name, values, dtype=dtype, strict=False) if dtype else pl.Series(name, values)
        except (TypeError, pl.exceptions.PolarsError):
            columns[name] = pl.Series(name, [None if v is None else str(v) for v in values], dtype=pl.String())
    return pl.DataFrame(columns)


def _dedupe(names: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for n in names:
        if n in seen:
            seen[n] += 1
            out.append(f"{n}_{seen[n]}")
        else:
            seen[n] = 0
            out.append(n)
    return out


def _sqlalchemy_url(url: str) -> str:
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def psycopg_conninfo(url: str) -> str:
    """A libpq connection string from a SQLAlchemy-style URL (for psycopg.connect)."""
    return "postgresql://" + url.split("://", 1)[1]


def connect(url: str, *, read_only: bool = True, memory_limit: str = "4GB", threads: int = 2) -> Database:
    """Open the EHR named by a URL: duckdb:///path or postgresql+psycopg://user@host:port/db. `memory_limit` caps
    DuckDB's own memory (its buffer pool caches scanned tables up to it) and `threads` its query threads; the
    server's settings govern PostgreSQL."""
    if url.startswith("duckdb:///"):
        # SQLAlchemy convention: duckdb:///relative/file.duckdb, duckdb:////absolute/file.duckdb
        return DuckDBDatabase(Path(url[len("duckdb:///"):]), read_only=read_only, memory_limit=memory_limit,
                              threads=threads)
    if url.startswith(("postgresql", "postgres://")):
        return PostgresDatabase(url)
    raise ValueError(f"unsupported database URL {url!r}: use duckdb:///path.duckdb or postgresql+psycopg://user@host:port/db")
