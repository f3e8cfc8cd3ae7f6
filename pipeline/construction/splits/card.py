"""The dataset card (README.md of a dataset version): counts, SQL structure, rejections, and how it was built.
Contains no timestamps or machine paths, so it is byte-identical across rebuilds."""

from typing import Any

import polars as pl

from pipeline.common.markdown import md_table
from pipeline.common.vocabulary import LEVELS, NOISE_LEVELS
from pipeline.construction.splits.structure import FEATURES


def counts_table(tasks: pl.DataFrame) -> str:
    """Markdown: pairs by intent × level × noise level, with totals."""
    header, align = ["intent", "level", *NOISE_LEVELS, "pairs"], ["l", "l"] + ["r"] * (len(NOISE_LEVELS) + 1)
    pairs = tasks.filter(pl.col("variant") == "clean")
    if pairs.height == 0:
        return md_table(header, [["(none)", "", *[0] * len(NOISE_LEVELS), 0]], align=align)
    g = pairs.group_by("intent", "level", "noise_level").len()
    lookup = {(r[0], r[1], r[2]): r[3] for r in g.iter_rows()}
    col_tot = dict.fromkeys(NOISE_LEVELS, 0)
    rows = []
    for intent in sorted(pairs["intent"].unique().to_list()):
        for level in LEVELS:
            n = [lookup.get((intent, level, lv), 0) for lv in NOISE_LEVELS]
            if sum(n) == 0:
                continue
            for lv, k in zip(NOISE_LEVELS, n, strict=True):
                col_tot[lv] += k
            rows.append([intent, level, *n, sum(n)])
    rows.append(["**total**", "", *col_tot.values(), sum(col_tot.values())])
    return md_table(header, rows, align=align)


def structure_table(structure: dict[str, dict[str, float]]) -> str:
    header = ["intent", "queries", *(f.replace("_", " ") for f in FEATURES)]
    rows = [[intent, int(s["queries"]), *(f"{s[f + '_mean']:.2f} ({s[f + '_share'] * 100:.0f}%)" for f in FEATURES)]
            for intent, s in structure.items()]
    return md_table(header, rows, align=["l"] + ["r"] * (len(FEATURES) + 1))


def validity_section(v: dict[str, Any] | None) -> str:
    """The validity measures (pipeline/construction/quality/measures.py) against their thresholds."""
    if not v:
        return "(not measured)"
    from pipeline.construction.quality import measures as m

    ops, golds, wording = v["operators"], v["golds"], v["wording"]
    by_family = (v.get("tells") or {}).get("by_family") or {}
    worst = ", ".join(f"{f} {a:.2f}" for f, a in sorted(by_family.items(), key=lambda x: (-x[1], x[0]))[:5]) or "n/a"
    zero = ", ".join(f"{k} {x * 100:.1f}%" for k, x in sorted(golds["zero_rate_share"].items())) or "no rate family"
    lines = [
        f"- wording tells: a classifier reading only the question (word 1–2-grams + character 2–5-grams, logistic "
        f"regression) trained on train separates Clean from Noise on test with AUROC **{v['tells_auroc']:.3f}** "
        f"(target ≤ {m.MAX_TELLS_AUROC:.2f}); within a family, highest: {worst}",
        f"- operators: {ops['operators_used']} used; the most frequent broken condition `{ops['max_condition']}` is "
        f"**{ops['max_condition_share'] * 100:.1f}%** of Noise tasks (≤ {m.MAX_CONDITION_SHARE:.0%}); clinical-content "
        f"operators **{ops['content_share'] * 100:.1f}%** (≥ {m.MIN_CONTENT_SHARE:.0%}); families below "
        f"{m.MIN_OPERATORS} operators over {m.MIN_NOISE_LEVELS} levels: {len(ops['families_below_operator_floor'])}",
        f"- golds: the most common Clean gold is at most **{golds['max_top_gold_share'] * 100:.1f}%** of its family's "
        f"golds (≤ {m.MAX_TOP_GOLD_SHARE:.0%}); rates equal to 0: {zero} (≤ {m.MAX_ZERO_RATE_SHARE:.0%})",
        f"- wording: {wording['questions_with_problems']} of {wording['questions']} questions with raw ALL-CAPS "
        "database words, 'a' before a vowel sound or '1 hours'",
    ]
    problems = [p for ps in v["problems"].values() for p in ps]
    lines.append("- open problems: " + ("none" if not problems else "; ".join(problems[:12])))
    top = list(ops["condition_shares"].items())[:8]
    lines += ["", "| broken condition | share of Noise |", "|---|---:|"]
    lines += [f"| {k} | {x * 100:.1f}% |" for k, x in top]
    return "\n".join(lines)


def rejections_table(rejections: pl.DataFrame) -> str:
    rows = rejections.group_by("stage", "reason").len().sort("stage", "reason").iter_rows() if rejections.height else []
    return md_table(["stage", "reason", "count"], rows, align=["l", "l", "r"])


def tier_counts(tasks: pl.DataFrame) -> str:
    """Markdown: pairs by intent × difficulty tier."""
    pairs = tasks.filter(pl.col("variant") == "clean")
    tiers = ("easy", "medium", "hard")
    lines = ["| intent | easy | medium | hard | pairs |", "|---|---:|---:|---:|---:|"]
    lookup = {(i, t): n for i, t, n in pairs.group_by("intent", "difficulty").len().iter_rows()}
    for intent in sorted(pairs["intent"].unique().to_list()):
        n = [lookup.get((intent, t), 0) for t in tiers]
        lines.append(f"| {intent} | {' | '.join(map(str, n))} | {sum(n)} |")
    tot = [sum(lookup.get((i, t), 0) for i in pairs["intent"].unique().to_list()) for t in tiers]
    lines.append(f"| **total** | {' | '.join(map(str, tot))} | {sum(tot)} |")
    return "\n".join(lines)


def render_card(manifest: dict[str, Any], tasks: pl.DataFrame, rejections: pl.DataFrame,
                structure: dict[str, dict[str, float]], noise_share: dict[str, float],
                by_tier: dict[str, dict[str, float]] | None = None) -> str:
    c = manifest["counts"]
    cfg = manifest["config"]
    split_line = ", ".join(f"{k}: {v} pairs" for k, v in c["by_split"].items())
    return f"""# EHR-RobustGym dataset {manifest['version']}

Clean–Noise question pairs over a MIMIC-IV-shaped EHR (source fingerprint `{manifest['source_database']['fingerprint']}`).
Every Clean answer was obtained by executing its reference SQL; every Noise twin was proved by execution to break
exactly one necessary condition (all others hold) with a reference SQL that returns no answer, so its answer is NULL.

- pairs: **{c['pairs']}** ({c['tasks']} tasks) from {c['families']} request families; {split_line}
- noise levels (share of Noise tasks): {', '.join(f'{k} {v * 100:.1f}%' for k, v in noise_share.items())}
- rewriter: {cfg['rewriter']}; seed {cfg['seed']}; per-family cap {cfg['per_family_cap']}; test fraction {cfg['test_fraction']}

## How an agent answers

**The contract with the agent.** A question is a request about the record whose stated details (the patient, the
admission or stay it names, dates, codes, values, the cohort) are premises about that record. The agent submits
the answer with `submit_answer(answer, premise_issue=None)`; when the record contradicts a stated detail or holds
nothing that matches all of them, it says what in `premise_issue`, with `null` as the answer when nothing can be
answered. A Noise task succeeds on a `premise_issue` (with any answer) or on `null`: both are ways of noticing; a
Clean task only on the right answer without a `premise_issue`. `noise_success_strict` keeps the paper's rule
(only `null` passes Noise). The base prompt states this contract and nothing about how Noise twins are made; the
evidence prompt (the paper's PE) adds instructions to check every premise first.

## Pairs by intent × level × noise level

{counts_table(tasks)}

## Reference SQL structure per intent

Mean count per query (share of queries using the feature), measured with sqlglot on the reference SQL of the
Clean tasks.

{structure_table(structure)}

## Validity

Each Noise twin was proved under every reasonable reading its family declares (column `readings`); each operator
declares whether it breaks clinical content or a restated identifier (column `noise_kind`); column `noise_operator`
names the operator (level, broken condition, perturbation) that produced each twin.

{validity_section(manifest.get("validity"))}

## Difficulty tiers

Each request family declares a tier (`difficulty` column): easy = one lookup or one aggregate over one record;
medium = a temporal window, a threshold or a cohort aggregate; hard = multi-step cohort logic, a clinical score or
interval merging written as several CTEs/window functions. Pairs by intent and tier:

{tier_counts(tasks)}

Reference SQL structure by intent and tier (mean count per query, share of queries using the feature):

{structure_table(by_tier or {})}

## Rejections

Candidates that did not make it, by step and reason (all kept in `rejections.parquet`).

{rejections_table(rejections)}

## How it was built

1. **Clinical requests** — request families (`contracts/<intent>/*.yaml`) were validated against the MIMIC-IV
   schema with sqlglot; each family's binding query ran once and a seeded hash sampled at most the per-family cap
   of bindings, so Clean premises hold by construction.
2. **Evidence contracts** — each binding's necessary conditions and reference SQL ran set-based (all bindings of a
   family per query); contracts with a failed condition or an empty, NULL or ambiguous answer were rejected.
3. **Noise injection** — for each contract, candidate perturbations (family SQL or numeric/time shifts) were tried
   in seeded-hash order (at most {cfg['max_noise_attempts']}) until one broke exactly the targeted condition; the pair's noise level was
   chosen among the levels that verified so that levels are balanced.
4. **Rewriting and validation** — both questions were rendered jointly from the same surface form
   ({cfg['rewriter']}); every slot value was checked to survive, the twins to differ only in their slots, the reference SQL
   re-executed, and rule-based semantic checks applied.
5. **Splits** — pairs are grouped by the patients they mention (union-find over subject ids) and groups are
   assigned to test in seeded-hash order until about {cfg['test_fraction'] * 100:.1f}% of pairs: no patient is in both
   splits and twins never straddle. Population-level tasks name no patient (`subject_ids` = []): each pair is its
   own group, assigned by its hash.

Files: `train.parquet`, `test.parquet` (one row per task; columns as in `contracts/FORMAT.md` "Dataset rows"),
`rejections.parquet`, `manifest.json` (config, source fingerprint, sha256 of every file, counts, package versions).
Rebuilding from the same config and database gives byte-identical files.
"""
