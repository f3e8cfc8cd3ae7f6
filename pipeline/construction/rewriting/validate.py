"""Validation of every rewrite, offline or LLM: slot values survive, the twins differ only where their contracts
differ, and rule-based semantic checks. (Re-execution of the reference SQL is set-based, in rewriting.pipeline.)"""

import re

from pipeline.construction.requests.family import Family
from pipeline.construction.rewriting.offline import Synonyms, accepted_spellings
from pipeline.construction.slots import SLOT_TYPES, SlotValue, find_token, survives, variants

# Wording that tells the reader the premise may be false, or asks for something else than the contract.
GIVEAWAY = re.compile(
    r"\b(if any|if (it|one|that|they|such) (exists?|was|were)|if (there|this) (is|was)|hypothetical(ly)?|"
    r"assuming|supposedly|allegedly|may not exist|might not exist|does not exist|nonexistent|non-existent|"
    r"no such|not recorded|null|n/a)\b",
    re.I,
)
PLACEHOLDER_LEFT = re.compile(r"\{\w+\}|\{\{|\}\}")


def _kind(family: Family, slot: str) -> str:
    return SLOT_TYPES[family.spec.slots[slot].type].kind


def missing_slots(family: Family, slots: dict[str, SlotValue], required: list[str], text: str,
                  synonyms: Synonyms) -> list[str]:
    return [s for s in required
            if not survives(_kind(family, s), slots[s], text, accepted_spellings(family, s, slots[s], synonyms))]


def _mask(family: Family, text: str, slots: dict[str, SlotValue], synonyms: Synonyms) -> str:
    """The question with every spelling of every slot value replaced by <slot>, longest spelling first across all
    slots (so a unit '%' inside the label '% Hemoglobin A1c', or '24' inside a date, is not masked on its own)."""
    out = " ".join(text.lower().split())
    spellings = sorted(((v.lower(), name) for name in slots
                        for v in variants(_kind(family, name), slots[name], accepted_spellings(family, name, slots[name], synonyms))),
                       key=lambda t: (-len(t[0]), t))
    for token, name in spellings:
        token = " ".join(token.split())
        mark = f"<{name}>"
        i = find_token(out, token)
        while i >= 0:
            out = out[:i] + mark + out[i + len(token):]
            i = find_token(out, token, i + len(mark))
    # articles and plurals follow the value filled in ("an aspirin" / "a heparin", "1 hour" / "6 hours")
    out = re.sub(r"\ban\b", "a", out)
    return re.sub(r"\b(hour|day|minute|dose|time|admission|patient|year|week|month)s\b", r"\1", out)


def differ_only_in_slots(family: Family, clean_q: str, noise_q: str, clean: dict[str, SlotValue],
                         noise: dict[str, SlotValue], synonyms: Synonyms) -> bool:
    return _mask(family, clean_q, clean, synonyms) == _mask(family, noise_q, noise, synonyms)


def rule_problems(text: str) -> list[str]:
    problems = []
    if not text or len(text) < 15:
        problems.append("too short")
    if len(text) > 800:
        problems.append("too long")
    if PLACEHOLDER_LEFT.search(text or ""):
        problems.append("unfilled placeholder")
    if text and not text.rstrip().endswith(("?", ".")):
        problems.append("not a question or request")
    m = GIVEAWAY.search(text or "")
    if m:
        problems.append(f"hedging/give-away wording {m.group(0)!r}")
    return problems


def validate_rewrite(family: Family, clean_q: str, noise_q: str, clean: dict[str, SlotValue], noise: dict[str, SlotValue],
                     required: list[str], synonyms: Synonyms) -> tuple[str, str] | None:
    """None when the pair of questions is valid, else (reason, detail)."""
    for variant, q, slots in (("clean", clean_q, clean), ("noise", noise_q, noise)):
        if not isinstance(q, str) or not q.strip():
            return "rewrite_empty", f"{variant} question is empty"
        lost = missing_slots(family, slots, required, q, synonyms)
        if lost:
            return "slot_dropped", f"{variant} question lost slot(s) {', '.join(lost)}: {q!r}"
    if clean_q.strip() == noise_q.strip():
        return "twins_identical", "the two questions are identical although their contracts differ"
    if not differ_only_in_slots(family, clean_q, noise_q, clean, noise, synonyms):
        return "twins_differ_beyond_slots", f"clean {clean_q!r} vs noise {noise_q!r}"
    for variant, q in (("clean", clean_q), ("noise", noise_q)):
        probs = rule_problems(q)
        if probs:
            return "semantic_rule", f"{variant}: {'; '.join(probs)}"
    return None
