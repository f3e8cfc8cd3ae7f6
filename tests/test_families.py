"""Request families (contracts/<intent>/*.yaml + sql/families/**): static checks, and — on a generated EHR — that
each family binds contracts and yields verified Noise twins.

The yield check uses a small set-based re-implementation of FORMAT.md's execution rules (bindings inlined as a
VALUES CTE, every template run as a correlated LATERAL subquery), independent of the engine, so the family content
can be measured on its own: `python tests/test_families.py duckdb:////tmp/fam/ehr.duckdb [cap]` prints per-family
yields.
"""

import hashlib
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONTRACTS = ROOT / "contracts"
SQL_DIR = ROOT / "sql" / "families"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pipeline.construction.requests.family import (  # noqa: E402
    INTENTS,
    PLACEHOLDER_RE,
    QUESTION_SLOT_RE,
    load_families,
    load_synonyms,
)
from pipeline.construction.slots import SLOT_TYPES, values_literal  # noqa: E402

MIN_PATIENT, MIN_POPULATION = 4, 2


@pytest.fixture(scope="module")
def families():
    return load_families(CONTRACTS, SQL_DIR, display_base=ROOT)


# ------------------------------------------------------------------ static checks


def test_all_families_load_and_pass_schema_checks(families):
    # load_families parses every SQL template, checks tables/columns against the MIMIC-IV schema with sqlglot,
    # that every placeholder is a declared slot, binding columns = slots, breaks names a condition
    assert len(families) >= 36


def test_counts_per_intent_and_level(families):
    per = Counter((f.spec.intent, f.spec.level) for f in families)
    for intent in INTENTS:
        assert per[(intent, "patient")] >= MIN_PATIENT, (intent, per)
        assert per[(intent, "population")] >= MIN_POPULATION, (intent, per)


def test_questions_and_noise_levels(families):
    level_families = Counter()
    for f in families:
        qs = f.spec.questions
        assert len(set(qs)) >= 3, f.id
        for q in qs:
            assert set(QUESTION_SLOT_RE.findall(q)) <= set(f.spec.slots), (f.id, q)
        # every displayed slot a condition or the reference depends on appears in every question form
        shown = {n for n, s in f.spec.slots.items() if SLOT_TYPES[s.type].displayed}
        for q in qs:
            missing = shown - set(QUESTION_SLOT_RE.findall(q))
            assert not missing, (f.id, q, missing)
        levels = {n.level for n in f.spec.noise}
        assert len(levels) >= 2, (f.id, levels)
        for lv in levels:
            level_families[lv] += 1
    for lv in ("record", "value", "query"):
        assert level_families[lv] >= 0.2 * len(families), level_families


def test_placeholders_declared_and_used(families):
    for f in families:
        used = set()
        for text in f.sql.values():
            used |= set(PLACEHOLDER_RE.findall(text))
        for q in f.spec.questions:
            used |= set(QUESTION_SLOT_RE.findall(q))
        assert set(f.spec.slots) <= used | {"itemid"}, (f.id, set(f.spec.slots) - used)


def test_no_template_shadows_the_binding_alias(families):
    """The engine runs templates as LATERAL subqueries over a CTE named `b` with the slots as columns: a template
    that names a table or subquery `b` would capture `b.<slot>` (PostgreSQL resolves it to the inner alias)."""
    import re

    for f in families:
        for rel, text in f.sql.items():
            assert not re.search(r"(?i)(?<![.\w])(?:AS\s+)?b\s*(?:\(|\bON\b|,|\bWHERE\b|\bJOIN\b|$)", re.sub(r"--[^\n]*", "", text)), (f.id, rel)


def test_noise_entries_are_independent(families):
    """Each noise entry breaks a distinct (condition, level) and shift slots exist."""
    for f in families:
        seen = set()
        for n in f.spec.noise:
            key = (n.level, n.breaks)
            assert key not in seen, (f.id, key)
            seen.add(key)


def test_catalogue_lists_every_family(families):
    text = (CONTRACTS / "README.md").read_text()
    missing = [f.id for f in families if f"`{f.id}`" not in text]
    assert not missing, f"contracts/README.md does not list {missing}"


def test_synonyms_file():
    syn = load_synonyms(CONTRACTS / "synonyms.yaml")
    assert {"lab", "vital", "drug"} <= set(syn)
    assert "Potassium" in syn["lab"] and "K+" in syn["lab"]["Potassium"]
    for group, table in syn.items():
        owner: dict[str, str] = {}
        canon_lower = {c.lower(): c for c in table}
        for canon, alts in table.items():
            assert canon not in alts, (group, canon)
            for alt in alts:
                # a synonym names one concept: not another canonical value, not shared by two canonicals
                assert canon_lower.get(alt.lower(), canon) == canon, (group, canon, alt)
                assert owner.setdefault(alt.lower(), canon) == canon, (group, canon, alt, owner[alt.lower()])


# ------------------------------------------------------------------ set-based mini engine (measurement)


def _h(*parts) -> str:
    return hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()


@dataclass
class FamilyYield:
    family: str
    bindings: int = 0
    sampled: int = 0
    accepted: int = 0
    rejected: Counter = field(default_factory=Counter)
    noise_ok: Counter = field(default_factory=Counter)  # level → contracts with a verified twin of that level
    noise_fail: Counter = field(default_factory=Counter)  # (level, reason)
    pairs: int = 0  # contracts with ≥ 1 verified twin (any level)
    pair_levels: Counter = field(default_factory=Counter)  # the level a round-robin assignment would give
    options: list = field(default_factory=list)  # per contract with a twin: the levels that verified


def _values_cte(rows: list[dict], kinds: dict[str, str]) -> str:
    names = list(kinds)
    vals = ", ".join(
        "(" + ", ".join([str(i)] + ["NULL" if r[n] is None else values_literal(kinds[n], r[n]) for n in names]) + ")"
        for i, r in enumerate(rows)
    )
    return f"b(__i, {', '.join(names)}) AS (VALUES {vals})"


def _lateral(template: str) -> str:
    return PLACEHOLDER_RE.sub(lambda m: f"b.{m.group(1)}", template.strip().rstrip(";"))


def _run_conditions(db, fam, rows):
    kinds = fam.slot_kinds
    cols = ", ".join(f"({_lateral(fam.text(c.sql))}) AS {c.name}" for c in fam.spec.conditions)
    out = {}
    for chunk in range(0, len(rows), 500):
        part = rows[chunk:chunk + 500]
        sql = f"WITH {_values_cte(part, kinds)} SELECT b.__i, {cols} FROM b"
        for r in db.query(sql, timeout_s=600).iter_rows(named=True):
            out[chunk + r["__i"]] = {c.name: bool(r[c.name]) for c in fam.spec.conditions}
    return out


def _run_reference(db, fam, rows):
    kinds = fam.slot_kinds
    out = defaultdict(list)
    for chunk in range(0, len(rows), 500):
        part = rows[chunk:chunk + 500]
        sql = f"WITH {_values_cte(part, kinds)} SELECT b.__i AS __i, r.* FROM b CROSS JOIN LATERAL ({_lateral(fam.text(fam.spec.reference))}) r"
        for r in db.query(sql, timeout_s=600).iter_rows(named=True):
            i = r.pop("__i")
            out[chunk + i].append(r)
    return out


def _answer_ok(fam, result_rows) -> str | None:
    cols = fam.spec.answer.columns
    vals = [tuple(r[c] for c in cols) if cols else (next(iter(r.values())),) for r in result_rows]
    vals = [v for v in vals if any(x is not None for x in v)]
    if fam.spec.answer.cardinality == "one":
        if not vals:
            return "empty"
        if len(set(vals)) > 1 or len(vals) > 1:
            return "ambiguous"
        if any(x is None for x in vals[0][:1]):
            return "null"
        return None
    return None if vals else "empty"


def _shifted(spec, value, kind, key):
    import datetime as dt

    opts = []
    if spec.factors:
        for f in spec.factors:
            v = round(float(value) * f, spec.round if spec.round is not None else 6)
            if v != round(float(value), spec.round if spec.round is not None else 6):
                opts.append(v)
    elif spec.add:
        for a in spec.add:
            v = value + a
            opts.append(int(v) if kind == "int" else v)
    elif spec.days:
        if kind == "date":
            base = dt.date.fromisoformat(str(value)[:10])
            opts = [(base + dt.timedelta(days=d)).isoformat() for d in spec.days]
        else:
            base = dt.datetime.fromisoformat(str(value))
            opts = [(base + dt.timedelta(days=d)).strftime("%Y-%m-%d %H:%M:%S") for d in spec.days]
    elif spec.hours:
        base = dt.datetime.fromisoformat(str(value))
        opts = [(base + dt.timedelta(hours=h)).strftime("%Y-%m-%d %H:%M:%S") for h in spec.hours]
    return sorted(opts, key=lambda o: _h(key, o))


def _norm(kind, v):
    from pipeline.construction.slots import normalize

    return normalize(kind, v)


def measure_family(db, fam, cap: int = 320, seed: int = 0) -> FamilyYield:
    y = FamilyYield(fam.id)
    kinds = fam.slot_kinds
    frame = db.query(fam.text(fam.spec.binding), timeout_s=600, max_rows=1_000_000)
    y.bindings = frame.height
    rows = [{k: _norm(kinds[k], r[k]) for k in kinds} for r in frame.iter_rows(named=True)]
    rows.sort(key=lambda r: _h(seed, fam.id, *[r[k] for k in kinds]))
    rows = rows[: (fam.spec.max_bindings or cap)]
    y.sampled = len(rows)
    if not rows:
        return y
    conds = _run_conditions(db, fam, rows)
    refs = _run_reference(db, fam, rows)
    accepted = []
    for i, r in enumerate(rows):
        failed = [n for n, ok in conds[i].items() if not ok]
        if failed:
            y.rejected[f"condition:{failed[0]}"] += 1
            continue
        bad = _answer_ok(fam, refs.get(i, []))
        if bad:
            y.rejected[bad] += 1
            continue
        accepted.append(r)
    y.accepted = len(accepted)
    if not accepted:
        return y
    ok_by_contract = defaultdict(set)
    for n in fam.spec.noise:
        # up to 3 candidate perturbations per contract, verified set-based
        attempts: list[list[dict]] = [[] for _ in range(3)]
        owners: list[list[int]] = [[] for _ in range(3)]
        if n.candidates:
            cand_sql = fam.text(n.candidates)
            per = defaultdict(list)
            for chunk in range(0, len(accepted), 500):
                part = accepted[chunk:chunk + 500]
                sql = f"WITH {_values_cte(part, kinds)} SELECT b.__i AS __i, r.* FROM b CROSS JOIN LATERAL ({_lateral(cand_sql)}) r"
                for cr in db.query(sql, timeout_s=600, max_rows=2_000_000).iter_rows(named=True):
                    i = cr.pop("__i")
                    per[chunk + i].append({k: _norm(kinds[k], v) for k, v in cr.items()})
            for i, cands in per.items():
                cands.sort(key=lambda c: _h(seed, fam.id, i, sorted(c.items())))
                for a, c in enumerate(cands[:3]):
                    attempts[a].append({**accepted[i], **c})
                    owners[a].append(i)
        else:
            for i, r in enumerate(accepted):
                opts = _shifted(n.shift, r[n.shift.slot], kinds[n.shift.slot], (seed, fam.id, i))
                for a, o in enumerate(opts[:3]):
                    attempts[a].append({**r, n.shift.slot: o})
                    owners[a].append(i)
        done = set()
        for a in range(3):
            todo = [(o, r) for o, r in zip(owners[a], attempts[a], strict=True) if o not in done]
            if not todo:
                continue
            nrows = [r for _, r in todo]
            nconds = _run_conditions(db, fam, nrows)
            nrefs = _run_reference(db, fam, nrows)
            for j, (owner, _) in enumerate(todo):
                failed = {k for k, v in nconds[j].items() if not v}
                if failed != {n.breaks}:
                    y.noise_fail[(n.level, "conditions " + ",".join(sorted(failed)) or "none")] += 1
                    continue
                if _answer_ok(fam, nrefs.get(j, [])) not in ("empty", "null"):
                    y.noise_fail[(n.level, "reference answers")] += 1
                    continue
                done.add(owner)
        for owner in done:
            ok_by_contract[owner].add(n.level)
        y.noise_ok[n.level] = len(done)
    y.pairs = len(ok_by_contract)
    y.options = [tuple(sorted(v)) for _, v in sorted(ok_by_contract.items())]
    # a round-robin level assignment over the family's levels (what a balancing engine would do)
    order = ["record", "value", "query"]
    for owner, levels in sorted(ok_by_contract.items()):
        pref = order[owner % 3:] + order[:owner % 3]
        y.pair_levels[next(lv for lv in pref if lv in levels)] += 1
    return y


def measure_all(url: str, cap: int = 320, only: str | None = None, verbose: bool = False) -> list[FamilyYield]:
    from pipeline.ehr.database import connect

    fams = load_families(CONTRACTS, SQL_DIR, display_base=ROOT)
    out = []
    import time

    with connect(url) as db:
        for fam in fams:
            if only and only not in fam.id:
                continue
            t0 = time.perf_counter()
            try:
                out.append(measure_family(db, fam, cap))
            except Exception as e:
                raise RuntimeError(f"{fam.id}: {e}") from e
            if verbose:
                print(f"  {fam.id}: {out[-1].pairs} pairs, {time.perf_counter() - t0:.1f} s", file=sys.stderr, flush=True)
    return out


def _format(yields: list[FamilyYield]) -> str:
    lines = [f"{'family':48} {'bind':>6} {'samp':>5} {'acc':>5} {'pairs':>5}  rec/val/qry ok   rejections / noise failures"]
    tot = Counter()
    per_intent = Counter()
    for y in yields:
        lines.append(
            f"{y.family:48} {y.bindings:6} {y.sampled:5} {y.accepted:5} {y.pairs:5}  "
            f"{y.noise_ok['record']:3}/{y.noise_ok['value']:3}/{y.noise_ok['query']:3}   "
            f"{dict(y.rejected)} {dict(y.noise_fail)}"
        )
        tot.update(y.pair_levels)
        per_intent[y.family.split('.')[0]] += y.pairs
    n = sum(per_intent.values())
    lines.append(f"pairs: {n}; per intent: {dict(per_intent)}; noise levels (round-robin): {dict(tot)}")
    bal = balanced_levels(yields)
    lines.append("noise levels, balanced like the engine (fewest options first, least-used level): "
                 + ", ".join(f"{lv} {bal[lv]} ({100 * bal[lv] / max(n, 1):.1f} %)" for lv in ("record", "value", "query")))
    lines.append("share of pairs per intent: " + ", ".join(f"{k} {100 * v / max(n, 1):.1f} %" for k, v in sorted(per_intent.items())))
    return "\n".join(lines)


def balanced_levels(yields: list[FamilyYield]) -> Counter:
    """Level counts under the engine's balancing rule (pipeline.construction.noise.inject.choose_levels)."""
    opts = [(y.family, i, o) for y in yields for i, o in enumerate(y.options)]
    opts.sort(key=lambda t: (len(t[2]), _h("balance", t[0], t[1])))
    counts: Counter = Counter()
    for fam, i, o in opts:
        best = min(o, key=lambda lv: (counts[lv], _h(fam, i, lv)))
        counts[best] += 1
    return counts


# ------------------------------------------------------------------ execution on the tiny EHR


TINY_CAP = 12


@pytest.fixture(scope="module")
def tiny_yields(tiny_duckdb_url):
    return measure_all(tiny_duckdb_url, cap=TINY_CAP)


def test_families_bind_and_yield_noise_on_tiny_ehr(tiny_yields):
    yields = tiny_yields
    print(_format(yields))
    bound = [y for y in yields if y.accepted >= 1]
    twinned = [y for y in yields if y.pairs >= 1]
    # honest thresholds: 50 patients is small (rare diagnoses, few deaths, few ICU stays)
    assert len(bound) >= 0.85 * len(yields), [y.family for y in yields if y.accepted == 0]
    assert len(twinned) >= 0.75 * len(yields), [y.family for y in yields if y.pairs == 0]
    levels = Counter()
    for y in yields:
        levels.update({lv for lv, n in y.noise_ok.items() if n})
    for lv in ("record", "value", "query"):  # each level verified in ≥ 20 % of the families
        assert levels[lv] >= 0.2 * len(yields), levels


def test_families_same_on_postgres(tiny_yields, tiny_pg_url):
    """The same tiny EHR on PostgreSQL: every template runs there and binds, verifies and perturbs identically."""
    pg = {y.family: y for y in measure_all(tiny_pg_url, cap=TINY_CAP)}
    diffs = []
    for y in tiny_yields:
        p = pg[y.family]
        if (y.bindings, y.accepted, y.pairs, dict(y.noise_ok)) != (p.bindings, p.accepted, p.pairs, dict(p.noise_ok)):
            diffs.append((y.family, (y.bindings, y.accepted, y.pairs, dict(y.noise_ok)),
                          (p.bindings, p.accepted, p.pairs, dict(p.noise_ok))))
    assert not diffs, diffs


if __name__ == "__main__":
    url = sys.argv[1]
    cap = int(sys.argv[2]) if len(sys.argv) > 2 else 320
    only = sys.argv[3] if len(sys.argv) > 3 else None
    print(_format(measure_all(url, cap, only, verbose=True)))
