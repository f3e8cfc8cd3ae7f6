"""Integrity report of a loaded EHR: row counts, primary-key duplicates and foreign-key orphans for every
constraint in sql/schema/constraints.sql, and every realism invariant in sql/checks/*.sql.

Each invariant is a PostgreSQL-dialect query returning one row with a `violations` count, run through
Database.query (transpiled for DuckDB), so the same file checks both backends.
"""

import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pipeline.ehr.schema import mimic_tables
from pipeline.paths import SCHEMA_DIR, SQL_DIR

CHECKS_DIR = SQL_DIR / "checks"

_PK_RE = re.compile(r"ALTER TABLE\s+(\w+\.\w+)\s+ADD CONSTRAINT\s+(\w+)\s+PRIMARY KEY\s*\(([^)]*)\)", re.I)
_FK_RE = re.compile(
    r"ALTER TABLE\s+(\w+\.\w+)\s+ADD CONSTRAINT\s+(\w+)\s+FOREIGN KEY\s*\(([^)]*)\)\s+REFERENCES\s+(\w+\.\w+)\s*\(([^)]*)\)", re.I
)


@dataclass(frozen=True)
class Check:
    name: str
    kind: str  # 'pk' | 'fk' | 'invariant'
    description: str
    sql: str


@dataclass
class CheckResult:
    check: Check
    violations: int | None  # None when the query failed
    seconds: float
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and self.violations == 0


@dataclass
class CheckReport:
    row_counts: dict[str, int] = field(default_factory=dict)
    results: list[CheckResult] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.results)

    @property
    def failures(self) -> list[CheckResult]:
        return [r for r in self.results if not r.ok]

    def violations(self) -> dict[str, int | None]:
        return {r.check.name: r.violations for r in self.results}

    def render(self) -> str:
        lines = ["Row counts", "-" * 60]
        for name, n in sorted(self.row_counts.items()):
            lines.append(f"  {name:<45} {n:>14,}")
        lines += ["", f"{'check':<48} {'kind':<10} {'violations':>10}  status", "-" * 80]
        for r in self.results:
            v = "error" if r.violations is None else f"{r.violations:,}"
            status = "ok" if r.ok else ("ERROR: " + (r.error or "")[:60] if r.error else "FAIL")
            lines.append(f"{r.check.name:<48} {r.check.kind:<10} {v:>10}  {status}")
        n_fail = len(self.failures)
        lines += ["-" * 80, f"{len(self.results)} checks, {n_fail} failing -> {'OK' if self.ok else 'VIOLATIONS FOUND'}"]
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "row_counts": self.row_counts,
                "checks": [{"name": r.check.name, "kind": r.check.kind, "violations": r.violations, "error": r.error,
                            "description": r.check.description, "seconds": round(r.seconds, 3)} for r in self.results]}


def key_checks(constraints_path: Path | None = None) -> list[Check]:
    """One check per PRIMARY KEY (duplicates or NULLs) and FOREIGN KEY (orphans) in constraints.sql."""
    text = (constraints_path or SCHEMA_DIR / "constraints.sql").read_text()
    text = re.sub(r"--[^\n]*", "", text)
    checks = []
    for table, name, cols in _PK_RE.findall(text):
        cs = [c.strip() for c in cols.split(",")]
        nulls = " OR ".join(f"{c} IS NULL" for c in cs)
        sql = (f"SELECT (SELECT COUNT(*) FROM (SELECT {', '.join(cs)} FROM {table} GROUP BY {', '.join(cs)} "
               f"HAVING COUNT(*) > 1) d) + (SELECT COUNT(*) FROM {table} WHERE {nulls}) AS violations")
        checks.append(Check(name, "pk", f"{table} primary key ({', '.join(cs)}) unique and not NULL", sql))
    for table, name, cols, parent, pcols in _FK_RE.findall(text):
        cs = [c.strip() for c in cols.split(",")]
        ps = [c.strip() for c in pcols.split(",")]
        notnull = " AND ".join(f"c.{c} IS NOT NULL" for c in cs)
        join = " AND ".join(f"p.{p} = c.{c}" for c, p in zip(cs, ps, strict=True))
        sql = (f"SELECT COUNT(*) AS violations FROM {table} c WHERE {notnull} "
               f"AND NOT EXISTS (SELECT 1 FROM {parent} p WHERE {join})")
        checks.append(Check(name, "fk", f"{table}({', '.join(cs)}) -> {parent}({', '.join(ps)}) has no orphans", sql))
    return checks


def invariant_checks(checks_dir: Path | None = None) -> list[Check]:
    """The realism invariants, one per sql/checks/<name>.sql (first comment line = description)."""
    out = []
    for path in sorted((checks_dir or CHECKS_DIR).glob("*.sql")):
        text = path.read_text()
        desc = " ".join(ln[2:].strip() for ln in text.splitlines() if ln.startswith("--"))
        sql = "\n".join(ln for ln in text.splitlines() if not ln.startswith("--")).strip().rstrip(";")
        out.append(Check(path.stem, "invariant", desc, sql))
    return out


def all_checks() -> list[Check]:
    return key_checks() + invariant_checks()


def run_check(db: Any, check: Check, *, timeout_s: float = 600.0) -> CheckResult:
    start = time.perf_counter()
    try:
        frame = db.query(check.sql, timeout_s=timeout_s, max_rows=10)
        value = frame["violations"][0] if "violations" in frame.columns else frame.row(0)[0]
        return CheckResult(check, int(value or 0), time.perf_counter() - start)
    except Exception as e:  # a failing query is reported, not raised: the report must cover every check
        return CheckResult(check, None, time.perf_counter() - start, f"{type(e).__name__}: {e}")


def check_database(db: Any, *, checks: list[Check] | None = None, timeout_s: float = 600.0) -> CheckReport:
    """Run every key and invariant check against `db` (a pipeline.ehr.database.Database)."""
    report = CheckReport()
    for t in mimic_tables():
        try:
            report.row_counts[t.qualified] = int(db.query(f"SELECT COUNT(*) AS n FROM {t.qualified}")["n"][0])
        except Exception as e:
            report.results.append(CheckResult(Check(f"table_{t.name}", "table", f"{t.qualified} exists", ""), None, 0.0,
                                              f"{type(e).__name__}: {e}"))
    for check in checks if checks is not None else all_checks():
        report.results.append(run_check(db, check, timeout_s=timeout_s))
    return report
