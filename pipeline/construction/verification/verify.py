"""Step 2, verification. An evidence contract is a family (a template in contracts/) + bound slots + necessary
conditions + reference SQL + the verified answer.

Verification is set-based (all bindings of a family in a few queries: conditions as correlated scalar subqueries,
the reference as a LATERAL subquery). `verify_per_contract` does the same one contract at a time — it exists to
measure the speed-up and to prove the two agree."""

import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from pipeline.common.answers import encode_answer
from pipeline.common.hashing import canonical_json, short_id
from pipeline.construction.layouts import CONTRACTS
from pipeline.construction.requests.family import AnswerSpec, Family
from pipeline.construction.slots import SlotValue
from pipeline.construction.sqlexec import SetRunner, render
from pipeline.ehr.database import QueryError

log = logging.getLogger(__name__)


@dataclass
class Verified:
    """Outcome of verifying one binding (clean or noise)."""

    slots: dict[str, SlotValue]
    conditions: dict[str, bool | None]
    answer: Any = None
    reason: str | None = None  # None: accepted
    detail: str = ""
    n_rows: int = 0
    readings: list[str] = field(default_factory=list)  # the readings the answer was proved under
    reading_aliases: list[str] = field(default_factory=list)  # answers of `clean: alias` readings
    reading_effects: list[str] = field(default_factory=list)  # readings whose answer differed from the reference

    @property
    def accepted(self) -> bool:
        return self.reason is None


# ---------------------------------------------------------------- answers


def make_answer(spec: AnswerSpec, rows: list[dict[str, Any]]) -> tuple[Any, str | None, str]:
    """(answer JSON value, rejection reason, detail) from a reference result, by the shared encoder."""
    return tuple(encode_answer(rows, spec.type, columns=spec.columns, many=spec.cardinality == "many",
                               ordered=spec.ordered))


def answers_agree(spec: AnswerSpec, a: Any, b: Any) -> bool:
    """Two answers of one answer type are the same within the family's tolerance (numbers), precision
    (datetimes) or case (strings); lists and rows compare item by item."""
    if spec.type == "number_with_unit" and isinstance(a, dict) and isinstance(b, dict):
        return (abs(float(a["value"]) - float(b["value"])) <= spec.tolerance + 1e-9
                and str(a.get("unit") or "").strip().lower() == str(b.get("unit") or "").strip().lower())
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return False
        if spec.type == "list" and not spec.ordered:
            a, b = sorted(a, key=canonical_json), sorted(b, key=canonical_json)
        return all(answers_agree(spec, x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, int | float) and isinstance(b, int | float) and not isinstance(a, bool):
        return abs(float(a) - float(b)) <= spec.tolerance + 1e-9
    if spec.type == "datetime" and spec.precision == "day":
        return str(a)[:10] == str(b)[:10]
    if spec.type == "datetime":
        return str(a)[:16] == str(b)[:16]
    if isinstance(a, str) and isinstance(b, str):
        return a.strip().lower() == b.strip().lower()
    return canonical_json(a) == canonical_json(b)


# ---------------------------------------------------------------- verification


def _conditions(family: Family) -> list[tuple[str, str]]:
    return [(c.name, family.text(c.sql)) for c in family.spec.conditions]


def _judge(family: Family, slots: dict, conds: dict[str, bool | None], rows: list[dict] | None) -> Verified:
    failed = [n for n, v in conds.items() if v is not True]
    if failed:
        return Verified(slots, conds, reason="condition_failed", detail=",".join(failed))
    answer, reason, detail = make_answer(family.spec.answer, rows or [])
    return Verified(slots, conds, answer=answer, reason=reason, detail=detail, n_rows=len(rows or []),
                    readings=["reference"] if reason is None else [])


def verify_set(runner: SetRunner, family: Family, slots_list: list[dict[str, SlotValue]]) -> list[Verified]:
    """Set-based: one conditions query and one reference query per chunk of bindings."""
    kinds = family.slot_kinds
    bindings = list(enumerate(slots_list))
    try:
        conds = runner.conditions(_conditions(family), bindings, kinds)
        ok = [(b, s) for b, s in bindings if all(v is True for v in conds[b].values())]
        rows = runner.rows(family.text(family.spec.reference), ok, kinds)
    except QueryError as e:
        return [Verified(s, {}, reason="query_error", detail=str(e)) for s in slots_list]
    out = [_judge(family, s, conds[b], rows.get(b, [])) for b, s in bindings]
    try:
        check_readings(runner, family, [(b, s) for b, s in bindings if out[b].accepted], out)
    except QueryError as e:
        return [Verified(s, {}, reason="query_error", detail=f"reading: {e}") for s in slots_list]
    return out


def check_readings(runner: SetRunner, family: Family, accepted: list[tuple[int, dict[str, SlotValue]]],
                   out: list[Verified]) -> None:
    """A Clean task ships only when every `agree` reading gives the reference's answer within tolerance; `alias`
    readings add their answers to the accepted spellings; `noise_only` readings are pinned by the wording for
    Clean. Set-based: one query per reading and chunk. Rejections name the reading that disagreed."""
    kinds, spec = family.slot_kinds, family.spec.answer
    for reading in family.spec.readings:
        live = [(b, s) for b, s in accepted if out[b].accepted]
        if reading.clean == "noise_only" or not live:
            continue
        rows = runner.rows(family.text(reading.key), live, kinds, kind="reading")
        for b, _ in live:
            v = out[b]
            answer, reason, _ = make_answer(spec, rows.get(b, []))
            differs = reason is not None or not answers_agree(spec, answer, v.answer)
            if differs:
                v.reading_effects.append(reading.name)
            if reading.clean == "alias":
                if reason is None and differs:
                    v.reading_aliases.append(str(answer))
                v.readings.append(reading.name)
            elif differs:
                v.reason, v.detail = "reading_disagrees", (
                    f"{reading.name}: {canonical_json(answer) if reason is None else reason} vs {canonical_json(v.answer)}")
            else:
                v.readings.append(reading.name)


def verify_per_contract(runner: SetRunner, family: Family, slots_list: list[dict[str, SlotValue]]) -> list[Verified]:
    """One query per condition and one per reference, per contract (the slow baseline)."""
    kinds = family.slot_kinds
    out = []
    for s in slots_list:
        try:
            conds = runner.conditions_one(_conditions(family), s, kinds)
            rows = runner.rows_one(family.text(family.spec.reference), s, kinds) if all(v is True for v in conds.values()) else []
        except QueryError as e:
            out.append(Verified(s, {}, reason="query_error", detail=str(e)))
            continue
        out.append(_judge(family, s, conds, rows))
    check_readings(runner, family, [(i, s) for i, s in enumerate(slots_list) if out[i].accepted], out)
    return out


def answer_aliases(runner: SetRunner, family: Family, verified: list[Verified]) -> dict[int, list[str]]:
    """index → accepted spellings of a string answer (family `answer.aliases` SQL, `{{answer}}` bound)."""
    if not family.spec.answer.aliases:
        return {i: sorted(set(v.reading_aliases)) for i, v in enumerate(verified) if v.reading_aliases}
    kinds = dict(family.slot_kinds, answer="text")
    bindings = [(i, dict(v.slots, answer=str(v.answer))) for i, v in enumerate(verified) if v.accepted]
    try:
        rows = runner.rows(family.text(family.spec.answer.aliases), bindings, kinds, kind="aliases")
    except QueryError as e:
        log.warning("%s: aliases query failed: %s", family.id, e)
        return {}
    out = {i: sorted(set(v.reading_aliases)) for i, v in enumerate(verified) if v.reading_aliases}
    for i, rs in rows.items():
        aliases = {str(r.get("alias")) for r in rs if r.get("alias") is not None} | set(out.get(i, []))
        out[i] = sorted(aliases - {str(verified[i].answer)})
    return out


# ---------------------------------------------------------------- contract rows


def subject_ids(family: Family, slots: dict[str, SlotValue]) -> list[int]:
    """The patients a task is about: its subject_id slots (population tasks: none — see the dataset card)."""
    if family.spec.level == "population":
        return []
    return sorted({int(v) for n, v in slots.items() if family.spec.slots[n].type == "subject_id"})


def conditions_json(family: Family, slots: dict[str, SlotValue], conds: dict[str, bool | None]) -> str:
    kinds = family.slot_kinds
    return canonical_json([
        {"name": c.name, "sql": render(family.text(c.sql), slots, kinds), "holds": conds.get(c.name)}
        for c in family.spec.conditions
    ])


def contract_row(family: Family, v: Verified, aliases: list[str] | None = None) -> dict[str, Any]:
    spec = family.spec
    return {
        "pair_id": short_id(family.id, v.slots),
        "family": family.id, "intent": spec.intent, "level": spec.level,
        "slots": canonical_json(v.slots),
        "status": "accepted" if v.accepted else "rejected",
        "reason": v.reason, "detail": v.detail or None,
        "answer": canonical_json(v.answer) if v.accepted else None,
        "answer_type": spec.answer.type, "tolerance": float(spec.answer.tolerance),
        "precision": spec.answer.precision, "ordered": bool(spec.answer.ordered),
        "answer_aliases": canonical_json(aliases or []),
        "reference_sql": render(family.text(spec.reference), v.slots, family.slot_kinds),
        "conditions": conditions_json(family, v.slots, v.conditions),
        "subject_ids": subject_ids(family, v.slots),
        "readings": canonical_json(v.readings),
        "reading_effects": canonical_json(sorted(set(v.reading_effects))),
    }


def build_contracts(runner: SetRunner, families: list[Family], bindings: pl.DataFrame) -> tuple[pl.DataFrame, dict[str, float]]:
    """Verify every binding of every family set-based → the contracts table (accepted and rejected rows)."""
    by_family: dict[str, list[dict]] = {}
    for fam_id, slots in bindings.select("family", "slots").iter_rows():
        by_family.setdefault(fam_id, []).append(json.loads(slots))
    def one(fam: Family) -> tuple[list[dict], float]:
        start = time.perf_counter()
        verified = verify_set(runner, fam, by_family[fam.id])
        aliases = answer_aliases(runner, fam, verified)
        return [contract_row(fam, v, aliases.get(i)) for i, v in enumerate(verified)], time.perf_counter() - start

    todo = [f for f in families if by_family.get(f.id)]
    rows, timings = [], {}
    for fam, (fam_rows, seconds) in zip(todo, runner.map(one, todo), strict=True):
        rows += fam_rows
        timings[fam.id] = seconds
    frame = pl.DataFrame(rows, schema=CONTRACTS.schema()).sort("pair_id")
    return frame, timings
