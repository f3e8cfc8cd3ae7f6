"""Binding: one query per family returns every candidate binding (Clean premises hold by construction); a
seeded hash picks a deterministic sample, capped per family."""

import logging
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import polars as pl

from pipeline.common.hashing import canonical_json, short_id, stable_hash
from pipeline.construction.layouts import BINDINGS
from pipeline.construction.requests.family import Family
from pipeline.construction.slots import normalize
from pipeline.construction.sqlexec import Engine
from pipeline.ehr.database import Database, QueryError

log = logging.getLogger(__name__)


class SharedQueries:
    """The binding queries several families of one step run with the same text (one binding file named by several
    contracts): the first family to need one runs it, the others wait for its rows and reuse them. The rows are let
    go once the last of those families has taken them (a whole-EHR result, not held to the end of the step)."""

    def __init__(self, texts: Iterable[str] = ()):
        self._left = {t: n for t, n in Counter(texts).items() if n > 1}  # families yet to take each shared text
        self._lock = threading.Lock()
        self._locks: dict[str, threading.Lock] = {}
        self._frames: dict[str, pl.DataFrame] = {}

    def run(self, sql: str, query: Callable[[], pl.DataFrame]) -> pl.DataFrame:
        if sql not in self._left:
            return query()
        with self._lock:
            lock = self._locks.setdefault(sql, threading.Lock())
        with lock:
            frame = self._frames.pop(sql, None)
            if frame is None:
                frame = query()
            self._left[sql] -= 1
            if self._left[sql] > 0:
                self._frames[sql] = frame
            return frame


@dataclass
class BindResult:
    family: str
    candidates: int
    sampled: list[dict]
    seconds: float


def bind_family(db: Database, family: Family, *, seed: int, cap: int, engine: Engine | None = None,
                shared: SharedQueries | None = None) -> BindResult:
    """All candidate bindings of a family (one query), normalised and de-duplicated, then a seeded sample of at
    most `cap` (a family's max_bindings raises it: compositional families sample more at the default cap). The
    engine gives the query's limits and the gate the build's binding queries share; `shared`, the rows of a query
    another family of the step runs too."""
    start = time.perf_counter()
    engine = engine or Engine()
    timeout_s, max_rows = engine.config.timeout_s, engine.config.binding_max_rows
    sql = family.text(family.spec.binding)

    def query() -> pl.DataFrame:
        try:
            with engine.gate.shared():
                return db.query(sql, timeout_s=timeout_s, max_rows=max_rows, whole_ehr=True)
        except QueryError as e:
            # two families bind at once on one DuckDB memory budget: at 100,000 patients two whole-EHR binding
            # queries together ran out of it; alone, once the other one is done, the query fits. At 300,000 one
            # ran out alone (a worker build's family run): the retry also runs on one thread
            if "out of memory" not in str(e).lower():
                raise
            log.warning("%s: binding query out of memory (%s); running it again alone, on one thread", family.id, e)
            with engine.gate.alone(), db.one_thread():
                return db.query(sql, timeout_s=timeout_s, max_rows=max_rows, whole_ehr=True)

    try:
        frame = (shared or SharedQueries()).run(sql, query)
    except QueryError as e:  # a 100K-patient build stopped on a bare "query exceeded the 600 s time limit"
        raise type(e)(f"{family.id}: binding query {family.spec.binding}: {e}") from None
    kinds = family.slot_kinds
    missing = [s for s in kinds if s not in frame.columns]
    if missing:
        raise ValueError(f"{family.path}: binding query {family.spec.binding} returns no column(s) {missing} "
                         f"(columns: {frame.columns})")
    names = list(kinds)
    seen: set[str] = set()
    keyed: list[tuple[int, str, dict]] = []
    for row in frame.select(names).iter_rows():
        slots = {n: normalize(kinds[n], v) for n, v in zip(names, row, strict=True)}
        if any(v is None for v in slots.values()):
            continue
        key = canonical_json(slots)
        if key in seen:
            continue
        seen.add(key)
        keyed.append((stable_hash(seed, family.id, key), key, slots))
    keyed.sort(key=lambda t: (t[0], t[1]))
    limit = max(cap, family.spec.max_bindings or 0)
    sampled = [slots for _, _, slots in keyed[:limit]]
    return BindResult(family.id, len(keyed), sampled, time.perf_counter() - start)


def bindings_frame(results: list[tuple[Family, BindResult]]) -> pl.DataFrame:
    rows = []
    for fam, res in results:
        for slots in res.sampled:
            rows.append({
                "pair_id": short_id(fam.id, slots),
                "family": fam.id, "intent": fam.spec.intent, "level": fam.spec.level,
                "slots": canonical_json(slots), "n_candidates": res.candidates,
            })
    return pl.DataFrame(rows, schema=BINDINGS.schema()).sort("pair_id")
