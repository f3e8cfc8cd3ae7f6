"""Evaluation: n trials per task with bounded concurrency, resumable, then summary, report and plots.

`run_evaluation(...)` is the one entry point (the CLI and a Dagster asset partitioned by agent both call it).
`DIR/results.jsonl` gets one line per finished episode and `DIR/trajectories.jsonl` its transcript, appended as
each finishes; a rerun skips the (task_id, trial) pairs already in results.jsonl. An episode whose agent failed
(e.g. the model endpoint kept erroring) goes to `DIR/errors.jsonl` instead and is retried by the next run.
"""

import hashlib
import json
import logging
import queue
import secrets
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from pipeline.ehr.database import Database, connect
from pipeline.gym.agents import Agent, AgentError, agent_view, make_agent
from pipeline.gym.env import DEFAULT_PROMPT, EnvConfig, RobustGymEnv, episode_key, prompt_file
from pipeline.gym.failures import analyse, error_summary, example_transcript
from pipeline.gym.metrics import GROUP_ORDERS, summarize
from pipeline.gym.report import write_report
from pipeline.gym.tasks import Task, load_tasks, read_manifest
from pipeline.gym.trajectories import TRAJECTORIES_FILE, JsonlAppender, read_jsonl
from pipeline.gym.verifier import NO_SUBMISSION
from pipeline.paths import DEFAULT_DB_URL

log = logging.getLogger(__name__)

RESULTS_FILE = "results.jsonl"
ERRORS_FILE = "errors.jsonl"
RUN_FILE = "run.json"
FAILURES_FILE = "failures.jsonl"


@dataclass(frozen=True)
class RunSpec:
    """What identifies a run; a rerun into the same directory must match it."""

    agent: str
    model: str | None
    dataset: str
    dataset_version: str
    split: str
    trials: int
    seed: int
    temperature: float | None
    db_url: str
    prompt: str = DEFAULT_PROMPT
    prompt_sha256: str = ""
    env: dict[str, Any] = field(default_factory=dict)


def episode_seed(base_seed: int, task_id: str, trial: int) -> int:
    """A stable per-(task, trial) seed, so reruns and resumed runs send the same seed."""
    return int(hashlib.sha256(f"{base_seed}:{task_id}:{trial}".encode()).hexdigest()[:8], 16) % (2**31)


def run_episode(env: RobustGymEnv, agent: Agent, task: Task, *, trial: int = 0, seed: int | None = None,
                model: str | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """Play one episode; returns (result line, trajectory). Raises AgentError when the agent fails."""
    obs, info = env.reset(options={"task_id": task.task_id})
    state: dict[str, Any] = {"seed": seed}
    while True:
        action = agent.act(list(env.messages), agent_view(info), state)
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break
    return episode_record(env, task, trial=trial, agent=agent.name, model=model or agent.model, seed=seed,
                          state=state)


def episode_record(env: RobustGymEnv, task: Task, *, trial: int, agent: str, model: str | None, seed: int | None,
                   state: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """(result line, trajectory) of the env's finished episode: the one format `robustgym eval` and the MCP server
    write, so `robustgym report`, pass^k and the error analysis read both."""
    state = state or {}
    verdict = env.verdict
    reward = 1.0 if env.terminated and verdict is not None and verdict.correct else 0.0
    submitted = env.answer is not NO_SUBMISSION
    meta = {"agent": agent, "model": model, "seed": seed, "trial": trial}
    result = {
        **task.metadata(), "trial": trial, "agent": agent, "model": model, "seed": seed,
        "answer": env.answer if submitted else None, "submitted": submitted, "premise_issue": env.premise_issue,
        "correct": bool(verdict and verdict.correct), "abstained": bool(verdict and verdict.abstained),
        "flagged": bool(verdict and verdict.flagged), "outcome": verdict.outcome if verdict else "no_submission",
        "strict_correct": bool(verdict and verdict.strict_correct), "correctable": task.correctable,
        "corrected": verdict.corrected if verdict else None, "reward": reward, "reason": verdict.reason if verdict else "",
        "turns": env.turns, "tool_calls": env.tool_calls, "tool_errors": env.tool_errors,
        "malformed_calls": env.malformed_calls, "truncated": env.truncated, "truncation_reason": env.truncation_reason,
        "elapsed_s": round(env.elapsed_s, 4), "prompt_tokens": state.get("prompt_tokens"),
        "completion_tokens": state.get("completion_tokens"), "finished_at": time.time(),
    }
    return result, env.trajectory(**meta)


def _db_url_for(explicit: str | None) -> str:
    """--db, else the default EHR: the manifest records the source's fingerprint (checked), not its URL."""
    return explicit or DEFAULT_DB_URL


def done_keys(out_dir: Path) -> set[tuple[str, int]]:
    return {(r["task_id"], int(r["trial"])) for r in read_jsonl(out_dir / RESULTS_FILE) if "task_id" in r and "trial" in r}


def run_evaluation(
    *, agent: str, dataset: str | Path, out: str | Path, split: str = "test", trials: int = 1, concurrency: int = 1,
    db_url: str | None = None, model: str | None = None, base_url: str | None = None, limit: int | None = None,
    temperature: float | None = None, seed: int = 0, max_turns: int = 20, env_config: EnvConfig | None = None,
    agent_options: dict[str, Any] | None = None, tasks: Sequence[Task] | None = None, progress: bool = True,
    db: Database | None = None, on_episode: Callable[[dict[str, Any]], None] | None = None,
    check_fingerprint: bool = True, prompt: str = DEFAULT_PROMPT,
) -> dict[str, Any]:
    """Evaluate one agent on a split; returns the summary (also written to `out`/summary.json)."""
    if trials < 1 or concurrency < 1:
        raise ValueError("--trials and --concurrency must be at least 1")
    dataset_dir = Path(dataset)
    task_list = list(tasks) if tasks is not None else load_tasks(dataset_dir, split, limit=limit)
    if tasks is not None and limit is not None:
        task_list = task_list[:limit]
    if not task_list:
        raise ValueError(f"no tasks in {dataset_dir} split {split}")
    out_dir = Path(out)
    out_dir.mkdir(parents=True, exist_ok=True)
    config = env_config or EnvConfig(max_turns=max_turns)
    url = db.url if db is not None else _db_url_for(db_url)
    versions = sorted({t.dataset_version for t in task_list})
    options = dict(agent_options or {})
    if agent == "openai":
        options.setdefault("model", model or "gpt-4.1")
        options.setdefault("base_url", base_url)
        options.setdefault("temperature", temperature)
        options.setdefault("seed", seed)
    secret = secrets.token_bytes(32)  # this run's episode keys: shared by its environments and its baselines
    the_agent = make_agent(agent, tasks=task_list, episode_keys={t.task_id: episode_key(secret, t.task_id)
                                                                 for t in task_list}, **options)
    spec = RunSpec(agent=agent, model=getattr(the_agent, "model", None), dataset=str(dataset_dir),
                   dataset_version=",".join(versions), split=split, trials=trials, seed=seed, temperature=temperature,
                   db_url=_redact(url), prompt=prompt,
                   prompt_sha256=hashlib.sha256(prompt_file(prompt).read_bytes()).hexdigest(), env={"max_turns": config.max_turns, "max_wall_s": config.max_wall_s})
    _check_run_file(out_dir, spec)

    done = done_keys(out_dir)
    pending = [(t, k) for t in task_list for k in range(trials) if (t.task_id, k) not in done]
    results_out = JsonlAppender(out_dir / RESULTS_FILE)
    traj_out = JsonlAppender(out_dir / TRAJECTORIES_FILE)
    errors_out = JsonlAppender(out_dir / ERRORS_FILE)
    owns_db = db is None
    database = db if db is not None else connect(url)
    if check_fingerprint and tasks is None:
        try:
            _check_fingerprint(dataset_dir, database)
        except ValueError:
            if owns_db:
                database.close()
            raise
    envs: queue.Queue[RobustGymEnv] = queue.Queue()
    workers = max(1, min(concurrency, len(pending) or 1))
    for _ in range(workers):
        envs.put(RobustGymEnv(task_list, database, config=config, prompt=prompt, secret=secret))
    failures = 0

    def work(task: Task, trial: int) -> dict[str, Any] | None:
        env = envs.get()
        s = episode_seed(seed, task.task_id, trial)
        try:
            result, trajectory = run_episode(env, the_agent, task, trial=trial, seed=s, model=spec.model)
        except AgentError as e:
            errors_out.append({"task_id": task.task_id, "trial": trial, "error": str(e), "at": time.time()})
            return None
        finally:
            envs.put(env)
        traj_out.append(trajectory)
        results_out.append(result)
        return result

    try:
        from tqdm import tqdm

        bar = tqdm(total=len(pending), desc=f"eval {agent}", unit="ep", disable=not progress or not pending)
        with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="episode") as pool:
            futures = [pool.submit(work, t, k) for t, k in pending]
            for fut in as_completed(futures):
                res = fut.result()
                if res is None:
                    failures += 1
                elif on_episode is not None:
                    on_episode(res)
                bar.update(1)
        bar.close()
    finally:
        while not envs.empty():
            envs.get().close()
        if owns_db:
            database.close()
    if failures:
        log.warning("%d episode(s) failed in the agent and were not recorded; rerun to retry them (see %s)",
                    failures, out_dir / ERRORS_FILE)
    return render(out_dir, task_ids={t.task_id for t in task_list}, trials=trials, tasks=task_list)


def render(out_dir: str | Path, *, task_ids: set[str] | None = None, trials: int | None = None,
           tasks: Sequence[Task] | None = None) -> dict[str, Any]:
    """Recompute summary.json, failures.jsonl, report.md and the plots from results.jsonl and trajectories.jsonl
    (the `robustgym report` command). The error analysis reads the tasks from the run's dataset (run.json) unless
    they are given; without them the premise and code rules cannot apply (see failures.py)."""
    out = Path(out_dir)
    rows = [r for r in read_jsonl(out / RESULTS_FILE) if task_ids is None or r["task_id"] in task_ids]
    if not rows:
        raise ValueError(f"{out / RESULTS_FILE} has no results")
    run = json.loads((out / RUN_FILE).read_text()) if (out / RUN_FILE).exists() else {}
    summary = summarize(rows, trials or run.get("trials"))
    summary["agent"] = run.get("agent")
    summary["model"] = run.get("model")
    summary["prompt"] = run.get("prompt")
    summary["dataset_version"] = run.get("dataset_version")
    by_id = {t.task_id: t for t in (tasks if tasks is not None else _run_tasks(run))}
    trajectories = list(read_jsonl(out / TRAJECTORIES_FILE))
    failed = analyse(rows, trajectories, by_id)
    summary.update(error_summary(failed, GROUP_ORDERS))
    summary["error_analysis_has_tasks"] = bool(by_id)
    _atomic_jsonl(out / FAILURES_FILE, [{**f.as_dict(), "intent": r.get("intent"), "noise_level": r.get("noise_level"),
                                        "difficulty": r.get("difficulty")} for r, f in failed])
    write_report(out, summary, run, examples=failure_examples(failed, trajectories, by_id))
    return summary


def _run_tasks(run: dict[str, Any]) -> list[Task]:
    """The tasks of a finished run, for the error analysis; [] (with a warning) when its dataset is gone."""
    if not run.get("dataset"):
        return []
    try:
        return load_tasks(run["dataset"], run.get("split", "test"))
    except (OSError, ValueError) as e:
        log.warning("error analysis without tasks (%s): premise and code rules cannot apply", e)
        return []


def failure_examples(failed: Sequence[tuple[dict[str, Any], Any]], trajectories: Sequence[dict[str, Any]],
                     tasks: dict[str, Task], per_category: int = 3) -> dict[str, list[str]]:
    """Up to `per_category` truncated transcripts per category (first by task id, then trial: deterministic)."""
    by_key = {(t["metadata"].get("task_id"), int(t["metadata"].get("trial", 0) or 0)): t
              for t in trajectories if isinstance(t.get("metadata"), dict)}
    out: dict[str, list[str]] = {}
    for r, f in sorted(failed, key=lambda x: (x[1].task_id, x[1].trial)):
        shown = out.setdefault(f.category, [])
        if len(shown) < per_category:
            shown.append(example_transcript(by_key.get((f.task_id, f.trial)), r, f, tasks.get(f.task_id)))
    return out


def _atomic_jsonl(path: Path, rows: Sequence[dict[str, Any]]) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text("".join(json.dumps(r, default=str) + "\n" for r in rows), encoding="utf-8")
    tmp.replace(path)


def _check_fingerprint(dataset_dir: Path, database: Database) -> None:
    """A split is only meaningful on the EHR it was built from: compare the manifest's source fingerprint."""
    expected = (read_manifest(dataset_dir).get("source_database") or {}).get("fingerprint")
    if not expected:
        return
    actual = database.fingerprint()
    if actual != expected:
        raise ValueError(f"{dataset_dir} was built from an EHR with fingerprint {expected}, but {_redact(database.url)} "
                         f"has {actual}: pass the right --db (or --ignore-fingerprint)")


def _check_run_file(out_dir: Path, spec: RunSpec) -> None:
    path = out_dir / RUN_FILE
    current = asdict(spec)
    if path.exists():
        previous = json.loads(path.read_text())
        keys = ("agent", "model", "dataset_version", "split", "seed", "temperature", "prompt")
        previous.setdefault("prompt", "evidence")  # runs before --prompt existed used the premise-checking prompt
        diff = [k for k in keys if previous.get(k) != current.get(k)]
        if diff:
            raise ValueError(f"{out_dir} holds a different run ({', '.join(f'{k}: {previous.get(k)!r} ≠ {current.get(k)!r}' for k in diff)}); "
                             "use another --out")
        if previous.get("trials", 0) >= spec.trials:
            current["trials"] = previous["trials"]
    tmp = path.with_name(RUN_FILE + ".tmp")
    tmp.write_text(json.dumps(current, indent=2))
    tmp.replace(path)


def _redact(url: str) -> str:
    """Drop a password from a database URL before it is written to disk."""
    if "://" in url and "@" in url:
        scheme, rest = url.split("://", 1)
        creds, host = rest.rsplit("@", 1)
        return f"{scheme}://{creds.split(':', 1)[0]}@{host}"
    return url
