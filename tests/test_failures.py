"""Error analysis: each category from a scripted model (a local OpenAI-compatible server), the baselines'
categories, per-tier reporting with a `difficulty` column, `robustgym report` on an old run, and --compare."""

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from gym_fixtures import ScriptedChatServer, build_mini_ehr, make_tasks, write_task_split

from pipeline.cli import main as cli_main
from pipeline.gym.evaluate import run_evaluation
from pipeline.gym.trajectories import read_jsonl

TIERS = {"p01": "easy", "p02": "easy", "p03": "easy", "p04": "medium", "p05": "medium", "p06": "hard", "p07": "hard"}


def _call(name: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"role": "assistant", "content": None,
            "tool_calls": [{"id": "c1", "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}]}


def _sql(query: str) -> dict[str, Any]:
    return _call("execute_sql", {"query": query})


def _submit(answer: Any) -> dict[str, Any]:
    return _call("submit_answer", {"answer": answer})


# question → the scripted model's moves (one per turn; the last repeats). Each Clean task fails in another way.
SCRIPTS: dict[str, list[dict[str, Any]]] = {
    # Clean
    "What is the gender of patient 10000001?": [_submit(None)],  # false_abstention
    "What was the first potassium value of patient 10000001 in admission 20000001?": [  # code_lookup (sodium)
        _sql("SELECT valuenum, valueuom FROM mimiciv_hosp.labevents WHERE hadm_id = 20000001 AND itemid = 50983 "
             "ORDER BY charttime LIMIT 1"), _submit({"value": 140, "unit": "mEq/L"})],
    "Which drugs were started for patient 10000001 during admission 20000001?": [  # tool_failure
        _sql("SELEC drug FROM mimiciv_hosp.prescriptions")],
    "After the heart rate of 112 bpm at 2150-03-01 12:00 in ICU stay 30000001, what was the highest heart rate of "
    "the stay?": [_submit("about a hundred and twelve")],  # format
    "What was the total cost of hospital admission 20000001?": [  # sql_logic (wrong admission)
        _sql("SELECT SUM(cost) FROM mimiciv_derived.cost WHERE hadm_id = 20000002"), _submit(12.5)],
    "What is the mean anchor age of patients diagnosed with ICD-9 4019?": [  # semantic (days, not years)
        _sql("SELECT AVG(p.anchor_age) * 365 FROM mimiciv_hosp.patients p JOIN mimiciv_hosp.diagnoses_icd d "
             "USING (subject_id) WHERE d.icd_code = '4019'"), _submit(19162.5)],
    "When did potassium first exceed 6.0 mEq/L in admission 20000001?": [_sql("SELECT 1")],  # budget
    # Noise: two answered (one after seeing the empty premise), the rest abstain
    "What is the gender of patient 10000009?": [
        _sql("SELECT gender FROM mimiciv_hosp.patients WHERE subject_id = 10000009"), _submit("F")],
    "What was the first urea nitrogen value of patient 10000001 in admission 20000001?": [_submit(20)],
}


def scripted(messages: list[dict[str, Any]]) -> dict[str, Any]:
    question = next(m["content"] for m in messages if m["role"] == "user")
    turn = sum(1 for m in messages if m["role"] == "assistant")
    moves = SCRIPTS.get(question, [_submit(None)])
    return moves[min(turn, len(moves) - 1)]


@pytest.fixture(scope="module")
def tiered(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    base = tmp_path_factory.mktemp("failures")
    tasks = [t.model_copy(update={"difficulty": TIERS[t.pair_id]}) for t in make_tasks()]
    return build_mini_ehr(base / "ehr.duckdb"), write_task_split(base / "dataset", tasks)


def test_a_scripted_model_produces_every_category(tiered: tuple[str, Path], tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local")
    url, ds = tiered
    run = tmp_path / "run"
    with ScriptedChatServer(scripted) as server:
        assert cli_main(["eval", "--agent", "openai", "--model", "scripted", "--base-url", server.base_url,
                         "--dataset", str(ds), "--db", url, "--out", str(run), "--max-turns", "4", "--retries", "0",
                         "--no-progress"]) == 0
    summary = json.loads((run / "summary.json").read_text())
    assert (summary["clean_success"], summary["noise_success"]) == (0.0, 5 / 7)
    assert summary["error_categories"] == {"missed_discrepancy": 2, "false_abstention": 1, "code_lookup": 1,
                                           "sql_logic": 1, "semantic": 1, "tool_failure": 1, "budget": 1, "format": 1}
    assert summary["missed_discrepancy_saw_empty_premise"] == {"yes": 1, "no": 1, "unknown": 0}
    assert summary["error_categories_by_intent"]["labs"] == {"missed_discrepancy": 1, "code_lookup": 1, "budget": 1}
    assert summary["error_categories_by_noise_level"]["record"] == {
        "missed_discrepancy": 2, "false_abstention": 1, "code_lookup": 1, "sql_logic": 1, "semantic": 1}
    # the difficulty column: success and failures per tier
    assert summary["by_difficulty"] == {"easy": {"clean": 0.0, "noise": 1 / 3}, "medium": {"clean": 0.0, "noise": 1.0},
                                        "hard": {"clean": 0.0, "noise": 1.0}}
    assert summary["error_categories_by_difficulty"]["hard"] == {"semantic": 1, "budget": 1}
    failures = {f["task_id"]: f for f in read_jsonl(run / "failures.jsonl")}
    assert failures["p01-noise"]["saw_empty_premise"] is True and failures["p02-noise"]["saw_empty_premise"] is False
    assert "50971" in failures["p02-clean"]["why"] and "×365" in failures["p06-clean"]["why"]
    report = (run / "report.md").read_text()
    assert "## Error analysis" in report and "| code_lookup | 1 | 11.1% |" in report
    assert "## By difficulty tier" in report and "| hard | 0.0 | 100.0 |" in report
    assert "1 answered after an empty result for the premise, 1 without" in report
    assert report.count("```text") == 9 and "→ execute_sql: SELECT valuenum" in report
    assert (run / "error_categories_by_intent.png").read_bytes()[:4] == b"\x89PNG"

    # an old run: summary and failures gone, `robustgym report` recomputes them from results + trajectories
    for f in ("summary.json", "failures.jsonl", "report.md"):
        (run / f).unlink()
    assert cli_main(["report", str(run)]) == 0
    assert json.loads((run / "summary.json").read_text())["error_categories"] == summary["error_categories"]
    # ... and without its dataset the premise and code rules cannot apply, which the report says
    shutil.move(ds, tmp_path / "moved")
    try:
        assert cli_main(["report", str(run)]) == 0
        again = json.loads((run / "summary.json").read_text())
        assert again["missed_discrepancy_saw_empty_premise"]["unknown"] == 2 and "code_lookup" not in again["error_categories"]
        assert "dataset was not found" in (run / "report.md").read_text()
    finally:
        shutil.move(tmp_path / "moved", ds)


@pytest.mark.parametrize(("agent", "expected"), [
    ("null", {"false_abstention": 7}), ("premise-blind", {"missed_discrepancy": 7}), ("oracle", {}), ("flagger", {})])
def test_baselines_fail_in_exactly_their_one_way(tiered: tuple[str, Path], tmp_path: Path, agent: str,
                                                 expected: dict[str, int]) -> None:
    url, ds = tiered
    summary = run_evaluation(agent=agent, dataset=ds, out=tmp_path, db_url=url, progress=False)
    assert summary["error_categories"] == expected
    if agent == "premise-blind":  # it never looks at the record
        assert summary["missed_discrepancy_saw_empty_premise"] == {"yes": 0, "no": 7, "unknown": 0}


def test_compare_writes_the_delta_vs_base_table(tiered: tuple[str, Path], tmp_path: Path,
                                                capsys: pytest.CaptureFixture) -> None:
    url, ds = tiered
    run_evaluation(agent="null", dataset=ds, out=tmp_path / "base", db_url=url, progress=False)
    run_evaluation(agent="oracle", dataset=ds, out=tmp_path / "pe", db_url=url, progress=False, prompt="evidence")
    assert cli_main(["report", "--compare", str(tmp_path / "base"), str(tmp_path / "pe")]) == 0
    table = (tmp_path / "pe" / "compare.md").read_text()
    assert "| Model | Method | Demographics | Vitals | Medications | Cost | Labs | Diagnoses | Avg. | Δ vs. Base |" in table
    assert "| null | Base | 0.0 / 100.0 |" in table and "| oracle | PE | 100.0 / 100.0 |" in table
    assert "| 100.0 / 100.0 | +100.0 / +0.0 |" in table and "| null → oracle | Δ | +100.0 / +0.0 |" in table
    assert "strict rule (only null passes): Base 100.0% → PE 100.0%; pair success 0.0% → 100.0%." in table
    assert (tmp_path / "pe" / "compare.png").read_bytes()[:4] == b"\x89PNG"
    assert cli_main(["report", "--compare", str(tmp_path / "base"), str(tmp_path / "nowhere")]) == 2
    assert "summary.json does not exist" in capsys.readouterr().err


def test_premise_literals_come_from_the_slots_and_code_literals_from_the_reference_sql() -> None:
    """The stated premise is what the Noise twin states where its Clean twin states another (its slots), or
    without the twin the slot its operator shifts; the codes the reference pins are read from its SQL."""
    from pipeline.gym.failures import code_literals, premise_literals
    from pipeline.gym.tasks import Task

    common = {"pair_id": "x", "intent": "labs", "answer_type": "number", "question": "q"}
    noise = Task(task_id="x-noise", variant="noise", noise_operator="value:admit_date_matches:shift:admit_date",
                 slots={"hadm_id": 20000074, "admit_date": "2193-04-28", "itemid": 50971, "lab_label": "K"}, **common)
    clean = Task(task_id="x-clean", variant="clean", slots={**noise.slots, "admit_date": "2193-04-24"}, **common)
    assert premise_literals(noise, clean) == ["2193-04-28"]
    assert premise_literals(noise) == ["2193-04-28"]  # no twin: the shifted slot
    swapped = noise.model_copy(update={"noise_operator": "record:lab_measured:labs/noise_unmeasured_lab",
                                       "slots": {**clean.slots, "itemid": 51006, "lab_label": "BUN"}})
    assert premise_literals(swapped, clean) == ["51006", "BUN"]
    assert premise_literals(swapped) == []  # no twin, no shift: unknown
    assert code_literals("SELECT 1 FROM l WHERE l.itemid IN (50971, 50822) -- itemid = 1\n AND drug ILIKE '%heparin%'") == [
        "50971", "50822", "heparin"]
