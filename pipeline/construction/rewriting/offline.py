"""The default rewriter: offline and deterministic. A seeded hash of the pair picks one of the family's surface forms
(the same for both twins) and, for slots with a synonym table, one accepted spelling of the value. Database strings
never reach a question raw: tall-man drug names ("CeftriaXONE") and ALL-CAPS codes ("EMERGENCY ROOM") are shown by
a clinical name (contracts/synonyms.yaml, else lower case), and articles and plurals are made to agree with the
value that fills the slot ("an aspirin", "the first 1 hour")."""

import re

from pipeline.common.hashing import stable_hash
from pipeline.construction.requests.family import QUESTION_SLOT_RE, Family
from pipeline.construction.slots import SLOT_TYPES, SlotValue, display

Synonyms = dict[str, dict[str, list[str]]]


# abbreviations a clinician writes in capitals (never lower-cased)
ABBREVIATIONS = frozenset({
    "ICU", "MICU", "SICU", "CCU", "CVICU", "TSICU", "PACU", "ED", "ER", "OR", "ICD", "DRG", "APR", "HCFA",
    "MS", "HCPCS", "MRSA", "VRE", "ESBL", "CSF", "BAL", "IV", "PO", "IM", "SC", "SQ", "PRN", "NPO", "PCA",
    "TPN", "FFP", "PRBC", "HIV", "AIDS", "DVT", "PE", "MI", "CABG", "PCI", "PICC", "GI", "UTI", "COPD",
    "CHF", "AKI", "CKD", "NOS", "NEC", "HCL", "HCl", "KCL", "NS", "LR", "D5W", "D50", "INR", "PT", "PTT",
    "BUN", "WBC", "RBC", "ALT", "AST", "LDH", "CRP", "CK", "MB", "BMI", "BP", "HR", "SBP", "DBP", "MAP",
    "SL", "IR", "XL", "SR", "CR", "DR", "EC", "ODT",
})
_TALL_MAN = re.compile(r"\b(?=[A-Za-z]*[a-z])(?=[A-Za-z]*[A-Z]{2})[A-Za-z]+\b")
_CAPS_WORD = re.compile(r"\b[A-Z][A-Z]+\b")  # two letters too: "TRANSFER TO" → "transfer to"


def clinical_name(text: str) -> str | None:
    """The value as a clinician writes it when it is a database string, else None: tall-man words lower-cased
    ("CeftriaXONE" → "ceftriaxone", "HYDROmorphone" → "hydromorphone"); an ALL-CAPS phrase lower-cased except its
    abbreviations ("BLOOD CULTURE" → "blood culture")."""
    out = text
    if _TALL_MAN.search(text):
        out = re.sub(r"\b[A-Za-z]+\b", lambda m: m.group(0) if m.group(0) in ABBREVIATIONS else m.group(0).lower(), text)
    if not re.search(r"[a-z]", out):
        out = _CAPS_WORD.sub(lambda m: m.group(0) if m.group(0) in ABBREVIATIONS else m.group(0).lower(), out)
    return out if out != text else None


def accepted_spellings(family: Family, slot: str, value: SlotValue, synonyms: Synonyms) -> list[str]:
    """The listed synonyms of the value (case-insensitive lookup of the canonical), and its clinical name when the
    value is a database string."""
    clinical = clinical_name(str(value)) if family.spec.slots[slot].type in _NAMED_TYPES else None
    extra = [clinical] if clinical else []
    group = family.spec.slots[slot].synonyms
    if not group or group not in synonyms:
        return extra
    table = synonyms[group]
    text = str(value)
    if text in table:
        return list(dict.fromkeys([*table[text], *extra]))
    low = text.lower()
    for k, v in table.items():
        if k.lower() == low:
            return list(dict.fromkeys([*v, *extra]))
    return extra


_NAMED_TYPES = ("label", "drug", "category", "text")


def display_slot(family: Family, slot: str, value: SlotValue, synonyms: Synonyms, *, seed: int, pair_id: str) -> str:
    kind = SLOT_TYPES[family.spec.slots[slot].type].kind
    base = display(kind, value)
    alts = accepted_spellings(family, slot, value, synonyms)
    if not alts:
        return base
    clinical = clinical_name(base) if family.spec.slots[slot].type in _NAMED_TYPES else None
    if family.spec.slots[slot].synonyms in _CATEGORY_GROUPS or clinical is not None:
        listed = [a for a in alts if a != clinical]  # curated clinical names first; the automatic one as fallback
        options = listed or [clinical or base]
    else:
        options = [base, *alts]
    return options[stable_hash(seed, pair_id, slot, base) % len(options)]


# synonym groups whose canonical values are database codes: only their clinical names are shown
_CATEGORY_GROUPS = frozenset({"admission_type", "admission_location", "insurance", "specimen"})

_VOWEL_SOUND = re.compile(r"^(?:[aiAI]|[eE](?!u)|o(?!ne\b|nce\b)|O(?!ne\b)|u(?!ni|s[eu]|r[aeiou]|ti)|U(?!ni|s[eu])|hour|honest|heir|"
                          r"(?:[FHLMNRSX]|[AEIO])(?:[A-Z0-9-]|\b)|8|11\b|18\b|11\d|18\d)")
_ARTICLE = re.compile(r"\b([Aa]n?) (?=([\w%][\w%-]*))")
_ONE_PLURAL = re.compile(r"\b1 (hour|day|minute|dose|time|admission|patient|year|week|month)s\b")


def fix_articles(text: str) -> str:
    """'a' or 'an' as the next word sounds ("an ICU stay", "a unit", "an 8-hour window", "an hour")."""
    def repl(m: re.Match) -> str:
        word = m.group(2)
        vowel = bool(_VOWEL_SOUND.match(word))
        art = ("an" if vowel else "a")
        return (art.capitalize() if m.group(1)[0] == "A" else art) + " "
    return _ARTICLE.sub(repl, text)


def polish(text: str) -> str:
    """Articles and plurals agree with the values filled in; whitespace tidied."""
    text = _ONE_PLURAL.sub(lambda m: f"1 {m.group(1)}", text)
    return re.sub(r"\s+", " ", fix_articles(text)).strip()


def form_index(family: Family, *, seed: int, pair_id: str) -> int:
    return stable_hash(seed, pair_id, "form") % len(family.spec.questions)


def render_question(family: Family, form: int, slots: dict[str, SlotValue], synonyms: Synonyms, *, seed: int,
                    pair_id: str) -> str:
    template = family.spec.questions[form]
    text = QUESTION_SLOT_RE.sub(
        lambda m: display_slot(family, m.group(1), slots[m.group(1)], synonyms, seed=seed, pair_id=pair_id), template)
    return polish(text)


def rewrite_pair(family: Family, pair_id: str, clean: dict[str, SlotValue], noise: dict[str, SlotValue],
                 synonyms: Synonyms, *, seed: int) -> tuple[int, str, str]:
    """(form index, clean question, noise question): the same form for both twins."""
    form = form_index(family, seed=seed, pair_id=pair_id)
    return (form, render_question(family, form, clean, synonyms, seed=seed, pair_id=pair_id),
            render_question(family, form, noise, synonyms, seed=seed, pair_id=pair_id))


def slots_in_form(family: Family, form: int) -> list[str]:
    return sorted(set(QUESTION_SLOT_RE.findall(family.spec.questions[form])))
