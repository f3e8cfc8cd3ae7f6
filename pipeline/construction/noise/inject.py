"""Noise injection: each accepted contract gets a Noise twin that perturbs the slot(s) behind exactly one
necessary condition, without touching the database. Candidates come from the family's `candidates` SQL (run
set-based) or a built-in numeric/time `shift`; a seeded hash orders them; each is proved by execution (exactly the
`breaks` condition fails, all others hold, the reference returns no answer); up to N are tried. The pair's noise
level is then chosen among the levels that verified, balancing the levels across the dataset."""

import datetime as dt
import json
import logging
import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from pipeline.common.answers import is_no_answer
from pipeline.common.hashing import canonical_json, stable_hash
from pipeline.construction.layouts import PAIRS
from pipeline.construction.noise.drop_one import DropOne, drop_one_verdicts
from pipeline.construction.quality.measures import (
    MAX_CONDITION_SHARE,
    MAX_ENTITY_NOISE_RATIO,
    MAX_TOP_GOLD_SHARE,
    MIN_MEASURED_FAMILY_PAIRS,
    MIN_OPERATOR_SHARE,
    SHARED_CHECKS,
    allowed_noise_uses,
    condition_check,
    gold_key,
    is_entity,
)
from pipeline.construction.requests.family import Family, NoiseSpec
from pipeline.construction.slots import SlotValue, normalize, round_float
from pipeline.construction.sqlexec import BID, SetRunner, render
from pipeline.construction.verification.verify import conditions_json, subject_ids
from pipeline.ehr.database import QueryError

log = logging.getLogger(__name__)
# the most of a family's pairs the entity-frequency pass (over_used) may leave out: past it the family would lose its
# operators and golds spread (on the default EHR five population families lost 45-81 % of their pairs unbounded)
MAX_ENTITY_LEAVE_OUT = 1 / 3

@dataclass
class Twin:
    level: str
    breaks: str
    slots: dict[str, SlotValue]
    conditions: dict[str, bool | None]
    kind: str = "content"
    readings: list[str] = field(default_factory=list)  # the readings under which it was proved to have no answer
    operator: str = ""  # NoiseSpec.operator of the entry that produced it
    # the drop-one reading (noise/drop_one.py): True when the reference without the perturbed detail finds the
    # Clean answer (then corrected_answer is that answer); None when no drop-one reading could be formed
    correctable: bool | None = None
    corrected_answer: Any = None


@dataclass
class NoiseOutcome:
    """Per clean contract: the twins that verified, by level, and why the others did not."""

    twins: dict[str, Twin] = field(default_factory=dict)
    failures: dict[str, str] = field(default_factory=dict)  # level → last failure reason
    # reading → candidates it answered where the reference did not (what the reading checked: FORMAT.md "Readings")
    reading_hits: Counter[str] = field(default_factory=Counter)

    @property
    def settled(self) -> bool:
        """Some level has a twin that is not correctable (no other level need be tried)."""
        return any(t.correctable is not True for t in self.twins.values())


# ---------------------------------------------------------------- candidates


def shift_candidates(spec: NoiseSpec, slots: dict[str, SlotValue], kinds: dict[str, str]) -> list[dict[str, SlotValue]]:
    """Built-in perturbations of one slot: multiply (rounded), add, or move a time by hours/days."""
    sh = spec.shift
    assert sh is not None
    name, kind = sh.slot, kinds[sh.slot]
    value = slots[name]
    out: list[dict[str, SlotValue]] = []
    if sh.factors or sh.add:
        ops = [("mul", f) for f in sh.factors or []] + [("add", a) for a in sh.add or []]
        base = float(value)  # type: ignore[arg-type]
        for op, x in ops:
            v = base * x if op == "mul" else base + x
            if kind == "int":
                new: SlotValue = int(round(v))
                if new == int(base):
                    continue
            else:
                digits = sh.round if sh.round is not None else 6
                new = round_float(round(v, digits))
                if round(new, digits) == round(base, digits):
                    continue
            out.append({name: new})
    else:
        if kind == "date":
            base_d = dt.date.fromisoformat(str(value)[:10])
            for d in sh.days or []:
                out.append({name: (base_d + dt.timedelta(days=d)).isoformat()})
        else:
            base_t = dt.datetime.fromisoformat(str(value))
            deltas = [dt.timedelta(hours=h) for h in sh.hours or []] + [dt.timedelta(days=d) for d in sh.days or []]
            for delta in deltas:
                if delta:
                    out.append({name: normalize("datetime", base_t + delta)})  # type: ignore[dict-item]
    return out


def _ordered(cands: list[dict[str, SlotValue]], key: tuple) -> list[dict[str, SlotValue]]:
    uniq = {canonical_json(c): c for c in cands}
    return [uniq[k] for k in sorted(uniq, key=lambda k: (stable_hash(*key, k), k))]


def _canonical_expr(name: str, kind: str) -> pl.Expr:
    """A column as canonical text, identical for DuckDB and PostgreSQL result types (vectorised normalize())."""
    col = pl.col(name)
    if kind == "int":
        return col.cast(pl.Float64).round(0).cast(pl.Int64).cast(pl.String)
    if kind == "float":
        return col.cast(pl.Float64).round(6).cast(pl.String)
    if kind == "datetime":
        return col.cast(pl.Datetime("us")).dt.strftime("%Y-%m-%d %H:%M:%S")
    if kind == "date":
        return col.cast(pl.Date).dt.strftime("%Y-%m-%d")
    return col.cast(pl.String)


def _canonical_values(kinds: dict[str, str], cols: list[str], slots: list[dict[str, SlotValue]]) -> pl.DataFrame:
    frame = pl.DataFrame({c: [str(float(x[c])) if kinds[c] == "float" else str(x[c]) for x in slots] for c in cols},
                         schema={c: pl.String for c in cols})
    casts = {c: pl.col(c).cast(pl.Float64) for c in cols if kinds[c] == "float"}
    return frame.with_columns(**casts).select(*[_canonical_expr(c, kinds[c]).alias(c) for c in cols])


def clean_pool(family: Family, spec: NoiseSpec, pool: list[dict[str, SlotValue]]) -> pl.DataFrame | None:
    """The distinct tuples of the `match_clean` slots among the family's Clean contracts, canonical text."""
    if not spec.match_clean:
        return None
    return _canonical_values(family.slot_kinds, list(spec.match_clean), pool).unique()


def _in_pool(cand: dict[str, SlotValue], slots: dict[str, SlotValue], pool: pl.DataFrame, kinds: dict[str, str]) -> bool:
    row = _canonical_values(kinds, pool.columns, [{**slots, **cand}])
    return row.join(pool, on=pool.columns, how="semi").height > 0


def candidates_for(runner: SetRunner, family: Family, spec: NoiseSpec, clean: list[tuple[int, dict[str, SlotValue]]],
                   *, seed: int, pair_ids: dict[int, str], keep: int = 3,
                   pool: pl.DataFrame | None = None) -> dict[int, list[dict[str, SlotValue]]]:
    """bid → up to `keep` candidate slot replacements in deterministic try order. Candidate SQL may return
    thousands of rows per binding: they are normalised, de-duplicated, hashed and cut in polars, vectorised.
    With a `pool` (match_clean), only candidates whose values occur among the Clean contracts are kept."""
    kinds = family.slot_kinds
    out: dict[int, list[dict[str, SlotValue]]] = {}
    if spec.shift:
        for bid, slots in clean:
            cands = shift_candidates(spec, slots, kinds)
            if pool is not None:
                cands = [c for c in cands if _in_pool(c, slots, pool, kinds)]
            out[bid] = _ordered(cands, (seed, pair_ids[bid], spec.level))[:keep]
        return out
    ids_by_cols: dict[tuple[str, ...], pl.DataFrame] = {}

    def ids(cols: list[str]) -> pl.DataFrame:
        """Each binding's pair id and Clean values of the candidate's columns, as text."""
        if tuple(cols) not in ids_by_cols:
            ids_by_cols[tuple(cols)] = pl.DataFrame(
                {BID: [b for b, _ in clean], "rg_pair_id": [pair_ids[b] for b, _ in clean],
                 **{f"rg_clean_{c}": [str(s[c]) if kinds[c] != "float" else str(float(s[c])) for _, s in clean]
                    for c in cols}},
                schema={BID: pl.Int64, "rg_pair_id": pl.String, **{f"rg_clean_{c}": pl.String for c in cols}})
        return ids_by_cols[tuple(cols)]

    pooled_clean = None
    if pool is not None:
        pooled_clean = _canonical_values(kinds, pool.columns, [s for _, s in clean]).with_columns(
            pl.Series(BID, [b for b, _ in clean], dtype=pl.Int64))
    extra: set[str] = set()

    def pick(part: pl.DataFrame) -> pl.DataFrame:
        """The `keep` first candidates of each binding in the chunk, in try order (per binding, so chunk by chunk
        gives the same picks as the whole frame at once). Lazy, and the try-order key is kept only for the rows
        whose hash is among their binding's `keep` smallest: a chunk can be 1M rows of text."""
        cols = [c for c in part.columns if c in kinds]
        extra.update(c for c in part.columns if c != BID and c not in kinds)
        if not cols:
            return part.clear()
        canon = part.lazy().select(BID, *[_canonical_expr(c, kinds[c]).alias(c) for c in cols]).drop_nulls().unique()
        canon = canon.join(ids(cols).lazy(), on=BID, how="inner")
        same = pl.all_horizontal([pl.col(c) == pl.col(f"rg_clean_{c}") for c in cols])
        canon = canon.filter(~same).drop([f"rg_clean_{c}" for c in cols])  # not a perturbation
        if pooled_clean is not None:
            missing = [c for c in pool.columns if c not in cols]  # pooled slots the candidate keeps at their clean value
            if missing:
                canon = canon.join(pooled_clean.select(BID, *missing).lazy(), on=BID, how="inner")
            canon = canon.join(pool.lazy(), on=pool.columns, how="semi").drop(missing)
        key = pl.concat_str([pl.lit(f"{seed}|{spec.level}|"), pl.col("rg_pair_id"), *[pl.lit("|") + pl.col(c) for c in cols]])
        return (canon.with_columns(key.hash(seed=seed).alias("rg_h"))
                .filter(pl.col("rg_h").rank("min").over(BID) <= keep)  # ties at the cut stay for the exact order
                .with_columns(key.alias("rg_key"))
                .sort(BID, "rg_h", "rg_key")
                .group_by(BID, maintain_order=True).head(keep)
                .collect())

    picked = runner.frame(family.text(spec.candidates), clean, kinds, kind="candidates", reduce=pick)
    if extra:
        log.warning("%s: candidates %s return non-slot columns %s (ignored)", family.id, spec.candidates, sorted(extra))
    cols = [c for c in picked.columns if c in kinds]
    if not cols or picked.height == 0:
        return {bid: [] for bid, _ in clean}
    # a binding's rows all come in one chunk; sorting again keeps the order exact even if one did not
    picked = picked.unique().sort(BID, "rg_h", "rg_key").group_by(BID, maintain_order=True).head(keep)
    for row in picked.select(BID, *cols).iter_rows():
        cand = {c: normalize(kinds[c], _parse_canonical(kinds[c], v)) for c, v in zip(cols, row[1:], strict=True)}
        out.setdefault(int(row[0]), []).append(cand)
    return {bid: out.get(bid, []) for bid, _ in clean}


def _parse_canonical(kind: str, text: str) -> SlotValue:
    if kind == "int":
        return int(text)
    if kind == "float":
        return float(text)
    return text


# ---------------------------------------------------------------- verification


def check_twin(conds: dict[str, bool | None], breaks: str, rows: list[dict[str, Any]] | None) -> str | None:
    """None if the twin is valid, else the reason."""
    if conds.get(breaks) is True:
        return "noise_unbroken"
    others = [n for n, v in conds.items() if n != breaks and v is not True]
    if others:
        return "noise_collateral:" + ",".join(others)
    if rows is not None and not is_no_answer(rows):
        return "noise_answerable"
    return None


def inject_family(runner: SetRunner, family: Family, clean: list[dict[str, SlotValue]], pair_ids: list[str], *,
                  seed: int, max_attempts: int = 3, wanted: list[set[str]] | None = None,
                  outcomes: list[NoiseOutcome] | None = None, answers: list[Any] | None = None) -> list[NoiseOutcome]:
    """Noise twins for the clean contracts of a family. `wanted` restricts each contract to some levels (the
    balanced target first, the others only if that fails). With the Clean `answers` (decoded JSON), every twin
    that verifies gets its drop-one verdict (noise/drop_one.py). (Keeping a correctable twin only as a fallback
    while the level's other operators were tried took operators that are mostly correctable under 3% of their
    family's Noise, five families below the operator floor; the choice between levels avoids them instead.)

    Each contract tries the operators of a level in a seeded order (rank 0 first, the next rank only where every
    candidate of the previous one failed) and up to `max_attempts` candidates per operator. The candidates of
    every operator and every attempt of one rank are verified together: one conditions query, one reference query
    and one query per reading, over all of them (the family's conditions, reference and readings are the same
    for every operator). The twin kept is the first attempt that verified, exactly as trying them one round at a
    time would keep; but each query scans the event tables once per rank, not once per operator and attempt (what
    that saves at scale: BENCHMARKS.md, "Figures behind the code")."""
    kinds = family.slot_kinds
    conditions = [(c.name, family.text(c.sql)) for c in family.spec.conditions]
    reference = family.text(family.spec.reference)
    readings = [(r.name, family.text(r.key)) for r in family.spec.readings]
    proved = ["reference", *(n for n, _ in readings)]
    outcomes = outcomes if outcomes is not None else [NoiseOutcome() for _ in clean]
    cid = dict(enumerate(pair_ids))
    specs = family.spec.noise
    # operators of one level are tried in a per-contract seeded order, so no operator wins just by coming first
    order = {b: {lv: sorted((i for i, sp in enumerate(specs) if sp.level == lv),
                            key=lambda i: stable_hash(seed, cid[b], "operator", i))
                 for lv in {sp.level for sp in specs}} for b in range(len(clean))}
    depth = max(len(v) for v in order[0].values()) if clean else 0
    pools = [clean_pool(family, sp, clean) for sp in specs]
    for rank in range(depth):
        trial: list[tuple[int, dict[str, SlotValue]]] = []
        meta: list[tuple[int, NoiseSpec]] = []  # trial key → (contract, operator), attempts in try order
        for i, spec in enumerate(specs):
            idx = [b for b in range(len(clean))
                   if spec.level not in outcomes[b].twins and (wanted is None or spec.level in wanted[b])
                   and len(order[b][spec.level]) > rank and order[b][spec.level][rank] == i]
            if not idx:
                continue
            try:
                cands = candidates_for(runner, family, spec, [(b, clean[b]) for b in idx], seed=seed,
                                       pair_ids=cid, keep=max_attempts, pool=pools[i])
            except QueryError as e:
                for b in idx:
                    outcomes[b].failures.setdefault(spec.level, f"query_error:{e}")
                continue
            for b in idx:
                tries = cands.get(b, [])[:max_attempts]
                if not tries and spec.level not in outcomes[b].failures:
                    outcomes[b].failures[spec.level] = "no_candidates"
                for cand in tries:
                    trial.append((len(trial), {**clean[b], **cand}))
                    meta.append((b, spec))
        if not trial:
            continue
        try:
            conds, rows, answerable = _verify_twins(runner, conditions, reference, readings, trial, meta, kinds)
        except QueryError as e:
            for b, spec in meta:
                outcomes[b].failures[spec.level] = f"query_error:{e}"
            continue
        reasons = {}
        for (k, _), (b, spec) in zip(trial, meta, strict=True):
            reason = check_twin(conds[k], spec.breaks, rows.get(k, []))
            outcomes[b].reading_hits.update(answerable.get(k, []))
            reasons[k] = f"reading_answerable:{answerable[k][0]}" if reason is None and k in answerable else reason
        drops = drop_one_verdicts(runner, family, [(k, clean[b], s, answers[b], spec.drop_one)
                                                   for (k, s), (b, spec) in zip(trial, meta, strict=True)
                                                   if reasons[k] is None]) if answers is not None else {}
        for (k, s), (b, spec) in zip(trial, meta, strict=True):
            if spec.level in outcomes[b].twins:
                continue  # an earlier attempt of this rank verified
            reason = reasons[k]
            if reason is None:
                drop = drops.get(k, DropOne(None))
                outcomes[b].twins[spec.level] = Twin(spec.level, spec.breaks, s, conds[k], spec.kind, proved,
                                                     spec.operator, drop.correctable, drop.corrected_answer)
                outcomes[b].failures.pop(spec.level, None)
            else:
                outcomes[b].failures[spec.level] = reason
    return outcomes


def _verify_twins(runner: SetRunner, conditions: list[tuple[str, str]], reference: str,
                  readings: list[tuple[str, str]], trial: list[tuple[int, dict[str, SlotValue]]],
                  meta: list[tuple[int, NoiseSpec]], kinds: dict[str, str]
                  ) -> tuple[dict[int, dict[str, bool | None]], dict[int, list], dict[int, list[str]]]:
    """Candidate twins → (their conditions, the reference rows of those that break only their condition, the
    readings that answer those the reference leaves unanswered, in declared order). Set-based passes over all
    candidates; every reading runs on every candidate the reference leaves unanswered, so what each one checks is
    counted on its own (a reading that never answers one checks nothing on this EHR: measures.reading_report)."""
    conds = runner.conditions(conditions, trial, kinds)
    passing = [(k, s) for k, s in trial if check_twin(conds[k], meta[k][1].breaks, None) is None]
    rows = runner.rows(reference, passing, kinds)
    unanswered = [(k, s) for k, s in passing if is_no_answer(rows.get(k, []))]
    answerable: dict[int, list[str]] = {}
    for name, sql in readings if unanswered else []:  # every reasonable reading must find no answer either
        alt = runner.rows(sql, unanswered, kinds, kind="reading")
        for k, _ in unanswered:
            if not is_no_answer(alt.get(k, [])):
                answerable.setdefault(k, []).append(name)
    return conds, rows, answerable


# ---------------------------------------------------------------- balance


def choose_levels(options: dict[str, list[str]], *, seed: int,
                  breaks: dict[str, dict[str, list[str]]] | None = None,
                  group: dict[str, str] | None = None,
                  avoid: dict[str, set[str]] | None = None,
                  capped: frozenset[str] | None = None) -> dict[str, str]:
    """pair → noise level, balancing levels over the whole dataset: pairs with fewer options go first, each takes
    its least-used level (ties by seeded hash). With `breaks` (pair → level → the conditions its operators break),
    the use of the broken condition counts too, so no single condition (an admission date, say) dominates the
    Noise. With `group` (pair → its family), a level that has less than half its even share within the family
    (under 25% of two levels, 17% of three) goes first: balancing over the dataset alone left many families with
    all their Noise at one level, while strict evenness per family starved the query level (both measured in
    BENCHMARKS.md, "Figures behind the code"). `avoid` (pair → the levels whose twin is correctable,
    noise/drop_one.py) ranks right after that: a pair takes such a level only when the family needs it or the pair
    has no other. (Counting such a level as starved only below a quarter of its even share took 8 families under
    the operator floor on the default build.) A condition already broken by 80% of MAX_CONDITION_SHARE of the pairs
    ranks after a starved level: pairs with another option leave it, so the operators gate is met by the choice
    rather than by luck (18 admission-anchored families share `admission_began_on`; some can take no other level).
    `capped`: only these conditions are capped (the others are the family's own). Deterministic."""
    cap = 0.8 * MAX_CONDITION_SHARE * len(options)
    counts: Counter[str] = Counter()
    used: Counter[str] = Counter()
    in_group: Counter[tuple[str, str]] = Counter()
    group_total: Counter[str] = Counter()
    order = sorted(options, key=lambda p: (len(options[p]), stable_hash(seed, "balance", p), p))
    chosen = {}
    for p in order:
        opts = sorted(options[p])
        conds = (breaks or {}).get(p, {})
        g = (group or {}).get(p, "")

        def cost(lv: str, p: str = p, conds: dict = conds, g: str = g, k: int = len(opts)) -> tuple:
            cond_use = min((used[c] for c in conds.get(lv, [])), default=0)
            crowded = cond_use >= cap and (capped is None or any(c in capped for c in conds.get(lv, [])))
            starved = group is not None and in_group[g, lv] < 0.5 / k * group_total[g]
            soft = lv in (avoid or {}).get(p, set())
            return (not starved, crowded, soft, counts[lv] + 4 * cond_use, stable_hash(seed, p, lv))

        best = min(opts, key=cost)
        chosen[p] = best
        counts[best] += 1
        in_group[g, best] += 1
        group_total[g] += 1
        for c in conds.get(best, [])[:1]:
            used[c] += 1
    return chosen


def levels_per_family(options: dict[str, list[str]], family_of: dict[str, str], *, seed: int,
                      breaks: dict[str, dict[str, list[str]]],
                      avoid: dict[str, set[str]] | None = None) -> dict[str, str]:
    """choose_levels within each family alone: a family's twins depend on its own contracts only, so one family's
    partition builds the same pairs whether it runs alone or beside every other (pipeline/assets). The cap that
    kept a condition under its share of the whole Noise applies, within the family, to the conditions many
    families break (measures.SHARED_CHECKS): a family leaves them once they hold 8% of its own Noise, where it has
    another twin, so the dataset-wide share stays near that; what is left over the share is cut at the split
    (over_share, steps.condition_share_cut)."""
    chosen: dict[str, str] = {}
    for fam in sorted(set(family_of[p] for p in options)):
        pids = [p for p in options if family_of[p] == fam]
        chosen.update(choose_levels({p: options[p] for p in pids}, seed=seed, breaks={p: breaks[p] for p in pids},
                                    group={p: fam for p in pids},
                                    avoid={p: avoid.get(p, set()) for p in pids} if avoid is not None else None,
                                    capped=SHARED_CHECKS))
    return chosen


def over_share(broken: dict[str, str], *, seed: int, margin: float = 0.97,
               family_of: dict[str, str] | None = None) -> set[str]:
    """The pairs to leave out so that no broken condition exceeds `margin` × MAX_CONDITION_SHARE of the Noise
    (pair → the condition its chosen twin breaks). The level choice already steers every pair that has another
    twin away from a crowded condition; what is left are pairs whose only twin breaks it (admission-anchored
    families where no record or query twin exists), and a seeded draw among them goes. Leaving r of a condition's n
    twins out of N pairs meets (n - r) / (N - r) ≤ s when r ≥ (n - sN) / (1 - s)."""
    share = margin * MAX_CONDITION_SHARE
    out: set[str] = set()
    # leaving pairs out shrinks the total, which can put another condition over: again until none is, where that can
    # be (a tiny build breaking fewer than 1 / share conditions cannot be, and gets one pass)
    passes = 20 if len(set(broken.values())) * share > 1 else 1
    for _ in range(passes):
        left = {p: c for p, c in broken.items() if p not in out}
        total = len(left)
        cut: set[str] = set()
        for cond, n in sorted(Counter(left.values()).items()):
            excess = math.ceil((n - share * total) / (1 - share))
            if excess > 0:
                cut.update(_spread([p for p, c in left.items() if c == cond], family_of or {}, seed)[:excess])
        if not cut:
            break
        out |= cut
    return out



def _spread(pids: list[str], family_of: dict[str, str], seed: int) -> list[str]:
    """Pairs in the order a cut takes them: a seeded order within each family, interleaved so that every family
    loses the same fraction of its pairs (a cut in seeded order alone can empty one family's level)."""
    by_family: dict[str, list[str]] = {}
    for p in sorted(pids, key=lambda p: (stable_hash(seed, "share", p), p)):
        by_family.setdefault(family_of.get(p, ""), []).append(p)
    rank = {p: ((i + 1) / len(ps), stable_hash(seed, "share", p), p) for ps in by_family.values() for i, p in enumerate(ps)}
    return sorted(pids, key=rank.__getitem__)


def over_gold(golds: dict[str, tuple[str, str]], *, seed: int, margin: float = 0.97) -> set[str]:
    """The pairs to leave out so that no family's most common Clean gold exceeds `margin` × MAX_TOP_GOLD_SHARE of its
    golds (pair → family and Clean answer; families under MIN_MEASURED_FAMILY_PAIRS are not gated, nor cut). A family
    of integer scores can land a hair over the golds gate by chance (first-day SOFA: 9 was 15.1% of 86); a seeded
    draw among the top gold's pairs goes, and the next most common is checked in turn."""
    share = margin * MAX_TOP_GOLD_SHARE
    by_family: dict[str, list[str]] = {}
    for cid, (fam, _) in golds.items():
        by_family.setdefault(fam, []).append(cid)
    out: set[str] = set()
    for _fam, cids in sorted(by_family.items()):
        left = sorted(cids, key=lambda c: (stable_hash(seed, "gold", c), c))
        while len(left) >= MIN_MEASURED_FAMILY_PAIRS:
            counts = Counter(gold_key(golds[c][1]) for c in left)
            top, n = max(sorted(counts.items()), key=lambda kv: kv[1])
            if n <= share * len(left):
                break
            drop = next(c for c in left if gold_key(golds[c][1]) == top)
            left.remove(drop)
            out.add(drop)
    return out


def over_used(family: dict[str, str], clean: dict[str, dict], twins: dict[str, dict[str, dict]],
              chosen: dict[str, str], *, seed: int, operators: dict[str, dict[str, str]] | None = None,
              golds: dict[str, str] | None = None) -> tuple[dict[str, str], set[str]]:
    """No entity a family's Noise names far more often than its Clean questions (issue 21 item 5: anyone who counts
    tells the twin apart): per family, an entity (a text slot value, measures.is_entity) whose Noise uses exceed
    measures.allowed_noise_uses of its Clean uses loses the pairs whose chosen twin swapped it in, one at a time in
    a seeded order — each takes another of its twins that names no entity at its allowance, else it is left out.
    Counts are those of measures.entity_ratio_report (every slot of both twins). (pair → family, Clean slots, and
    level → twin slots; pair → chosen level) → (the levels after the switches, the pairs to leave out).

    Leaving out is bounded so the family stays a family: at most MAX_ENTITY_LEAVE_OUT of its pairs go, never a
    pair whose operator (`operators`: pair → level → operator) is down to twice the operator floor, and pairs whose
    Clean gold (`golds`) is the family's most common go first (the golds gate). What the bound keeps is reported
    by measures.entity_ratio_report (bench.audit_tells)."""
    chosen = dict(chosen)
    out: set[str] = set()

    def entities(slots: dict) -> Counter:
        return Counter((k, v) for k, v in json.loads(canonical_json(slots)).items() if is_entity(v))

    for fam in sorted(set(family.values())):
        pids = sorted(p for p, f in family.items() if f == fam)
        ce = {p: entities(clean[p]) for p in pids}
        te = {p: {lv: entities(s) for lv, s in twins[p].items()} for p in pids}
        clean_n = sum(ce.values(), Counter())
        noise_n = sum((te[p][chosen[p]] for p in pids), Counter())
        rank = {p: (stable_hash(seed, "entity", p), p) for p in pids}
        if golds:
            top = Counter(golds[p] for p in pids).most_common(1)[0][0]
            rank = {p: (golds[p] != top, *r) for p, r in rank.items()}
        ops = operators or {}
        op_n = Counter(ops.get(p, {}).get(chosen[p]) for p in pids)
        budget, gone = int(MAX_ENTITY_LEAVE_OUT * len(pids)), 0
        for _ in range(4 * len(pids)):
            over = sorted((e for e in noise_n if noise_n[e] > allowed_noise_uses(clean_n[e])),
                          key=lambda e: (allowed_noise_uses(clean_n[e]) - noise_n[e], e))
            movers = next((m for m in ([p for p in pids if p not in out and e in te[p][chosen[p]] and e not in ce[p]]
                                       for e in over) if m), [])
            if not movers:
                break
            movers.sort(key=rank.__getitem__)
            switchable = {p: [lv for lv in sorted(twins[p]) if lv != chosen[p] and all(
                noise_n[e] + (e not in te[p][chosen[p]]) <= allowed_noise_uses(clean_n[e])
                for e in te[p][lv] if e not in ce[p])] for p in movers}
            floor = 2 * MIN_OPERATOR_SHARE * (len(pids) - gone)
            may_go = [q for q in movers if gone < budget and (not ops or op_n[ops[q].get(chosen[q])] > floor)]
            p = next((q for q in movers if switchable[q]), None) or next(iter(may_go), None)
            if p is None:
                break
            noise_n -= te[p][chosen[p]]
            op_n[ops.get(p, {}).get(chosen[p])] -= 1
            if switchable[p]:
                chosen[p] = min(switchable[p], key=lambda lv: stable_hash(seed, p, lv))
                noise_n += te[p][chosen[p]]
                op_n[ops.get(p, {}).get(chosen[p])] += 1
            else:
                out.add(p)
                gone += 1
                clean_n -= ce[p]
    return chosen, out

# ---------------------------------------------------------------- pairs table


def build_pairs(runner: SetRunner, families: list[Family], contracts: pl.DataFrame, *, seed: int,
                max_attempts: int = 3, avoid_correctable: bool = False) -> tuple[pl.DataFrame, dict[str, Any]]:
    """Noise twins for every accepted contract → (pairs table: accepted pairs and rejected contracts, stats).
    Every twin gets its drop-one verdict; with `avoid_correctable` a pair whose targeted level gives only a
    correctable twin also tries its other levels, and the level choice avoids correctable twins. (On the default
    build that took the correctable share from 55% to 44% but the question-only AUROC from 0.57 to 0.61 and one
    family under the operator floor: the twins it prefers swap in entities the Clean questions rarely name. So it
    is off by default.)"""
    accepted = contracts.filter(pl.col("status") == "accepted").sort("pair_id")
    fam_by_id = {f.id: f for f in families}
    by_family: dict[str, list[dict]] = {}
    for row in accepted.iter_rows(named=True):
        by_family.setdefault(row["family"], []).append(row)
    candidates: dict[str, tuple[Family, dict, NoiseOutcome]] = {}
    rejections = []
    attempt_failures: Counter[str] = Counter()
    def level_breaks(fam: Family) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for n in fam.spec.noise:
            out.setdefault(n.level, []).append(condition_check(n.breaks))
        return out

    breaks = {r["pair_id"]: level_breaks(fam_by_id[f]) for f, rs in by_family.items() for r in rs}
    family_of = {r["pair_id"]: f for f, rs in by_family.items() for r in rs}
    targets = levels_per_family({r["pair_id"]: sorted({n.level for n in fam_by_id[f].spec.noise})
                                 for f, rs in by_family.items() for r in rs}, family_of, seed=seed, breaks=breaks)
    def one(fam_id: str) -> list[NoiseOutcome]:
        fam = fam_by_id[fam_id]
        rows = by_family[fam_id]
        clean = [json.loads(r["slots"]) for r in rows]
        answers = [json.loads(r["answer"]) for r in rows]
        ids = [r["pair_id"] for r in rows]
        declared = sorted({n.level for n in fam.spec.noise})
        # the balanced target level first (only it is computed); the family's other levels only where it fails or
        # gives only a correctable twin
        first = [{targets[c]} for c in ids]
        outcomes = inject_family(runner, fam, clean, ids, seed=seed, max_attempts=max_attempts, wanted=first,
                                 answers=answers)
        retry = [set(declared) - w if not (o.settled if avoid_correctable else o.twins) else set()
                 for w, o in zip(first, outcomes, strict=True)]
        if any(retry):
            outcomes = inject_family(runner, fam, clean, ids, seed=seed, max_attempts=max_attempts, wanted=retry,
                                     outcomes=outcomes, answers=answers)
        # a level few contracts could take (an empty stratum exists for some cohorts only) is then tried for every
        # contract that lacks it, so the balancer can give it its share: computed only where targeted, the Query
        # twins of four stratified families were 3-4 where the operator floor needs 2, and any change elsewhere
        # could move them under it
        short = {lv for lv in declared
                 if sum(lv in o.twins for o in outcomes) < 2 * MIN_OPERATOR_SHARE * len(outcomes)}
        topup = [short - set(o.twins) - set(o.failures) for o in outcomes]  # a level that failed would fail again
        if any(topup):
            outcomes = inject_family(runner, fam, clean, ids, seed=seed, max_attempts=max_attempts, wanted=topup,
                                     outcomes=outcomes, answers=answers)
        return outcomes

    fam_ids = sorted(by_family)
    for fam_id, outcomes in zip(fam_ids, runner.map(one, fam_ids), strict=True):
        fam = fam_by_id[fam_id]
        rows = by_family[fam_id]
        for row, out in zip(rows, outcomes, strict=True):
            for lv, why in out.failures.items():
                attempt_failures[f"{lv}:{why if why.startswith('reading_') else why.split(':')[0]}"] += 1
            if out.twins:
                candidates[row["pair_id"]] = (fam, row, out)
            else:
                detail = "; ".join(f"{lv}: {why}" for lv, why in sorted(out.failures.items()))
                rejections.append({"pair_id": row["pair_id"], "family": fam_id, "intent": fam.spec.intent,
                                   "level": fam.spec.level, "clean_slots": row["slots"], "status": "rejected",
                                   "reason": "no_valid_noise_twin", "detail": detail,
                                   "subject_ids": row["subject_ids"],
                                   "reading_hits": canonical_json(dict(sorted(out.reading_hits.items())))})
    # a level whose twin is correctable (the drop-one reading, noise/drop_one.py) is taken only where the family's
    # balance needs it or the pair has no other
    chosen = levels_per_family({cid: sorted(o.twins) for cid, (_, _, o) in candidates.items()}, family_of, seed=seed,
                               breaks={cid: {lv: [condition_check(t.breaks)] for lv, t in o.twins.items()}
                                       for cid, (_, _, o) in candidates.items()},
                               avoid={cid: {lv for lv, t in o.twins.items() if t.correctable}
                                      for cid, (_, _, o) in candidates.items()} if avoid_correctable else None)
    chosen, crowded = over_used({cid: fam.id for cid, (fam, _, _) in candidates.items()},
                                {cid: json.loads(row["slots"]) for cid, (_, row, _) in candidates.items()},
                                {cid: {lv: t.slots for lv, t in o.twins.items()} for cid, (_, _, o) in candidates.items()},
                                chosen, seed=seed,
                                operators={cid: {lv: t.operator for lv, t in o.twins.items()}
                                           for cid, (_, _, o) in candidates.items()},
                                golds={cid: row["answer"] for cid, (_, row, _) in candidates.items()})
    for cid in sorted(crowded):
        fam, row, out = candidates.pop(cid)
        rejections.append({"pair_id": cid, "family": fam.id, "intent": fam.spec.intent, "level": fam.spec.level,
                           "clean_slots": row["slots"], "status": "rejected", "reason": "entity_ratio",
                           "detail": f"{out.twins[chosen[cid]].level}: every twin names an entity the family's Noise "
                                     f"already names over {MAX_ENTITY_NOISE_RATIO:g}x as often as its Clean questions",
                           "subject_ids": row["subject_ids"],
                           "reading_hits": canonical_json(dict(sorted(out.reading_hits.items())))})
    golds = {cid: (fam.id, row["answer"]) for cid, (fam, row, _) in candidates.items()}
    for cid in sorted(over_gold(golds, seed=seed)):
        fam, row, out = candidates.pop(cid)
        rejections.append({"pair_id": cid, "family": fam.id, "intent": fam.spec.intent, "level": fam.spec.level,
                           "clean_slots": row["slots"], "status": "rejected", "reason": "gold_share",
                           "detail": f"its Clean gold is its family's most common, already at {MAX_TOP_GOLD_SHARE:.0%} "
                                     "of the family's golds",
                           "subject_ids": row["subject_ids"],
                           "reading_hits": canonical_json(dict(sorted(out.reading_hits.items())))})
    pairs = []
    for cid in sorted(candidates):
        fam, row, out = candidates[cid]
        twin = out.twins[chosen[cid]]
        kinds = fam.slot_kinds
        ans_cols = fam.spec.answer.columns
        pairs.append({
            "pair_id": cid, "family": fam.id, "intent": fam.spec.intent, "level": fam.spec.level,
            "noise_level": twin.level, "noise_options": canonical_json(sorted(out.twins)),
            "clean_slots": row["slots"], "noise_slots": canonical_json(twin.slots), "failed_condition": twin.breaks,
            "answer": row["answer"], "answer_type": row["answer_type"], "tolerance": row["tolerance"],
            "precision": row["precision"], "ordered": row["ordered"], "answer_aliases": row["answer_aliases"],
            "answer_columns": canonical_json(ans_cols) if ans_cols else None,
            "clean_reference_sql": row["reference_sql"],
            "noise_reference_sql": render(fam.text(fam.spec.reference), twin.slots, kinds),
            "clean_conditions": row["conditions"],
            "noise_conditions": conditions_json(fam, twin.slots, twin.conditions),
            "subject_ids": sorted(set(row["subject_ids"]) | set(subject_ids(fam, twin.slots))),
            "noise_kind": twin.kind, "noise_operator": twin.operator, "clean_readings": row["readings"], "noise_readings": canonical_json(twin.readings),
            "correctable": twin.correctable,
            "corrected_answer": canonical_json(twin.corrected_answer) if twin.correctable else None,
            "reading_hits": canonical_json(dict(sorted(out.reading_hits.items()))),
            "status": "accepted", "reason": None, "detail": None,
        })
    stats = {"attempt_failures": dict(sorted(attempt_failures.items())),
             "correctable": sum(p["correctable"] is True for p in pairs),
             "drop_one_unformed": sum(p["correctable"] is None for p in pairs),
             "levels_available": dict(Counter(lv for _, _, o in candidates.values() for lv in o.twins))}
    return pl.DataFrame(pairs + rejections, schema=PAIRS.schema()).sort("pair_id"), stats
