"""Lint the family SQL (`make lint`): sqlfluff (settings in .sqlfluff) over every file a family names, as the engine
runs it (includes expanded, `{{slot}}` placeholders), and no line over 120 characters in the files as written,
except in the text the dataset stores (references, conditions and the fragments they include): those bytes are the
dataset's, so their long lines wait for a dataset version that changes them (contracts/FORMAT.md, "SQL style").

Results are cached per expanded text in .cache/sqllint.json (sqlfluff takes about 0.3 s a file); `--no-cache` runs
everything. Exit status 1 on any finding, each printed as `path:line: CODE message`."""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pipeline.construction.requests.family import expand_includes, included_files  # noqa: E402

SQL = ROOT / "sql" / "families"
CACHE = ROOT / ".cache" / "sqllint.json"
MAX_LINE = 120
STORED = (".ref.sql", ".cond.sql")


def stored_files(files: list[str]) -> set[str]:
    """The files whose text reaches the dataset: references, conditions and what they include, transitively."""
    out, todo = set(), [f for f in files if f.endswith(STORED)]
    while todo:
        rel = todo.pop()
        if rel not in out:
            out.add(rel)
            todo += included_files((SQL / rel).read_text())
    return out


def long_lines(files: list[str], stored: set[str]) -> list[str]:
    return [f"sql/families/{rel}:{i}: LEN line of {len(line)} characters (at most {MAX_LINE})"
            for rel in files if rel not in stored
            for i, line in enumerate((SQL / rel).read_text().splitlines(), 1) if len(line) > MAX_LINE]


_LINTER = None


def _lint(item: tuple[str, str]) -> list[tuple[int, str, str]]:
    global _LINTER
    if _LINTER is None:
        from sqlfluff.core import FluffConfig, Linter

        _LINTER = Linter(config=FluffConfig.from_path(str(ROOT)))
    rel, text = item
    result = _LINTER.lint_string(text, fname=rel)
    return [(v.line_no, v.rule_code(), v.desc()) for v in result.get_violations()]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    args = ap.parse_args(argv)
    import sqlfluff

    files = sorted(str(p.relative_to(SQL)) for p in SQL.rglob("*.sql"))
    stored = stored_files(files)
    findings = long_lines(files, stored)
    runnable = [f for f in files if not f.startswith("fragments/")]  # a fragment is linted where it is included
    salt = sqlfluff.__version__ + (ROOT / ".sqlfluff").read_text()
    texts = {rel: expand_includes((SQL / rel).read_text(), SQL, name=rel) for rel in runnable}
    keys = {rel: hashlib.sha256((salt + texts[rel]).encode()).hexdigest() for rel in runnable}
    cache = {}
    if CACHE.is_file() and not args.no_cache:
        cache = json.loads(CACHE.read_text())
    todo = [rel for rel in runnable if keys[rel] not in cache]
    if todo:
        with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            for rel, res in zip(todo, pool.map(_lint, [(rel, texts[rel]) for rel in todo], chunksize=8), strict=True):
                cache[keys[rel]] = res
        CACHE.parent.mkdir(exist_ok=True)
        tmp = CACHE.with_suffix(".tmp")
        tmp.write_text(json.dumps({keys[rel]: cache[keys[rel]] for rel in runnable}))
        tmp.replace(CACHE)
    for rel in runnable:
        for line, code, desc in cache[keys[rel]]:
            where = f"sql/families/{rel}:{line}" + (" (expanded)" if re.search(r"-- include:", (SQL / rel).read_text()) else "")
            findings.append(f"{where}: {code} {desc}")
    for f in findings:
        print(f)
    print(f"sql lint: {len(runnable)} files, {len(findings)} findings", file=sys.stderr)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
