"""Binding: one query per family returns every candidate binding (Clean premises hold by construction); a
seeded hash picks a deterministic sample, capped per family."""

import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import polars as pl

from pipeline.common.hashing import canonical_json, short_id, stable_hash
from pipeline.construction.layouts import BINDINGS
from pipeline.construction.requests.family import Family
from pipeline.construction.slots import normalize
from pipeline.ehr.database import Database, QueryError

log = logging.getLogger(__name__)

@dataclass
class BindResult:
    family: str
    candidates: int
    sampled: list[dict]
    seconds: float


class _QueryGate:
    """Binding queries run side by side (shared); a retry after running out of memory runs alone: it waits for
    the running ones to finish and keeps new ones from starting until it is done."""

    def __init__(self) -> None:
        self._cv = threading.Condition()
        self._running = 0
        self._exclusive = False

    @contextmanager
    def shared(self) -> Iterator[None]:
        with self._cv:
            self._cv.wait_for(lambda: not self._exclusive)
            self._running += 1
        try:
            yield
        finally:
            with self._cv:
                self._running -= 1
                self._cv.notify_all()

    @contextmanager
    def alone(self) -> Iterator[None]:
        with self._cv:
            self._cv.wait_for(lambda: not self._exclusive)
            self._exclusive = True
            self._cv.wait_for(lambda: self._running == 0)
        try:
            yield
        finally:
            with self._cv:
                self._exclusive = False
                self._cv.notify_all()


_GATE = _QueryGate()


def bind_family(db: Database, family: Family, *, seed: int, cap: int, timeout_s: float = 600.0,
                max_rows: int = 20_000_000) -> BindResult:
    """All candidate bindings of a family (one query), normalised and de-duplicated, then a seeded sample of at
    most `cap` (a family's max_bindings raises it: compositional families sample more at the default cap)."""
    start = time.perf_counter()
    sql = family.text(family.spec.binding)
    try:
        try:
            with _GATE.shared():
                frame = db.query(sql, timeout_s=timeout_s, max_rows=max_rows, whole_ehr=True)
        except QueryError as e:
            # two families bind at once on one DuckDB memory budget: at 100,000 patients two whole-EHR binding
            # queries together ran out of it; alone, once the other one is done, the query fits
            if "out of memory" not in str(e).lower():
                raise
            log.warning("%s: binding query out of memory (%s); running it again alone", family.id, e)
            with _GATE.alone():
                frame = db.query(sql, timeout_s=timeout_s, max_rows=max_rows, whole_ehr=True)
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
