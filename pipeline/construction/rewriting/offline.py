"""The default rewriter: offline and deterministic. A seeded hash of the pair picks one of the family's surface forms
(the same for both twins) and, for slots with a synonym table, one accepted spelling of the value."""

import re

from pipeline.common.hashing import stable_hash
from pipeline.construction.requests.family import QUESTION_SLOT_RE, Family
from pipeline.construction.slots import SLOT_TYPES, SlotValue, display

Synonyms = dict[str, dict[str, list[str]]]


def accepted_spellings(family: Family, slot: str, value: SlotValue, synonyms: Synonyms) -> list[str]:
    """The canonical value plus its listed synonyms (case-insensitive lookup of the canonical)."""
    group = family.spec.slots[slot].synonyms
    if not group or group not in synonyms:
        return []
    table = synonyms[group]
    text = str(value)
    if text in table:
        return list(table[text])
    low = text.lower()
    for k, v in table.items():
        if k.lower() == low:
            return list(v)
    return []


def display_slot(family: Family, slot: str, value: SlotValue, synonyms: Synonyms, *, seed: int, pair_id: str) -> str:
    kind = SLOT_TYPES[family.spec.slots[slot].type].kind
    base = display(kind, value)
    alts = accepted_spellings(family, slot, value, synonyms)
    if not alts:
        return base
    options = [base, *alts]
    return options[stable_hash(seed, pair_id, slot, base) % len(options)]


def form_index(family: Family, *, seed: int, pair_id: str) -> int:
    return stable_hash(seed, pair_id, "form") % len(family.spec.questions)


def render_question(family: Family, form: int, slots: dict[str, SlotValue], synonyms: Synonyms, *, seed: int,
                    pair_id: str) -> str:
    template = family.spec.questions[form]
    text = QUESTION_SLOT_RE.sub(
        lambda m: display_slot(family, m.group(1), slots[m.group(1)], synonyms, seed=seed, pair_id=pair_id), template)
    return re.sub(r"\s+", " ", text).strip()


def rewrite_pair(family: Family, pair_id: str, clean: dict[str, SlotValue], noise: dict[str, SlotValue],
                 synonyms: Synonyms, *, seed: int) -> tuple[int, str, str]:
    """(form index, clean question, noise question): the same form for both twins."""
    form = form_index(family, seed=seed, pair_id=pair_id)
    return (form, render_question(family, form, clean, synonyms, seed=seed, pair_id=pair_id),
            render_question(family, form, noise, synonyms, seed=seed, pair_id=pair_id))


def slots_in_form(family: Family, form: int) -> list[str]:
    return sorted(set(QUESTION_SLOT_RE.findall(family.spec.questions[form])))
