"""The environment, baselines, evaluation, metrics, report and SFT export on the mini EHR."""

import json
from pathlib import Path

import pytest
from gym_fixtures import build_mini_ehr, make_tasks, write_task_split
from trl_format import check_trl_conversational

from pipeline.cli import main as cli_main
from pipeline.ehr.database import connect
from pipeline.gym.env import TOOLS, EnvConfig, RobustGymEnv
from pipeline.gym.evaluate import run_evaluation
from pipeline.gym.metrics import pass_hat_k, reliability_score, summarize
from pipeline.gym.tasks import load_tasks, pairs_by_id
from pipeline.gym.trajectories import read_jsonl

SUMMARY_KEYS = {"clean_success", "noise_success", "by_intent", "by_noise_level", "by_level", "pass_hat_k",
                "reliability_score", "mean_turns", "tool_error_rate", "n_tasks", "n_trials"}


@pytest.fixture(scope="module")
def mini(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    base = tmp_path_factory.mktemp("gym")
    url = build_mini_ehr(base / "ehr.duckdb")
    return url, write_task_split(base / "dataset")


@pytest.fixture
def env(mini: tuple[str, Path]):
    url, ds = mini
    e = RobustGymEnv(load_tasks(ds), url, config=EnvConfig(max_turns=5))
    yield e
    e.close()


def call(name: str, args: object, call_id: str = "c1") -> dict:
    raw = args if isinstance(args, str) else json.dumps(args)
    return {"role": "assistant", "content": None,
            "tool_calls": [{"id": call_id, "type": "function", "function": {"name": name, "arguments": raw}}]}


def test_split_roundtrip_and_pairs(mini: tuple[str, Path]) -> None:
    tasks = load_tasks(mini[1])
    assert len(tasks) == 14 and {t.task_id for t in tasks} == {t.task_id for t in make_tasks()}
    pairs = pairs_by_id(tasks)
    assert all(set(p) == {"clean", "noise"} for p in pairs.values())
    assert next(t for t in tasks if t.task_id == "p01-clean").answer_aliases == ["female"]


def test_reset_gives_prompt_schema_and_tools(env: RobustGymEnv) -> None:
    obs, info = env.reset(options={"task_id": "p02-clean"})
    assert [m["role"] for m in obs] == ["system", "user"]
    assert "null" in obs[0]["content"] and "mimiciv_hosp.labevents(" in obs[0]["content"]
    assert obs[0]["content"].count("\n- mimiciv_") == 32  # 31 MIMIC-IV tables + derived cost
    assert obs[1]["content"].startswith("What was the first potassium")
    assert info == {"episode": env.episode_keys["p02-clean"], "tools": TOOLS}  # never the id, pair or variant
    assert env.observation_space.contains(obs)
    obs2, _ = env.reset(seed=3)  # no task id: a seeded random task
    assert obs2[1]["role"] == "user"


def test_sql_then_submit_rewards_a_verified_answer(env: RobustGymEnv) -> None:
    env.reset(options={"task_id": "p02-clean"})
    obs, reward, term, trunc, info = env.step(call("execute_sql", {"query": "SELECT valuenum, valueuom FROM mimiciv_hosp.labevents WHERE hadm_id = 20000001 AND itemid = 50971 ORDER BY charttime"}))
    assert reward == 0.0 and not term and not trunc
    assert obs[0]["role"] == "tool" and obs[0]["tool_call_id"] == "c1" and obs[0]["content"].startswith("2 rows")
    assert "5.4,mEq/L" in obs[0]["content"]
    obs, reward, term, trunc, info = env.step(call("submit_answer", {"answer": "5.4 mEq/L"}, "c2"))
    assert (reward, term, trunc) == (1.0, True, False) and info["verdict"]["correct"]
    traj = env.trajectory(model="m")
    assert traj["metadata"]["reward"] == 1.0 and traj["metadata"]["variant"] == "clean"
    assert [m["role"] for m in traj["messages"]] == ["system", "user", "assistant", "tool", "assistant", "tool"]


def test_noise_answered_gets_zero_and_null_gets_one(env: RobustGymEnv) -> None:
    env.reset(options={"task_id": "p05-noise"})
    assert env.step(call("submit_answer", {"answer": 42.75}))[1] == 0.0
    env.reset(options={"task_id": "p05-noise"})
    assert env.step(call("submit_answer", {"answer": None}))[1] == 1.0


NOTE = "admission 20000009 is not in the record; answered for the patient's admission 20000001"


@pytest.mark.parametrize(("task_id", "args", "reward", "outcome"), [
    ("p05-noise", {"answer": 42.75, "premise_issue": NOTE}, 1.0, "flagged"),  # noticed and corrected
    ("p05-noise", {"answer": None, "premise_issue": NOTE}, 1.0, "abstained"),
    ("p05-noise", {"answer": 42.75, "premise_issue": "  "}, 0.0, "wrong"),  # a blank note is no note
    ("p05-noise", {"answer": 42.75, "premise_issue": None}, 0.0, "wrong"),
    ("p05-clean", {"answer": 42.75, "premise_issue": NOTE}, 0.0, "false_alarm"),  # right value, false alarm
    ("p05-clean", {"answer": 42.75}, 1.0, "correct"),
    ("p05-clean", {"answer": "forty-two"}, 0.0, "malformed"),
])
def test_a_premise_issue_passes_noise_and_fails_clean(env: RobustGymEnv, task_id: str, args: dict, reward: float,
                                                      outcome: str) -> None:
    env.reset(options={"task_id": task_id})
    _, got, term, _, info = env.step(call("submit_answer", args))
    assert (got, term, info["verdict"]["outcome"]) == (reward, True, outcome)
    traj = env.trajectory()["metadata"]
    assert traj["outcome"] == outcome and traj["premise_issue"] == (NOTE if outcome in ("flagged", "false_alarm",
                                                                                          "abstained") else None)


@pytest.mark.parametrize(("action", "fragment"), [
    (call("drop_tables", {}), "unknown tool"),
    (call("execute_sql", "{not json"), "not valid JSON"),
    (call("execute_sql", {"query": 42}), "non-empty string argument 'query'"),
    (call("execute_sql", {"sql": "SELECT 1"}), "argument 'query'"),
    (call("execute_sql", "[1, 2]"), "must be a JSON object"),
    (call("execute_python", {"code": ["print(1)"]}), "argument 'code'"),
    (call("submit_answer", {}), "needs an argument 'answer'"),
    (call("execute_sql", {"query": "DELETE FROM mimiciv_hosp.patients"}), "Error:"),
    (call("execute_sql", {"query": "SELECT * FROM nowhere.table_x"}), "Error:"),
])
def test_malformed_calls_become_tool_errors(env: RobustGymEnv, action: dict, fragment: str) -> None:
    env.reset(options={"task_id": "p01-clean"})
    obs, reward, term, trunc, info = env.step(action)
    assert obs[0]["role"] == "tool" and fragment in obs[0]["content"]
    assert not term and info["tool_errors"] == 1


def test_text_only_message_gets_a_reminder_and_odd_actions_do_not_crash(env: RobustGymEnv) -> None:
    env.reset(options={"task_id": "p01-clean"})
    obs, *_ = env.step({"role": "assistant", "content": "Let me think."})
    assert obs[0]["role"] == "user" and "submit_answer" in obs[0]["content"]
    for odd in ["plain text", None, 42, {"tool_calls": "nope"}, {"tool_calls": [None, 3, {"function": None}]}]:
        obs, *_ = env.step(odd)
        assert isinstance(obs, list)


def test_turn_budget_truncates(env: RobustGymEnv) -> None:
    env.reset(options={"task_id": "p01-noise"})
    for i in range(5):
        obs, reward, term, trunc, info = env.step(call("execute_sql", {"query": "SELECT 1"}, f"c{i}"))
    assert trunc and not term and reward == 0.0 and info["truncation_reason"] == "turn limit reached"
    assert env.step(call("submit_answer", {"answer": None}))[2:4] == (False, True)  # over: no late submission


def test_output_and_time_budgets_truncate(mini: tuple[str, Path]) -> None:
    url, ds = mini
    with connect(url) as db:
        e = RobustGymEnv(load_tasks(ds), db, config=EnvConfig(max_output_chars=300, sql_max_chars=10_000))
        e.reset(options={"task_id": "p01-clean"})
        obs, _, _, trunc, info = e.step(call("execute_sql", {"query": "SELECT * FROM generate_series(1, 500) AS g(x)"}))
        assert trunc and info["truncation_reason"] == "output budget exhausted" and len(obs[0]["content"]) < 400
        e2 = RobustGymEnv(load_tasks(ds), db, config=EnvConfig(max_wall_s=0.0))
        e2.reset(options={"task_id": "p01-clean"})
        obs, _, _, trunc, info = e2.step(call("execute_sql", {"query": "SELECT 1"}))
        assert trunc and info["truncation_reason"] == "time budget exhausted" and "not executed" in obs[0]["content"]


def test_python_tool_reaches_the_ehr_through_sql_helper(env: RobustGymEnv) -> None:
    env.reset(options={"task_id": "p03-clean"})
    code = "df = sql('SELECT DISTINCT drug FROM mimiciv_hosp.prescriptions WHERE hadm_id = 20000001')\nsorted(df['drug'].to_list())"
    obs, *_ = env.step(call("execute_python", {"code": code}))
    assert "['Furosemide', 'Heparin', 'Insulin']" in obs[0]["content"]
    obs, *_ = env.step(call("execute_python", {"code": "sql('DROP TABLE mimiciv_hosp.patients')"}, "c2"))
    assert "SQLError" in obs[0]["content"]


def test_metric_formulas() -> None:
    rows = [{"task_id": "a", "variant": "clean", "correct": c, "abstained": False} for c in (True, True, False)]
    rows += [{"task_id": "b", "variant": "noise", "correct": c, "abstained": c} for c in (True, False, False)]
    p = pass_hat_k(rows, 3)
    assert p["1"] == pytest.approx((2 / 3 + 1 / 3) / 2) and p["2"] == pytest.approx((1 / 3 + 0) / 2) and p["3"] == 0.0
    rs = reliability_score(rows)
    assert rs["0"] == pytest.approx(3 / 6) and rs["10"] == pytest.approx((1 + 1 - 10 + 1 - 10 - 10) / 6)
    clean_abstain = [{"task_id": "c", "variant": "clean", "correct": False, "abstained": True}]
    assert reliability_score(clean_abstain)["10"] == 0.0
    unsubmitted = [{"task_id": "d", "variant": "noise", "correct": False, "abstained": False, "submitted": False}]
    assert reliability_score(unsubmitted)["10"] == 0.0


@pytest.mark.parametrize(("agent", "clean", "noise"), [("oracle", 1.0, 1.0), ("null", 0.0, 1.0), ("premise-blind", 1.0, 0.0),
                                                        ("flagger", 1.0, 1.0)])
def test_baselines_score_exactly_as_designed(mini: tuple[str, Path], tmp_path: Path, agent: str, clean: float, noise: float) -> None:
    url, ds = mini
    summary = run_evaluation(agent=agent, dataset=ds, out=tmp_path, db_url=url, trials=2, concurrency=2, progress=False)
    assert (summary["clean_success"], summary["noise_success"]) == (clean, noise)
    assert set(summary) >= SUMMARY_KEYS and summary["n_tasks"] == 14 and summary["n_trials"] == 2
    assert set(summary["pass_hat_k"]) == {"1", "2"} and set(summary["reliability_score"]) == {"0", "5", "10"}
    assert all(v == {"clean": clean, "noise": noise} for v in summary["by_intent"].values())
    assert len(summary["by_intent"]) == 6
    for f in ("results.jsonl", "trajectories.jsonl", "summary.json", "report.md", "success_by_intent.png", "pass_hat_k.png"):
        assert (tmp_path / f).stat().st_size > 0
    assert "| Model | Demographics | Vitals | Medications | Cost | Labs | Diagnoses | Avg. |" in (tmp_path / "report.md").read_text()


def test_evaluation_resumes_without_redoing_episodes(mini: tuple[str, Path], tmp_path: Path) -> None:
    url, ds = mini
    run_evaluation(agent="oracle", dataset=ds, out=tmp_path, db_url=url, trials=1, limit=4, progress=False)
    assert len(list(read_jsonl(tmp_path / "results.jsonl"))) == 4
    with (tmp_path / "results.jsonl").open("a") as f:
        f.write('{"task_id": "torn')  # a crash mid-line
    summary = run_evaluation(agent="oracle", dataset=ds, out=tmp_path, db_url=url, trials=2, progress=False)
    rows = list(read_jsonl(tmp_path / "results.jsonl"))
    assert len(rows) == 28 and len({(r["task_id"], r["trial"]) for r in rows}) == 28
    assert summary["n_episodes"] == 28
    with pytest.raises(ValueError, match="different run"):
        run_evaluation(agent="null", dataset=ds, out=tmp_path, db_url=url, progress=False)


def test_cli_eval_report_and_export_sft(mini: tuple[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    url, ds = mini
    run = tmp_path / "run"
    assert cli_main(["eval", "--agent", "oracle", "--dataset", str(ds), "--db", url, "--out", str(run),
                     "--trials", "1", "--concurrency", "2", "--no-progress"]) == 0
    assert "clean 100.0%  noise 100.0%" in capsys.readouterr().out
    (run / "report.md").unlink()
    assert cli_main(["report", str(run)]) == 0 and (run / "report.md").exists()
    out = tmp_path / "sft.jsonl"
    assert cli_main(["export-sft", "--runs", str(run), "--out", str(out), "--successful-only", "--variant", "noise"]) == 0
    examples = list(read_jsonl(out))
    assert len(examples) == 7
    for ex in examples:
        assert check_trl_conversational(ex) == []
        assert ex["messages"][-1]["tool_calls"][0]["function"] == {"name": "submit_answer", "arguments": {"answer": None}}


def test_summary_from_rows_handles_partial_groups() -> None:
    rows = [{"task_id": "x", "variant": "clean", "correct": True, "abstained": False, "intent": "labs",
             "noise_level": "record", "level": "patient", "turns": 2, "tool_calls": 2, "tool_errors": 1}]
    s = summarize(rows)
    assert s["by_intent"] == {"labs": {"clean": 1.0, "noise": None}} and s["tool_error_rate"] == 0.5


def test_evaluation_dagster_asset_runs_a_partition(mini: tuple[str, Path], tmp_path: Path) -> None:
    from dagster import build_asset_context

    from pipeline.assets.evaluation import EvalSettings, evaluation
    from pipeline.assets.resources import EHRResource

    url, ds = mini
    ctx = build_asset_context(partition_key="null")
    out = evaluation(ctx, dataset_split={"out_dir": str(ds)}, ehr=EHRResource(db_url=url, generate_if_absent=False),
                     eval_settings=EvalSettings(runs_dir=str(tmp_path), prompt="base"))
    assert out.value["summary"]["noise_success"] == 1.0 and out.value["summary"]["clean_success"] == 0.0
    assert (Path(out.value["out_dir"]) / "report.md").exists()
    assert out.metadata["prompt"].value == "base"  # the setting reaches the run, and the run's record the asset
    cats = out.metadata["error_categories"].value  # the null agent fails only by abstaining on Clean
    assert set(cats) == {"false_abstention"} and cats["false_abstention"] > 0


def test_a_sandbox_that_cannot_start_is_a_tool_error(mini: tuple[str, Path], tmp_path: Path) -> None:
    import os
    import shutil

    if os.geteuid() != 0:
        pytest.skip("the permission check applies when the sandbox drops to nobody")
    db_path = tmp_path / "ehr.duckdb"
    shutil.copy(mini[0][len("duckdb:///"):], db_path)
    db_path.chmod(0o666)  # writable by the sandbox user: the sandbox must refuse to start
    e = RobustGymEnv(make_tasks(), f"duckdb:///{db_path}")
    e.reset(options={"task_id": "p01-clean"})
    obs, *_ = e.step(call("execute_python", {"code": "print(1)"}))
    assert "writable by the sandbox user" in obs[0]["content"]
    assert e.step(call("execute_sql", {"query": "SELECT 1"}, "c2"))[0][0]["content"].startswith("1 row")
    e.close()


def test_evaluation_asset_loads_beside_the_construction_graph() -> None:
    from dagster import Definitions

    from pipeline.assets.assets import ALL_ASSETS
    from pipeline.assets.evaluation import EvalSettings, evaluation
    from pipeline.definitions import default_resources

    defs = Definitions(assets=[*ALL_ASSETS, evaluation], resources={**default_resources(), "eval_settings": EvalSettings()})
    Definitions.validate_loadable(defs)
    graph = defs.resolve_asset_graph()
    key = evaluation.key
    assert {p.to_user_string() for p in graph.get(key).parent_keys} == {"dataset_split"}


def test_refuses_a_read_write_database(mini: tuple[str, Path], tmp_path: Path) -> None:
    import shutil

    path = tmp_path / "rw.duckdb"
    shutil.copy(mini[0][len("duckdb:///"):], path)
    with connect(f"duckdb:///{path}", read_only=False) as db, pytest.raises(ValueError, match="read-only"):
        RobustGymEnv(make_tasks(), db)


def test_eval_refuses_a_split_built_on_another_ehr(mini: tuple[str, Path], tmp_path: Path) -> None:
    import json as _json
    import shutil

    url, ds = mini
    other = tmp_path / "ds"
    shutil.copytree(ds, other)
    manifest = _json.loads((other / "manifest.json").read_text())
    manifest["source_database"] = {"fingerprint": "0000000000000000"}
    (other / "manifest.json").write_text(_json.dumps(manifest))
    with pytest.raises(ValueError, match="fingerprint 0000000000000000"):
        run_evaluation(agent="null", dataset=other, out=tmp_path / "r", db_url=url, progress=False)
    with connect(url) as db:
        manifest["source_database"]["fingerprint"] = db.fingerprint()
    (other / "manifest.json").write_text(_json.dumps(manifest))
    assert run_evaluation(agent="null", dataset=other, out=tmp_path / "r", db_url=url, progress=False)["n_tasks"] == 14
