"""The family catalogue of contracts/README.md, generated from the family YAML files: kept by hand, its question and
noise cells had drifted from the files. The generated parts sit between marker comments; the rest
of the page is prose. `python -m pipeline.construction.requests.catalogue` rewrites them; `--check` only reports
whether the page is current (a test runs the same comparison).

Only the YAML is read (validated as FamilySpec), never the SQL files, so the catalogue follows the families'
content whatever their templates are named."""

import argparse
import os
import re
import sys
from collections import Counter
from pathlib import Path

import yaml
from pydantic import ValidationError

from pipeline.common.vocabulary import DIFFICULTIES, INTENTS, LEVELS, NOISE_LEVELS
from pipeline.construction.requests.family import FamilySpec
from pipeline.paths import CONTRACTS_DIR

BEGIN = "<!-- generated: {name} (python -m pipeline.construction.requests.catalogue); do not edit by hand -->"
END = "<!-- end generated: {name} -->"


def family_specs(contracts_dir: Path) -> list[FamilySpec]:
    """Every family's spec under contracts_dir (the files load_families reads), sorted by id."""
    specs = []
    for path in sorted(p for p in Path(contracts_dir).rglob("*.yaml") if p.name != "synonyms.yaml"):
        try:
            specs.append(FamilySpec.model_validate(yaml.safe_load(path.read_text())))
        except (ValidationError, yaml.YAMLError) as e:
            raise ValueError(f"{path}: not a valid family ({str(e).splitlines()[0]})") from None
    return sorted(specs, key=lambda s: s.id)


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def noise_cell(spec: FamilySpec) -> str:
    """The conditions the family's operators break, by noise level ('record: a, b; query: c'), each once."""
    parts = []
    for lv in NOISE_LEVELS:
        broken = dict.fromkeys(n.breaks for n in spec.noise if n.level == lv)
        if broken:
            parts.append(f"{lv}: {', '.join(broken)}")
    return "; ".join(parts)


def catalogue_table(specs: list[FamilySpec]) -> str:
    rows = ["| family | level | question (first form) | noise (level: broken condition) |", "|---|---|---|---|"]
    rows += [f"| `{s.id}` | {s.level} | {_cell(s.questions[0])} | {noise_cell(s)} |" for s in specs]
    by_intent = Counter((s.intent, s.level) for s in specs)
    per_intent = ", ".join(f"{i} {'+'.join(str(by_intent[i, lv]) for lv in LEVELS)}"
                           for i in sorted(INTENTS) if any(by_intent[i, lv] for lv in LEVELS))
    offering = ", ".join(f"{lv} {sum(any(n.level == lv for n in s.noise) for s in specs)}" for lv in NOISE_LEVELS)
    summary = (f"{len(specs)} families: {per_intent} ({' + '.join(LEVELS)}); "
               f"families offering each noise level: {offering}.")
    return "\n".join(rows) + "\n\n" + summary


def tiers_table(specs: list[FamilySpec]) -> str:
    rows = ["| family | level | tier | what it needs |", "|---|---|---|---|"]
    order = sorted(specs, key=lambda s: (DIFFICULTIES.index(s.difficulty), s.id))
    rows += [f"| `{s.id}` | {s.level} | {s.difficulty} | {_cell(s.description)} |" for s in order]
    return "\n".join(rows)


SECTIONS = {"catalogue": catalogue_table, "tiers": tiers_table}


def render(page: str, specs: list[FamilySpec]) -> str:
    """The page with each generated section replaced; a page that lacks a section's markers is an error."""
    for name, make in SECTIONS.items():
        begin, end = BEGIN.format(name=name), END.format(name=name)
        pattern = re.compile(re.escape(begin) + r"\n.*?" + re.escape(end), re.S)
        if len(pattern.findall(page)) != 1:
            raise ValueError(f"contracts/README.md: expected one '{begin}' … '{end}' section")
        block = f"{begin}\n{make(specs)}\n{end}"
        page = pattern.sub(lambda _m, block=block: block, page)
    return page


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--contracts-dir", type=Path, default=CONTRACTS_DIR)
    ap.add_argument("--check", action="store_true", help="exit 1 if the page differs from the families; write nothing")
    args = ap.parse_args(argv)
    page_path = args.contracts_dir / "README.md"
    try:
        page = page_path.read_text()
        new = render(page, family_specs(args.contracts_dir))
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.check:
        if new != page:
            print(f"{page_path} is stale: run python -m pipeline.construction.requests.catalogue", file=sys.stderr)
            return 1
        return 0
    if new != page:
        tmp = page_path.with_name(f".{page_path.name}.tmp")
        tmp.write_text(new)
        os.replace(tmp, page_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
