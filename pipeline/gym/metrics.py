"""Metrics over episode results: the paper's Table 2 (Clean / Noise success per intent), pass^k, reliability, and
the flag-aware contract's figures.

Success is the verifier's flag-aware rule (Noise: an abstention or a premise issue; Clean: the right answer and no
premise issue); `noise_success_strict` is the paper's rule (only an abstention passes Noise). Pair figures work
per (pair, trial) with both twins in the run: `pair_success` = both twins succeeded; `robust_given_clean` = Noise
success over those whose Clean twin succeeded. Detection counts an abstention or a premise issue as the positive:
precision = detections on Noise / all detections, recall = detections on Noise / Noise episodes.
`correction_accuracy`: flagged answers on correctable Noise twins that match the corrected answer.

pass^k (tau-bench): for a task with n trials of which c succeeded, C(c, k) / C(n, k) is the chance that k trials
drawn without replacement all succeed; pass^k is its mean over tasks with n ≥ k.
Reliability score (EHRSQL 2024): per episode +1 for a correct answer or a correct abstention (Noise), 0 for an
abstention on Clean, −c for a wrong answer on Clean or any answer on Noise; reported as the mean per episode
(so it ranges over [−c, 1]) for c ∈ {0, 5, 10}. An episode that ended without a submission (turn/time/output
budget) scores 0 on either variant: it gave no wrong answer, but it did not abstain either, so it also fails
Noise success. An abstention or a premise issue counts as a declined answer on either variant (a false alarm on
Clean scores 0, like an abstention; a premise issue on Noise +1, like a correct abstention).
"""

from collections import defaultdict
from collections.abc import Iterable, Sequence
from math import comb
from typing import Any

from pipeline.common.vocabulary import DIFFICULTIES, INTENTS, LEVELS, NOISE_LEVELS
from pipeline.gym.verifier import FORMAT_REASONS, OUTCOMES

GROUP_ORDERS = {"intent": INTENTS, "noise_level": NOISE_LEVELS, "difficulty": DIFFICULTIES}

PENALTIES = (0, 5, 10)


def _rate(rows: Sequence[dict[str, Any]]) -> float | None:
    return sum(1 for r in rows if r["correct"]) / len(rows) if rows else None


def _split(rows: Sequence[dict[str, Any]]) -> dict[str, float | None]:
    return {
        "clean": _rate([r for r in rows if r["variant"] == "clean"]),
        "noise": _rate([r for r in rows if r["variant"] == "noise"]),
    }


def _ordered_groups(rows: Sequence[dict[str, Any]], key: str, order: Sequence[str]) -> dict[str, dict[str, float | None]]:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        groups[str(r.get(key))].append(r)
    names = [n for n in order if n in groups] + sorted(n for n in groups if n not in order)
    return {n: _split(groups[n]) for n in names}


def pass_hat_k(rows: Sequence[dict[str, Any]], max_k: int) -> dict[str, float | None]:
    by_task: dict[str, list[bool]] = defaultdict(list)
    for r in rows:
        by_task[r["task_id"]].append(bool(r["correct"]))
    out: dict[str, float | None] = {}
    for k in range(1, max_k + 1):
        vals = [comb(sum(v), k) / comb(len(v), k) for v in by_task.values() if len(v) >= k]
        out[str(k)] = sum(vals) / len(vals) if vals else None
    return out


def outcome(r: dict[str, Any]) -> str:
    """The episode's outcome (the verifier's rule 6); derived for result lines written before outcomes were."""
    if r.get("outcome"):
        return str(r["outcome"])
    if not r.get("submitted", True):
        return "no_submission"
    if r.get("abstained"):
        return "abstained"
    if r.get("correct"):
        return "correct"
    return "malformed" if str(r.get("reason") or "").startswith(FORMAT_REASONS) else "wrong"


def detected(r: dict[str, Any]) -> bool:
    """An abstention or a premise issue: the agent declined to give a plain answer."""
    return outcome(r) in ("abstained", "flagged", "false_alarm")


def outcome_counts(rows: Sequence[dict[str, Any]]) -> dict[str, int]:
    counts = {o: 0 for o in OUTCOMES}
    for r in rows:
        counts[outcome(r)] += 1
    return counts


def _strict(r: dict[str, Any]) -> bool:
    return bool(r["strict_correct"]) if "strict_correct" in r else bool(r["correct"])


def pair_figures(rows: Sequence[dict[str, Any]]) -> dict[str, float | int | None]:
    """pair_success and robust_given_clean over (pair, trial) with both twins in the run."""
    twins: dict[tuple[Any, int], dict[str, bool]] = defaultdict(dict)
    for r in rows:
        twins[(r.get("pair_id"), int(r.get("trial", 0) or 0))][r["variant"]] = bool(r["correct"])
    both = [t for t in twins.values() if "clean" in t and "noise" in t]
    answered = [t for t in both if t["clean"]]
    return {
        "pair_success": sum(1 for t in both if t["clean"] and t["noise"]) / len(both) if both else None,
        "robust_given_clean": sum(1 for t in answered if t["noise"]) / len(answered) if answered else None,
        "n_complete_pairs": len(both),
    }


def detection(rows: Sequence[dict[str, Any]]) -> dict[str, float | None]:
    positives = [r for r in rows if detected(r)]
    noise = [r for r in rows if r["variant"] == "noise"]
    hits = sum(1 for r in positives if r["variant"] == "noise")
    return {"precision": hits / len(positives) if positives else None,
            "recall": hits / len(noise) if noise else None}


def correction_accuracy(rows: Sequence[dict[str, Any]]) -> float | None:
    graded = [r for r in rows if r["variant"] == "noise" and outcome(r) == "flagged" and r.get("corrected") is not None]
    return sum(1 for r in graded if r["corrected"]) / len(graded) if graded else None


def reliability_score(rows: Sequence[dict[str, Any]], penalties: Iterable[int] = PENALTIES) -> dict[str, float | None]:
    out: dict[str, float | None] = {}
    for c in penalties:
        if not rows:
            out[str(c)] = None
            continue
        total = 0.0
        for r in rows:
            if not r.get("submitted", True):
                continue
            if r["variant"] == "noise":
                total += 1.0 if detected(r) else -c
            elif detected(r):
                total += 0.0
            else:
                total += 1.0 if r["correct"] else -c
        out[str(c)] = total / len(rows)
    return out


def summarize(rows: Sequence[dict[str, Any]], n_trials: int | None = None) -> dict[str, Any]:
    """The summary.json content for one run's result lines."""
    rows = list(rows)
    trials_per_task: dict[str, int] = defaultdict(int)
    for r in rows:
        trials_per_task[r["task_id"]] += 1
    max_trials = max(trials_per_task.values(), default=0)
    n_trials = n_trials or max_trials
    calls = sum(int(r.get("tool_calls", 0)) for r in rows)
    errors = sum(int(r.get("tool_errors", 0)) for r in rows)
    split = _split(rows)
    clean_rows = [r for r in rows if r["variant"] == "clean"]
    noise_rows = [r for r in rows if r["variant"] == "noise"]
    tiers = {"by_difficulty": _ordered_groups([r for r in rows if r.get("difficulty") is not None], "difficulty",
                                              DIFFICULTIES)} if any(r.get("difficulty") is not None for r in rows) else {}
    by_intent_rows: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by_intent_rows[str(r.get("intent"))].append(r)
    intents = [i for i in INTENTS if i in by_intent_rows] + sorted(i for i in by_intent_rows if i not in INTENTS)
    return {
        "clean_success": split["clean"],
        "noise_success": split["noise"],
        "noise_success_strict": sum(1 for r in noise_rows if _strict(r)) / len(noise_rows) if noise_rows else None,
        "noise_success_strict_by_intent": {
            i: (sum(1 for r in g if _strict(r)) / len(g) if (g := [r for r in by_intent_rows[i] if r["variant"] == "noise"])
                else None) for i in intents},
        **pair_figures(rows),
        "outcomes": outcome_counts(rows),
        "outcomes_by_variant": {"clean": outcome_counts(clean_rows), "noise": outcome_counts(noise_rows)},
        "outcomes_by_intent": {i: outcome_counts(by_intent_rows[i]) for i in intents},
        "detection": detection(rows),
        "correction_accuracy": correction_accuracy(rows),
        "by_intent": _ordered_groups(rows, "intent", INTENTS),
        "by_noise_level": _ordered_groups(rows, "noise_level", NOISE_LEVELS),
        "by_level": _ordered_groups(rows, "level", LEVELS),
        **tiers,
        "pass_hat_k": pass_hat_k(rows, max(n_trials, max_trials)),
        "pass_hat_k_by_variant": {
            "clean": pass_hat_k(clean_rows, max(n_trials, max_trials)),
            "noise": pass_hat_k(noise_rows, max(n_trials, max_trials)),
        },
        "reliability_score": reliability_score(rows),
        "mean_turns": sum(int(r.get("turns", 0)) for r in rows) / len(rows) if rows else None,
        "tool_error_rate": errors / calls if calls else 0.0,
        "abstention_rate": {
            "clean": sum(1 for r in clean_rows if r["abstained"]) / len(clean_rows) if clean_rows else None,
            "noise": sum(1 for r in noise_rows if r["abstained"]) / len(noise_rows) if noise_rows else None,
        },
        "truncation_rate": sum(1 for r in rows if r.get("truncated")) / len(rows) if rows else None,
        "n_tasks": len(trials_per_task),
        "n_trials": n_trials,
        "n_episodes": len(rows),
        "n_pairs": len({r.get("pair_id") for r in rows}),
    }
