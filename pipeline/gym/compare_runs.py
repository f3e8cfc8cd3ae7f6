"""`robustgym report --compare RUN_A RUN_B`: the paper's "Δ vs. Base" table (Table 3 layout) for two runs.

RUN_A is the baseline (typically `--prompt base`), RUN_B the mitigated run (`--prompt evidence`, "PE"). Both rows
give Clean / Noise success per intent and on average; RUN_B's row ends with Δ = B − A on the averages, and a third
row gives Δ per intent. Writes `compare.md` and `compare.png` (Δ Clean and Δ Noise per intent and on average).
"""

import json
import os
from pathlib import Path
from typing import Any

from pipeline.common.vocabulary import INTENTS
from pipeline.gym.report import INTENT_TITLES, _atomic_write, _pair, _pct

METHOD_LABELS = {"base": "Base", "evidence": "PE"}


def _load(run_dir: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    summary_path = run_dir / "summary.json"
    if not summary_path.exists():
        raise FileNotFoundError(f"{summary_path} does not exist: evaluate into {run_dir} (or `robustgym report "
                                f"{run_dir}`) first")
    run_path = run_dir / "run.json"
    run = json.loads(run_path.read_text()) if run_path.exists() else {}
    return json.loads(summary_path.read_text()), run


def _delta(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else b - a


def _signed(v: float | None) -> str:
    return "–" if v is None else f"{100 * v:+.1f}"


def delta_table(a: dict[str, Any], b: dict[str, Any]) -> dict[str, dict[str, float | None]]:
    """{intent or "avg": {"clean": Δ, "noise": Δ}} (B − A, as fractions)."""
    out = {}
    for i in INTENTS:
        ia, ib = a["by_intent"].get(i, {}), b["by_intent"].get(i, {})
        out[i] = {v: _delta(ia.get(v), ib.get(v)) for v in ("clean", "noise")}
    out["avg"] = {"clean": _delta(a["clean_success"], b["clean_success"]),
                  "noise": _delta(a["noise_success"], b["noise_success"])}
    return out


def compare_runs(run_a: str | Path, run_b: str | Path, out: str | Path | None = None) -> Path:
    """Write compare.md and compare.png into `out` (default RUN_B); returns the markdown path."""
    dir_a, dir_b = Path(run_a), Path(run_b)
    (sa, ra), (sb, rb) = _load(dir_a), _load(dir_b)
    if ra.get("dataset_version") != rb.get("dataset_version") or ra.get("split") != rb.get("split"):
        raise ValueError(f"{dir_a} and {dir_b} evaluate different task sets "
                         f"({ra.get('dataset_version')}/{ra.get('split')} vs {rb.get('dataset_version')}/{rb.get('split')})")
    deltas = delta_table(sa, sb)
    label_a, label_b = _method(ra, dir_a), _method(rb, dir_b)
    model_a, model_b = (r.get("model") or r.get("agent") or "agent" for r in (ra, rb))
    model = model_b if model_a == model_b else f"{model_a} → {model_b}"

    def row(name: str, label: str, s: dict[str, Any], tail: str) -> str:
        return (f"| {name} | {label} | " + " | ".join(_pair(s["by_intent"].get(i, {})) for i in INTENTS)
                + f" | {_pair({'clean': s['clean_success'], 'noise': s['noise_success']})} | {tail} |")

    avg = deltas["avg"]
    lines = [
        f"# {label_b} vs. {label_a} — {model}", "",
        f"Task success (%), Clean / Noise; `{dir_a}` ({label_a}) against `{dir_b}` ({label_b}), dataset "
        f"`{rb.get('dataset_version')}` split `{rb.get('split')}`. Δ = {label_b} − {label_a}, in points.", "",
        "| Model | Method | " + " | ".join(INTENT_TITLES.values()) + " | Avg. | Δ vs. Base |",
        "|---|---|" + "---|" * (len(INTENTS) + 2),
        row(model_a, label_a, sa, "–"),
        row(model_b, label_b, sb, f"{_signed(avg['clean'])} / {_signed(avg['noise'])}"),
        f"| {model} | Δ | " + " | ".join(f"{_signed(deltas[i]['clean'])} / {_signed(deltas[i]['noise'])}" for i in INTENTS)
        + f" | {_signed(avg['clean'])} / {_signed(avg['noise'])} | |",
        "", f"Noise success under the strict rule (only null passes): {label_a} "
        f"{_pct(sa.get('noise_success_strict'))}% → {label_b} {_pct(sb.get('noise_success_strict'))}%; pair success "
        f"{_pct(sa.get('pair_success'))}% → {_pct(sb.get('pair_success'))}%.",
        "", f"Episodes: {label_a} {sa.get('n_episodes')}, {label_b} {sb.get('n_episodes')}; "
        f"abstention on Clean {_pct((sa.get('abstention_rate') or {}).get('clean'))}% → "
        f"{_pct((sb.get('abstention_rate') or {}).get('clean'))}%.",
        "", "![Δ vs. Base per intent](compare.png)", "",
    ]
    out_dir = Path(out) if out is not None else dir_b
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / "compare.md"
    _atomic_write(path, "\n".join(lines))
    _plot(deltas, out_dir / "compare.png", f"{label_b} − {label_a} — {model}")
    return path


def _method(run: dict[str, Any], run_dir: Path) -> str:
    prompt = run.get("prompt")
    return METHOD_LABELS.get(prompt, prompt) if prompt else run_dir.name


def _plot(deltas: dict[str, dict[str, float | None]], path: Path, title: str) -> None:
    os.environ.setdefault("MPLBACKEND", "Agg")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [*INTENTS, "avg"]
    xs = range(len(names))
    fig, ax = plt.subplots(figsize=(8, 4))
    for offset, variant, color in ((-0.2, "clean", "#4C72B0"), (0.2, "noise", "#DD8452")):
        ax.bar([x + offset for x in xs], [100 * (deltas[n][variant] or 0) for n in names], width=0.4,
               label=f"Δ {variant.capitalize()}", color=color)
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xticks(list(xs), [INTENT_TITLES.get(n, "Avg.") for n in names])
    ax.set_ylabel("Δ task success (points)")
    ax.set_title(title)
    ax.legend(frameon=False)
    fig.tight_layout()
    tmp = path.with_name(path.stem + ".tmp.png")
    fig.savefig(tmp, dpi=100)
    plt.close(fig)
    tmp.replace(path)
