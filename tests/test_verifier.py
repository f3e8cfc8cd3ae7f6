"""The verifier's documented rules, one answer spelling per case."""

import json
from typing import Any

import pytest

from pipeline.gym.tasks import Task, task_from_row
from pipeline.gym.verifier import (
    NO_SUBMISSION,
    extract_answer,
    grpo_reward,
    is_abstention,
    parse_number,
    reward,
    verify,
)


def clean(answer_type: str, answer: Any, **kw: Any) -> Task:
    return Task(task_id="t", pair_id="p", variant="clean", intent="labs", question="q", answer_type=answer_type,
                answer=answer, **kw)


NOISE = Task(task_id="n", pair_id="p", variant="noise", noise_level="record", intent="labs", question="q",
             answer_type="number", answer=None)

POTASSIUM = clean("number", 5.4, tolerance=0.001)
MEAN = clean("number", 7.528571428571, tolerance=0.0)
COUNT = clean("integer", 1000)
GENDER = clean("string", "F", answer_aliases=["female", "woman"])
ADM_TYPE = clean("string", "EW EMER.", answer_aliases=["emergency"])
WHEN = clean("datetime", "2150-03-02 09:00:00", precision="minute")
WHEN_DAY = clean("datetime", "2150-03-02 09:00:00", precision="day")
DOB = clean("date", "2150-03-02")
FLAG = clean("boolean", True)
NOFLAG = clean("boolean", False)
DOSE = clean("number_with_unit", {"value": 10.0, "unit": "units"}, tolerance=0.0)
KVAL = clean("number_with_unit", {"value": 4.2, "unit": "mEq/L"}, tolerance=0.001, unit_aliases=["mmol/L"])
DRUGS = clean("list", ["Insulin", "Heparin", "Furosemide"])
ORDERED = clean("list", [3, 1, 2], ordered=True)
ROWS = clean("list", [["2150-03-02 09:00:00", 5.4], ["2150-03-03 10:00:00", 4.1]], tolerance=0.01)
SHARE = clean("number", 0.25, tolerance=0.001)
ICD = clean("string", "4019", answer_aliases=["Unspecified essential hypertension"])

CASES: list[tuple[Task, Any, bool]] = [
    # noise: only abstentions pass
    (NOISE, None, True),
    (NOISE, "null", True),
    (NOISE, "NULL", True),
    (NOISE, " None ", True),
    (NOISE, "", True),
    (NOISE, "N/A", True),
    (NOISE, "No answer.", True),
    (NOISE, "'null'", True),
    (NOISE, {"answer": None}, True),
    (NOISE, "cannot be determined", True),
    (NOISE, 5.4, False),
    (NOISE, "5.4", False),
    (NOISE, 0, False),
    (NOISE, [], False),
    (NOISE, "unknown", False),
    (NOISE, "no", False),
    (NOISE, False, False),
    # clean null = over-abstention
    (POTASSIUM, None, False),
    (POTASSIUM, "null", False),
    # numbers
    (POTASSIUM, 5.4, True),
    (POTASSIUM, "5.4", True),
    (POTASSIUM, "5.40", True),
    (POTASSIUM, "5.4 mEq/L", True),
    (POTASSIUM, " 5.4000 ", True),
    (POTASSIUM, [5.4], True),
    (POTASSIUM, {"answer": "5.4"}, True),
    (POTASSIUM, 5.41, False),
    (POTASSIUM, "5", False),
    (POTASSIUM, "5.4 to 5.6", False),
    (POTASSIUM, "about five", False),
    (POTASSIUM, True, False),
    (POTASSIUM, "5.4 at 09:00", False),
    (MEAN, 7.528571428571, True),
    (MEAN, "7.53", True),
    (MEAN, 7.529, True),
    (MEAN, "7.5", False),
    (MEAN, 8, False),
    (SHARE, "25%", True),
    (SHARE, 0.25, True),
    (SHARE, "0.2500", True),
    (SHARE, "30%", False),
    (COUNT, 1000, True),
    (COUNT, "1,000", True),
    (COUNT, "1000.0", True),
    (COUNT, 1000.0, True),
    (COUNT, "1000 patients", True),
    (COUNT, "1e3", True),
    (COUNT, 1000.5, False),
    (COUNT, "1,001", False),
    # strings
    (GENDER, "F", True),
    (GENDER, "f", True),
    (GENDER, " Female ", True),
    (GENDER, "FEMALE.", True),
    (GENDER, '"F"', True),
    (GENDER, ["F"], True),
    (GENDER, "M", False),
    (GENDER, "male", False),
    (ADM_TYPE, "ew  emer.", True),
    (ADM_TYPE, "Emergency", True),
    (ADM_TYPE, "urgent", False),
    (ICD, 4019, True),
    (ICD, "unspecified essential  HYPERTENSION", True),
    (ICD, "401.9", False),
    # datetimes
    (WHEN, "2150-03-02 09:00", True),
    (WHEN, "2150-03-02T09:00:00", True),
    (WHEN, "2150-03-02 09:00:59", True),
    (WHEN, "2150/03/02 09:00:00", True),
    (WHEN, "2150-03-02T09:00:00Z", True),
    (WHEN, "2150-03-02 10:00", False),
    (WHEN, "2150-03-02", False),
    (WHEN, "March 2nd 2150", False),
    (WHEN_DAY, "2150-03-02", True),
    (WHEN_DAY, "2150-03-02 23:59", True),
    (WHEN_DAY, "2150-03-03", False),
    (DOB, "2150-03-02", True),
    (DOB, "2150-03-02 00:00:00", True),
    (DOB, "2150-3-2", True),
    (DOB, "2150-03-01", False),
    # booleans
    (FLAG, True, True),
    (FLAG, "yes", True),
    (FLAG, "Yes.", True),
    (FLAG, "TRUE", True),
    (FLAG, "y", True),
    (FLAG, 1, True),
    (FLAG, "no", False),
    (FLAG, "maybe", False),
    (NOFLAG, "No", True),
    (NOFLAG, False, True),
    (NOFLAG, 0, True),
    (NOFLAG, "false", True),
    # numbers with units
    (DOSE, "10 units", True),
    (DOSE, "10 Units", True),
    (DOSE, "10 unit", True),
    (DOSE, "10 U", True),
    (DOSE, "10.0 IU", True),
    (DOSE, 10, True),
    (DOSE, {"value": 10, "unit": "units"}, True),
    (DOSE, [10, "units"], True),
    (DOSE, "10 mg", False),
    (DOSE, "12 units", False),
    (KVAL, "4.2 mEq/L", True),
    (KVAL, "4.2 meq/l", True),
    (KVAL, "4.2 mmol/L", True),
    (KVAL, "4.2 mg/dL", False),
    # lists
    (DRUGS, ["insulin", "heparin", "furosemide"], True),
    (DRUGS, ["Furosemide", "Insulin", "Heparin"], True),
    (DRUGS, "Heparin, Insulin, Furosemide", True),
    (DRUGS, "Heparin; Insulin; Furosemide; heparin", True),
    (DRUGS, '["Heparin", "Insulin", "Furosemide"]', True),
    (DRUGS, ["Insulin", "Heparin"], False),
    (DRUGS, ["Insulin", "Heparin", "Furosemide", "Aspirin"], False),
    (DRUGS, "Insulin", False),
    (ORDERED, [3, 1, 2], True),
    (ORDERED, ["3", "1", "2"], True),
    (ORDERED, [1, 2, 3], False),
    (ROWS, [["2150-03-03 10:00", 4.1], ["2150-03-02 09:00", "5.4"]], True),
    (ROWS, [["2150-03-02 09:00", 5.4], ["2150-03-03 10:00", 4.5]], False),
    (ROWS, [["2150-03-02 09:00", 5.4]], False),
]


@pytest.mark.parametrize(("task", "answer", "correct"), CASES, ids=[f"{t.answer_type}-{t.variant}-{a!r}"[:60] for t, a, _ in CASES])
def test_answer_spelling(task: Task, answer: Any, correct: bool) -> None:
    verdict = verify(task, answer)
    assert verdict.correct is correct, verdict.reason
    assert reward(task, answer) == (1.0 if correct else 0.0)


def test_there_are_at_least_50_spelling_cases() -> None:
    assert len(CASES) >= 50


def test_verdict_is_deterministic_and_never_raises_on_odd_json() -> None:
    odd = [{"a": [1, {"b": None}]}, [[[[]]]], "x" * 100_000, -0.0, 1e308, "nan", "inf", "1e999", [None], {"value": None}]
    for task in (POTASSIUM, COUNT, GENDER, WHEN, DOB, FLAG, DOSE, DRUGS, ROWS, NOISE):
        for a in odd:
            assert verify(task, a) == verify(task, a)


def test_clean_null_is_abstention_noise_answer_is_not() -> None:
    v = verify(POTASSIUM, None)
    assert v.abstained and not v.correct
    assert not verify(NOISE, 3).abstained
    assert is_abstention("  NULL ") and not is_abstention("unknown") and not is_abstention([])


def test_no_submission_is_never_rewarded_even_on_noise() -> None:
    assert reward(NOISE, NO_SUBMISSION) == 0.0
    assert extract_answer("I think the value is 5") is NO_SUBMISSION


def test_parse_number_rules() -> None:
    assert parse_number("1,234.5 mg").value == 1234.5
    assert parse_number("$12") is not None and parse_number("$12").value == 12
    assert parse_number("7.5x10^9/L").value == 7.5
    assert parse_number("5 - 10") is None
    assert parse_number(True) is None


def test_row_form_and_envelope_conventions() -> None:
    row = {"task_id": "a", "pair_id": "b", "variant": "clean", "intent": "demographics", "question": "q",
           "answer": json.dumps({"value": "F", "aliases": ["female"]}), "answer_type": "string"}
    assert reward(row, "Female") == 1.0
    row2 = dict(row, answer='"M"', answer_aliases='["male"]')
    assert task_from_row(row2).answer_aliases == ["male"] and reward(row2, "MALE") == 1.0


def test_grpo_reward_reads_columns_and_tool_calls() -> None:
    submit = {"role": "assistant", "tool_calls": [{"id": "c1", "type": "function", "function": {
        "name": "submit_answer", "arguments": json.dumps({"answer": 5.4})}}]}
    abstain = [{"role": "assistant", "content": "Checking."}, {"role": "assistant", "tool_calls": [
        {"id": "c2", "type": "function", "function": {"name": "submit_answer", "arguments": '{"answer": null}'}}]}]
    text_only = "The answer is {\"answer\": 5.4}"
    rewards = grpo_reward(
        [[submit], abstain, text_only, "no idea"],
        answer=["5.4", "null", "5.4", "5.4"], answer_type=["number"] * 4,
        variant=["clean", "noise", "clean", "clean"], tolerance=[0.001] * 4, prompt=["p"] * 4,
    )
    assert rewards == [1.0, 1.0, 1.0, 0.0]


# ---------------------------------------------------------------- the premise contract (issue 20)

MAP = Task(task_id="m", pair_id="m", variant="clean", intent="vitals", answer_type="number", answer=74.0,
           tolerance=0.5, question="What was patient 1's lowest mean arterial pressure in the 6 hours after x?")
HOURS = Task(task_id="h", pair_id="h", variant="clean", intent="medications", answer_type="number", answer=3.5,
             tolerance=0.05, question="How many hours after admission did patient 1 receive the first dose?")
TEMP = clean("number", 38.5, tolerance=0.05, unit="°C", unit_aliases=["C", "degC"])
EIGHT = clean("string", "28.8")
CORRECTABLE = NOISE.model_copy(update={"correctable": True, "corrected_answer": 5.4, "tolerance": 0.001})


@pytest.mark.parametrize(("task", "answer", "correct"), [
    # a number gold accepts {"value", "unit"} with the quantity's unit (probe: 74 mmHg against 74.0)
    (MAP, {"value": 74, "unit": "mmHg"}, True),
    (MAP, {"value": 74, "unit": "mm Hg"}, True),
    (MAP, {"value": 74}, True),
    (MAP, "74 mmHg", True),
    (MAP, {"value": 74, "unit": "mg"}, False),
    (MAP, {"value": 75, "unit": "mmHg"}, False),
    (HOURS, {"value": 3.5, "unit": "hours"}, True),
    (HOURS, {"value": 3.5, "unit": "h"}, True),
    (HOURS, {"value": 3.5, "unit": "days"}, False),
    (HOURS, "3.5 days", True),  # text after a number is not checked ("5 doses" is a noun, not a unit)
    (HOURS.model_copy(update={"answer_type": "integer", "answer": 5}), {"value": 5, "unit": "doses"}, True),
    (TEMP, {"value": 38.5, "unit": "degC"}, True),
    (TEMP, {"value": 38.5, "unit": "°F"}, False),
    (POTASSIUM, {"value": 5.4, "unit": "mEq/L"}, True),  # the question names no unit: not checked, as in text
    # a string gold accepts a trailing period (probe: "28.8." for "28.8")
    (EIGHT, "28.8.", True),
    (EIGHT, "28.8", True),
    (EIGHT, "28.9.", False),
])
def test_grading_details_found_by_the_probes(task: Task, answer: Any, correct: bool) -> None:
    assert verify(task, answer).correct is correct, verify(task, answer)


@pytest.mark.parametrize(("task", "answer", "note", "correct", "strict", "outcome"), [
    (NOISE, 5.4, "the admission is not in the record", True, False, "flagged"),
    (NOISE, "five", "no such admission", True, False, "flagged"),  # any answer with a note
    (NOISE, None, "no such admission", True, True, "abstained"),
    (NOISE, None, None, True, True, "abstained"),
    (NOISE, 5.4, None, False, False, "wrong"),
    (NOISE, 5.4, " \n ", False, False, "wrong"),  # blank is no note
    (NOISE, "about five", None, False, False, "malformed"),
    (POTASSIUM, 5.4, "the stated date is wrong", False, True, "false_alarm"),
    (POTASSIUM, 6.0, "the stated date is wrong", False, False, "false_alarm"),
    (POTASSIUM, None, "the stated date is wrong", False, False, "abstained"),
    (POTASSIUM, 5.4, None, True, True, "correct"),
    (POTASSIUM, 6.0, None, False, False, "wrong"),
    (POTASSIUM, "5.4 to 5.6", None, False, False, "malformed"),
    (WHEN, "2150-03-02", None, False, False, "malformed"),
])
def test_flag_aware_grading_and_outcomes(task: Task, answer: Any, note: Any, correct: bool, strict: bool,
                                         outcome: str) -> None:
    v = verify(task, answer, note)
    assert (v.correct, v.strict_correct, v.outcome, v.flagged) == (correct, strict, outcome, note is not None
                                                                   and bool(note.strip()))
    assert reward(task, answer, note) == (1.0 if correct else 0.0)
    assert verify(task, NO_SUBMISSION, note).outcome == "no_submission"


def test_parse_error_agrees_with_the_clean_comparisons() -> None:
    """Noise answers are checked for form by `parse_error` (they have no gold): on every Clean spelling case it
    must call an answer malformed exactly when the comparison does."""
    from pipeline.gym.verifier import parse_error

    for task, answer, _ in CASES:
        if task.is_noise or is_abstention(answer):
            continue
        assert (parse_error(task, answer) is not None) == (verify(task, answer).outcome == "malformed"), (task.task_id,
                                                                                                          answer)


def test_a_flagged_answer_on_a_correctable_twin_is_graded_against_the_corrected_answer() -> None:
    assert verify(CORRECTABLE, 5.4, "wrong admission id").corrected is True
    assert verify(CORRECTABLE, 6.1, "wrong admission id").corrected is False
    assert verify(CORRECTABLE, 6.1, "wrong admission id").correct  # noticing is the success either way
    assert verify(CORRECTABLE, None, "wrong admission id").corrected is None
    assert verify(NOISE, 5.4, "wrong admission id").corrected is None  # not correctable: not graded
    row = {"task_id": "n", "pair_id": "p", "variant": "noise", "intent": "labs", "question": "q", "answer": "null",
           "answer_type": "number", "correctable": True, "corrected_answer": "5.4"}
    assert task_from_row(row).corrected_answer == 5.4 and task_from_row(dict(row, correctable=None)).correctable is False


def test_grpo_reward_reads_the_premise_issue() -> None:
    from pipeline.gym.verifier import extract_submission

    flagged = [{"role": "assistant", "tool_calls": [{"id": "c", "type": "function", "function": {
        "name": "submit_answer", "arguments": json.dumps({"answer": 5.4, "premise_issue": "no such stay"})}}]}]
    assert extract_submission(flagged) == (5.4, "no such stay")
    assert extract_submission('Done. {"answer": 5.4, "premise_issue": "no such stay"}') == (5.4, "no such stay")
    rewards = grpo_reward([flagged, flagged], answer=["null", "5.4"], answer_type=["number"] * 2,
                          variant=["noise", "clean"], tolerance=[0.001] * 2)
    assert rewards == [1.0, 0.0]
