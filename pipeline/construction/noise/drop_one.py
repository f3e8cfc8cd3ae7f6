"""The drop-one reading of a Noise twin (DESIGN §4 "One handle per target"): the twin's reference with the
perturbed detail removed. When it finds the Clean twin's target, the twin is a *correctable restatement*: a careful
analyst answers and says what was misstated, so it is no evidence the record lacks. "Finds the target" is judged by
the answer computed exactly as the Clean one was (`same_target`): the same rows give the same value to the last
digit, so a value merely within the family's tolerance (another cohort's mean 0.09 °F away, another stay's first
result) is another target, not the Clean one.

Generic, from the SQL: the perturbed detail is the set of slots whose values differ between the Clean and the Noise
binding (a swapped lab is `itemid` and `lab_label`; a shifted date, one slot). Every predicate that reads one of
them — the smallest conjunct of a WHERE, HAVING or JOIN … ON that mentions the slot — is removed from the reference
template, set-based (`{{slot}}` stays a placeholder), and the result runs over the Noise bindings like any reading.
A slot the reference reads outside a predicate (in a projection, a window frame, a CASE) cannot be dropped this way:
the family then declares the drop-one SQL itself on that noise entry (`drop_one:`, FORMAT.md), or the twin's
`correctable` stays null (reported, never counted as proved either way). A population twin is read only by a
declared drop-one: its perturbed detail is a cohort criterion, and without it the query aggregates another cohort."""

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import sqlglot
from sqlglot import exp

from pipeline.common.answers import answer_columns
from pipeline.construction.requests.family import AnswerSpec, Family
from pipeline.construction.slots import PLACEHOLDER_RE, SlotValue, normalize
from pipeline.construction.sqlexec import SetRunner
from pipeline.construction.verification.verify import answers_agree, make_answer
from pipeline.ehr.database import QueryError

_MARK = "rg_b"  # the table qualifier a placeholder becomes while the template is a syntax tree
_BACK = re.compile(r"\brg_b\.(\w+)\b")


def perturbed_slots(clean: dict[str, SlotValue], noise: dict[str, SlotValue], kinds: dict[str, str]) -> frozenset[str]:
    """The slots a twin perturbs: those whose (normalised) values differ between the two bindings."""
    return frozenset(n for n in noise if normalize(kinds[n], noise[n]) != normalize(kinds[n], clean.get(n)))


# a slot that qualifies others and goes with them: the ICD version stated beside a code or title. Kept when the code
# is dropped, "the first admission whose principal diagnosis was an ICD-10 code" found the Clean admission by
# coincidence (review 7d, df602f05a2c5a8d0)
QUALIFIERS = {"icd_version": frozenset({"icd_code", "icd_title"})}


def dropped_slots(perturbed: frozenset[str], slots: dict[str, SlotValue]) -> frozenset[str]:
    """The slots a drop-one reading removes: the perturbed ones and the qualifiers of any of them."""
    return perturbed | {q for q, of in QUALIFIERS.items() if q in slots and perturbed & of}


# relations that list a named set's members (each diagnosis group's codes, fragments/dx_group_codes.sql): an EXISTS
# over one that names the set by a dropped slot is one membership test and goes whole. Dropping only the name would
# leave "a diagnosis in any group" where the reading means "any diagnosis".
MEMBERSHIP_SETS = frozenset({"dx_group_codes"})


def _membership_test(node: exp.Expression) -> exp.Expression:
    """The EXISTS over a membership set that reads `node`, if there is one; else `node` itself."""
    test = node.find_ancestor(exp.Exists)
    source = test.this.args.get("from_") if test is not None and isinstance(test.this, exp.Select) else None
    if source is not None and isinstance(source.this, exp.Table) and source.this.name in MEMBERSHIP_SETS:
        return test
    return node


class NotDroppable(ValueError):
    """The template reads a perturbed slot outside any predicate, so removing the predicate cannot drop it."""


def _conjunct_owner(node: exp.Expression) -> exp.Expression:
    """Remove the smallest conjunct containing `node` from its tree, in place; raise NotDroppable if the node sits
    outside WHERE / HAVING / JOIN ON (a projection, ORDER BY, a window frame, a CASE branch)."""
    while True:
        parent = node.parent
        if parent is None:
            raise NotDroppable("no enclosing predicate")
        if isinstance(parent, exp.Paren | exp.Or | exp.Not):
            node = parent  # an OR or NOT mentioning the slot goes as a whole
            continue
        if isinstance(parent, exp.And):
            other = parent.right if node is parent.left else parent.left
            parent.replace(other)
            return other
        if isinstance(parent, exp.Where | exp.Having):
            parent.pop()
            return parent
        if isinstance(parent, exp.Join) and parent.args.get("on") is node:
            parent.set("on", exp.true())
            return parent
        if isinstance(parent, exp.Select | exp.Subquery | exp.Union | exp.CTE | exp.Case | exp.If | exp.Window
                      | exp.Ordered | exp.Group | exp.Limit | exp.Lateral | exp.Values | exp.Exists):
            where = "case" if isinstance(parent, exp.If) else type(parent).__name__.lower()
            raise NotDroppable(f"the slot is read outside a predicate (in a {where})")
        node = parent


@lru_cache(maxsize=1024)
def drop_one_template(template: str, dropped: frozenset[str], answer_type: str = "number",
                      columns: tuple[str, ...] = ()) -> str:
    """The template with every predicate that reads a `dropped` slot removed; other placeholders kept.
    Raises NotDroppable when some dropped slot is read outside a predicate, ValueError when none is read at all.

    Without its selector a query can match a whole table per binding, so for a one-value answer the result is cut
    to the first 3 distinct answers (2 already make it ambiguous): the verdict is the same, the rows are few."""
    if not any(m.group(1) in dropped for m in PLACEHOLDER_RE.finditer(template)):
        raise ValueError(f"the template reads none of the perturbed slots {sorted(dropped)}")
    tree = sqlglot.parse_one(PLACEHOLDER_RE.sub(lambda m: f"{_MARK}.{m.group(1)}", template), read="postgres")
    while True:
        hit = next((c for c in tree.find_all(exp.Column) if c.table == _MARK and c.name in dropped), None)
        if hit is None:
            break
        _conjunct_owner(_membership_test(hit))
    if answer_type != "list" and isinstance(tree, exp.Select) and tree.named_selects:
        tree = _first_answers(tree, answer_columns(answer_type, list(columns), dict.fromkeys(tree.named_selects)))
    return _BACK.sub(lambda m: "{{" + m.group(1) + "}}", tree.sql(dialect="postgres"))


def _first_answers(tree: exp.Select, cols: list[str]) -> exp.Select:
    """`[WITH …] SELECT DISTINCT <answer columns> FROM (<tree>) rg_drop LIMIT 3`, the WITH kept on top (where the
    set-based runner hoists what reads no slot)."""
    key = "with_" if "with_" in tree.args else "with"
    with_ = tree.args.get(key)
    if with_ is not None:
        tree.set(key, None)
    outer = (exp.select(*[exp.column(c, table="rg_drop") for c in cols]).distinct()
             .from_(exp.Subquery(this=tree, alias=exp.TableAlias(this=exp.to_identifier("rg_drop")))).limit(3))
    if with_ is not None:
        outer.set(key, with_)
    return outer


def same_target(spec: AnswerSpec, found: Any, clean: Any) -> bool:
    """The drop-one answer is the Clean one computed from the same rows: `answers_agree` without the family's
    tolerance (numbers equal up to floating-point summation order, 1e-9 relative); precision and case still apply,
    as they are how the answer is stated, not how far two targets may lie apart."""
    exact = spec.model_copy(update={"tolerance": 0.0})
    if isinstance(found, int | float) and isinstance(clean, int | float) and not isinstance(found, bool):
        return abs(float(found) - float(clean)) <= 1e-9 * max(1.0, abs(float(clean)))
    if spec.type == "number_with_unit" and isinstance(found, dict) and isinstance(clean, dict):
        return (same_target(spec.model_copy(update={"type": "number"}), found.get("value"), clean.get("value"))
                and answers_agree(exact, found, {**clean, "value": found.get("value")}))
    if isinstance(found, list) and isinstance(clean, list) and spec.type != "list":
        return len(found) == len(clean) and all(same_target(spec, x, y) for x, y in zip(found, clean, strict=True))
    return answers_agree(exact, found, clean)


@dataclass
class DropOne:
    """One twin's drop-one verdict: correctable (None: no drop-one reading could be formed or run) and the answer
    the drop-one reading gives when it is the Clean one."""

    correctable: bool | None
    corrected_answer: Any = None
    note: str = ""


# slots that name a patient's record; a drop-one reading that keeps none of them names no patient
PATIENT_HANDLES = frozenset({"subject_id", "hadm_id", "stay_id"})


def drop_one_verdicts(runner: SetRunner, family: Family, twins: list[tuple[int, dict[str, SlotValue],
                      dict[str, SlotValue], Any, str | None]]) -> dict[int, DropOne]:
    """key → verdict, for twins given as (key, Clean slots, Noise slots, Clean answer, the noise entry's own
    `drop_one` SQL path or None). Set-based: one query per distinct drop-one template."""
    spec, kinds = family.spec.answer, family.slot_kinds
    reference = family.text(family.spec.reference)
    out: dict[int, DropOne] = {}
    groups: dict[str, list[tuple[int, dict[str, SlotValue]]]] = {}
    clean_answer: dict[int, Any] = {}
    for key, clean, noise, answer, declared in twins:
        clean_answer[key] = answer
        perturbed = perturbed_slots(clean, noise, kinds)
        if family.spec.level == "population" and not declared:
            # a population twin's perturbed detail is a cohort criterion: without it the query aggregates another,
            # wider cohort, and a mean or share it happens to share with the Clean one to the stated precision is a
            # coincidence (review 7d: 9c76d37d0f844b38, the mean over every unit; 7eff17154b6ddea1, a lab priced
            # alike everywhere). A family whose twin keeps the cohort declares its reading (`drop_one:`).
            out[key] = DropOne(False, note="a population twin's criterion defines its cohort")
            continue
        try:
            template = family.text(declared) if declared else drop_one_template(
                reference, dropped_slots(perturbed, noise), spec.type, tuple(spec.columns or ()))
        except (NotDroppable, ValueError) as e:
            out[key] = DropOne(None, note=str(e))
            continue
        if "subject_id" in perturbed and not PATIENT_HANDLES & set(PLACEHOLDER_RE.findall(template)):
            # the twin names another patient and nothing else of the Clean one's: without the patient the question
            # asks about nobody in particular, and a value it happens to share with the Clean answer (a SOFA of 14,
            # an age) is a coincidence, not the Clean target found again
            out[key] = DropOne(False, note="dropping the patient leaves no handle on any patient's record")
            continue
        groups.setdefault(template, []).append((key, noise))
    for template, binds in groups.items():
        try:
            rows = runner.rows(template, binds, kinds, kind="drop_one")
        except QueryError as e:
            out.update({k: DropOne(None, note=f"query_error: {e}") for k, _ in binds})
            continue
        for k, _ in binds:
            answer, reason, _ = make_answer(spec, rows.get(k, []))
            if reason is None and same_target(spec, answer, clean_answer[k]):
                out[k] = DropOne(True, answer)
            else:
                out[k] = DropOne(False, note=reason or "another answer")
    return out
