"""report.md (the paper's Table 2 layout + pass^k + breakdowns) and PNG plots, from a run's summary."""

import json
import os
from pathlib import Path
from typing import Any

from pipeline.common.markdown import md_table
from pipeline.common.vocabulary import INTENTS
from pipeline.gym.failures import CATEGORIES
from pipeline.gym.verifier import OUTCOMES

INTENT_TITLES = {i: i.capitalize() for i in INTENTS}
CATEGORY_COLORS = {"missed_discrepancy": "#C44E52", "false_abstention": "#8172B2", "false_alarm": "#DA8BC3",
                   "code_lookup": "#DD8452",
                   "sql_logic": "#4C72B0", "semantic": "#55A868", "tool_failure": "#937860", "budget": "#8C8C8C",
                   "format": "#CCB974"}


def _pct(v: float | None) -> str:
    return "–" if v is None else f"{100 * v:.1f}"


def _pair(d: dict[str, float | None]) -> str:
    return f"{_pct(d.get('clean'))} / {_pct(d.get('noise'))}"


def render_markdown(summary: dict[str, Any], run: dict[str, Any], examples: dict[str, list[str]] | None = None) -> str:
    label = run.get("model") or run.get("agent", "agent")
    agent = run.get("agent", "")
    lines = [
        f"# Evaluation report — {label}",
        "",
        f"Agent `{agent}`" + (f", model `{run['model']}`" if run.get("model") else "")
        + f", dataset `{run.get('dataset_version') or run.get('dataset', '')}` split `{run.get('split', '')}`, "
        f"{summary['n_tasks']} tasks × {summary['n_trials']} trial(s) = {summary['n_episodes']} episodes.",
        "",
        "## Task success (%), Clean / Noise — paper Table 2 layout",
        "",
        "Flag-aware: Noise succeeds on an abstention or a premise issue, Clean on the right answer without one.",
        "",
        md_table(["Model", *INTENT_TITLES.values(), "Avg."],
                 [[label, *(_pair(summary["by_intent"].get(i, {})) for i in INTENTS),
                   _pair({"clean": summary["clean_success"], "noise": summary["noise_success"]})]]),
        "",
        *render_contract(summary),
        "## pass^k (consistency over k trials)",
        "",
        md_table(["k", *summary["pass_hat_k"]],
                 [["all", *map(_pct, summary["pass_hat_k"].values())],
                  *([variant, *map(_pct, values.values())]
                    for variant, values in summary.get("pass_hat_k_by_variant", {}).items())]),
    ]
    for title, key, name in (("noise level (pair's noise type)", "by_noise_level", "Noise level"),
                             ("query level", "by_level", "Level"), ("difficulty tier", "by_difficulty", "Tier")):
        if summary.get(key):
            lines += ["", f"## By {title}, Clean / Noise", "",
                      md_table([name, "Clean", "Noise"],
                               [[k, _pct(d.get("clean")), _pct(d.get("noise"))] for k, d in summary[key].items()])]
    rs = summary["reliability_score"]
    lines += [
        "", "## Reliability score (EHRSQL 2024; mean per episode, ×100)", "",
        md_table(["RS(0)", "RS(5)", "RS(10)"], [[_pct(rs.get("0")), _pct(rs.get("5")), _pct(rs.get("10"))]]),
        "", "## Behaviour", "",
        f"- mean turns: {summary['mean_turns']:.2f}" if summary.get("mean_turns") is not None else "- mean turns: –",
        f"- tool error rate: {_pct(summary['tool_error_rate'])}%",
        f"- abstention rate: Clean {_pct(summary['abstention_rate']['clean'])}%, "
        f"Noise {_pct(summary['abstention_rate']['noise'])}%",
        f"- truncated episodes: {_pct(summary.get('truncation_rate'))}%",
        "", "![Clean vs Noise per intent](success_by_intent.png)", "", "![pass^k](pass_hat_k.png)", "",
    ]
    if "error_categories" in summary:
        lines += render_error_analysis(summary, examples or {})
    return "\n".join(lines)


def render_contract(summary: dict[str, Any]) -> list[str]:
    """The figures a researcher reads first: strict vs flag-aware Noise success, pair figures, detection,
    correction, and the outcomes per intent."""
    if "outcomes" not in summary:
        return []
    det = summary.get("detection") or {}
    strict = summary.get("noise_success_strict_by_intent") or {}
    outcomes = summary.get("outcomes_by_intent") or {}
    intents = [i for i in INTENTS if i in outcomes] + [i for i in outcomes if i not in INTENTS]
    lines = [
        "## Noticing: strict and flag-aware", "",
        md_table(["Noise success (flag-aware)", "Noise success (strict: only null)", "Pair success",
                  "Robust given Clean", "Detection precision", "Detection recall", "Correction accuracy"],
                 [[_pct(summary["noise_success"]), _pct(summary["noise_success_strict"]),
                   _pct(summary.get("pair_success")), _pct(summary.get("robust_given_clean")),
                   _pct(det.get("precision")), _pct(det.get("recall")), _pct(summary.get("correction_accuracy"))]]),
        "", "Strict Noise success per intent: " + ", ".join(
            f"{INTENT_TITLES.get(i, i)} {_pct(v)}" for i, v in strict.items()) + ".", "",
        "## Outcomes (episodes)", "",
        md_table(["Outcome", "All", *(INTENT_TITLES.get(i, i) for i in intents)],
                 [[o, summary["outcomes"].get(o, 0), *(outcomes[i].get(o, 0) for i in intents)] for o in OUTCOMES]),
        "",
    ]
    return lines


def render_error_analysis(summary: dict[str, Any], examples: dict[str, list[str]]) -> list[str]:
    """The "Error analysis" section: counts per category overall and per intent, the premise sub-field, and up
    to three truncated example trajectories per category."""
    counts = summary["error_categories"]
    total = sum(counts.values())
    by_intent = summary.get("error_categories_by_intent", {})
    intents = [i for i in INTENTS if i in by_intent] + [i for i in by_intent if i not in INTENTS]
    lines = ["## Error analysis", "",
             f"{total} failed episode(s), each in exactly one category (rules: `pipeline/gym/failures.py`).", ""]
    if not total:
        return lines
    lines.append(md_table(["Category", "Failures", "Share", *(INTENT_TITLES.get(i, i) for i in intents)],
                          [[c, counts[c], f"{100 * counts[c] / total:.1f}%", *(by_intent[i].get(c, 0) for i in intents)]
                           for c in CATEGORIES if counts.get(c)]))
    for key, title in (("noise_level", "noise level"), ("difficulty", "difficulty tier")):
        groups = summary.get(f"error_categories_by_{key}") or {}
        if groups:
            lines += ["", f"By {title}: " + "; ".join(
                f"{g} — " + ", ".join(f"{c} {n}" for c, n in cs.items()) for g, cs in groups.items() if cs)]
    seen = summary.get("missed_discrepancy_saw_empty_premise", {})
    if counts.get("missed_discrepancy"):
        lines += ["", f"`missed_discrepancy`: {seen.get('yes', 0)} answered after an empty result for the premise, "
                  f"{seen.get('no', 0)} without having seen one" + (f", {seen['unknown']} unknown" if seen.get("unknown") else "")
                  + "."]
    if not summary.get("error_analysis_has_tasks", True):
        lines += ["", "The run's dataset was not found: the premise and code rules could not apply."]
    lines += ["", "![Failures by category per intent](error_categories_by_intent.png)", "",
              "### Example trajectories (truncated)", ""]
    for c in CATEGORIES:
        for text in examples.get(c, []):
            lines += [f"**{c}**", "", "```text", text, "```", ""]
    return lines


def render_plots(summary: dict[str, Any], out_dir: Path, label: str) -> list[Path]:
    os.environ.setdefault("MPLBACKEND", "Agg")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    paths = []
    intents = [i for i in INTENTS if i in summary["by_intent"]] or list(summary["by_intent"])
    fig, ax = plt.subplots(figsize=(9, 4))
    xs = range(len(intents))
    strict = summary.get("noise_success_strict_by_intent") or {}
    bars = [("Clean", [summary["by_intent"][i].get("clean") for i in intents], "#4C72B0"),
            ("Noise (flag-aware)", [summary["by_intent"][i].get("noise") for i in intents], "#DD8452"),
            ("Noise (strict: only null)", [strict.get(i) for i in intents], "#C44E52")]
    width = 0.8 / len(bars)
    for k, (name, values, color) in enumerate(bars):
        ax.bar([x + (k - 1) * width for x in xs], [100 * (v or 0) for v in values], width=width, label=name,
               color=color)
    ax.set_xticks(list(xs), [INTENT_TITLES.get(i, i) for i in intents])
    ax.set_ylim(0, 118)
    ax.set_yticks(range(0, 101, 20))
    ax.set_ylabel("task success (%)")
    ax.set_title(f"Clean vs Noise success per intent — {label}")
    ax.legend(loc="upper center", ncol=3, frameon=False, fontsize=8)
    fig.tight_layout()
    paths.append(out_dir / "success_by_intent.png")
    fig.savefig(paths[-1], dpi=100)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(5, 4))
    for name, series in [("all", summary["pass_hat_k"]), *summary.get("pass_hat_k_by_variant", {}).items()]:
        ks = [int(k) for k, v in series.items() if v is not None]
        vs = [100 * v for v in series.values() if v is not None]
        if ks:
            ax.plot(ks, vs, marker="o", label=name)
    ax.set_xlabel("k")
    ax.set_ylabel("pass^k (%)")
    ax.set_ylim(0, 118)
    ax.set_yticks(range(0, 101, 20))
    ax.set_xticks(sorted({int(k) for k in summary["pass_hat_k"]}))
    ax.set_title(f"pass^k — {label}")
    ax.legend(loc="upper center", ncol=3, frameon=False)
    fig.tight_layout()
    paths.append(out_dir / "pass_hat_k.png")
    fig.savefig(paths[-1], dpi=100)
    plt.close(fig)

    by_intent = summary.get("error_categories_by_intent")
    if by_intent is not None:
        fig, ax = plt.subplots(figsize=(8, 4))
        names = [i for i in INTENTS if i in by_intent] + [i for i in by_intent if i not in INTENTS]
        bottom = [0] * len(names)
        for c in CATEGORIES:
            heights = [by_intent[i].get(c, 0) for i in names]
            if any(heights):
                ax.bar(range(len(names)), heights, bottom=bottom, label=c, color=CATEGORY_COLORS[c])
                bottom = [b + h for b, h in zip(bottom, heights, strict=True)]
        ax.set_xticks(list(range(len(names))), [INTENT_TITLES.get(i, i) for i in names])
        ax.set_ylabel("failed episodes")
        ax.set_title(f"Failures by category per intent — {label}")
        if any(bottom):
            ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False, fontsize=8)
        fig.tight_layout()
        paths.append(out_dir / "error_categories_by_intent.png")
        fig.savefig(paths[-1], dpi=100)
        plt.close(fig)
    return paths


def write_report(out_dir: str | Path, summary: dict[str, Any], run: dict[str, Any],
                 examples: dict[str, list[str]] | None = None) -> Path:
    """summary.json, report.md and the plots, each written to a temporary name and renamed."""
    out = Path(out_dir)
    _atomic_write(out / "summary.json", json.dumps(summary, indent=2))
    _atomic_write(out / "report.md", render_markdown(summary, run, examples))
    render_plots(summary, out, run.get("model") or run.get("agent", "agent"))
    return out / "report.md"


def _atomic_write(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
