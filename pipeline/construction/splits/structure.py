"""SQL structure of reference queries, measured with sqlglot for the dataset card (how hard the queries are)."""

from collections import defaultdict

import sqlglot
from sqlglot import exp

FEATURES = ("joins", "subqueries", "ctes", "aggregates", "window_functions", "predicates")
_PREDICATES = (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.Like, exp.ILike, exp.In, exp.Between,
               exp.Exists, exp.Is)


def sql_structure(sql: str) -> dict[str, int]:
    """Counts of joins, subqueries (nested SELECTs), CTEs, aggregate calls, window functions and predicates."""
    tree = sqlglot.parse_one(sql, read="postgres")
    selects = sum(1 for _ in tree.find_all(exp.Select))
    ctes = sum(1 for _ in tree.find_all(exp.CTE))
    return {
        "joins": sum(1 for _ in tree.find_all(exp.Join)),
        "subqueries": max(0, selects - 1 - ctes),
        "ctes": ctes,
        "aggregates": sum(1 for a in tree.find_all(exp.AggFunc) if not isinstance(a.parent, exp.Window)),
        "window_functions": sum(1 for _ in tree.find_all(exp.Window)),
        "predicates": sum(1 for _ in tree.find_all(*_PREDICATES)),
    }


def structure_by_intent(items: list[tuple[str, str, int]]) -> dict[str, dict[str, float]]:
    """(intent, sql template, weight) → per intent: mean count of each feature and the share of queries using it,
    weighted by the number of tasks built from each template (parsing every task's SQL would be slow)."""
    acc: dict[str, list[dict[str, int]]] = defaultdict(list)
    for intent, sql, weight in items:
        s = sql_structure(sql)
        acc[intent].extend([s] * weight)
    out: dict[str, dict[str, float]] = {}
    for intent in sorted(acc):
        rows = acc[intent]
        n = len(rows)
        stats: dict[str, float] = {"queries": n}
        for f in FEATURES:
            stats[f"{f}_mean"] = round(sum(r[f] for r in rows) / n, 2)
            stats[f"{f}_share"] = round(sum(1 for r in rows if r[f]) / n, 3)
        out[intent] = stats
    return out
