"""The validity measures behind the dataset card and the blocking asset checks, on small hand-made splits whose
answer is known: a planted wording tell must be found and named, its absence must not be; an operator that never
yields a twin must not count; a concentrated gold and database-dump wording must be reported."""

import json
import random

import polars as pl

from pipeline.construction.quality import measures


def _tasks(n_pairs: int, *, tell: bool, seed: int, family: str = "labs.x") -> pl.DataFrame:
    rng = random.Random(seed)
    rows = []
    for i in range(n_pairs):
        lab = rng.choice(["potassium", "sodium", "creatinine", "glucose", "lactate", "albumin"])
        subject, hadm = rng.randint(10_000_000, 19_999_999), rng.randint(20_000_000, 29_999_999)
        for variant in ("clean", "noise"):
            q = f"What was the first {lab} of patient {subject} in admission {hadm}?"
            if tell and variant == "noise":
                q = q.replace("first", "earliest recorded")
            rows.append({"task_id": f"{family}-{i}-{variant}", "family": family, "variant": variant, "question": q})
    return pl.DataFrame(rows)


def test_tells_found_when_planted_and_absent_otherwise() -> None:
    planted = measures.tells_report(_tasks(300, tell=True, seed=1), _tasks(100, tell=True, seed=2))
    assert planted["auroc"] > 0.95
    assert planted["by_family"]["labs.x"] > 0.95
    assert any("recorded" in g or "earliest" in g for g in planted["noise_ngrams"][:5])
    clean = measures.tells_report(_tasks(300, tell=False, seed=1), _tasks(100, tell=False, seed=2))
    assert clean["auroc"] <= measures.MAX_TELLS_AUROC


def _noise(family: str, operators: dict[str, int]) -> list[dict]:
    rows = []
    for op, k in operators.items():
        rows += [{"family": family, "variant": "noise", "failed_condition": op.split(":")[1], "noise_kind": "content",
                  "noise_operator": op, "answer": None}] * k
    return rows


def test_operator_counts_only_those_that_yield_twins() -> None:
    spec = {"id": "labs.x", "noise": [{"level": "record", "breaks": "a", "kind": "content"},
                                      {"level": "value", "breaks": "b", "kind": "identifier"},
                                      {"level": "query", "breaks": "c", "kind": "content"}]}
    ops = {"record:a:x/noise_a": 60, "value:b:shift:t": 39, "query:c:x/noise_c": 1}  # the third: 1% of its Noise
    rep = measures.operator_report(pl.DataFrame(_noise("labs.x", ops)), [spec])
    assert "labs.x" in rep["families_below_operator_floor"]
    assert "2 operators" in rep["families_below_operator_floor"]["labs.x"]
    ops["query:c:x/noise_c"] = 20
    rep = measures.operator_report(pl.DataFrame(_noise("labs.x", ops)), [spec])
    assert rep["families_below_operator_floor"] == {}
    assert rep["operators_by_family"]["labs.x"]["query:c:x/noise_c"] == 20
    # three operators at one level are too narrow
    one_level = {"record:a:x/n1": 30, "record:a:x/n2": 30, "record:b:x/n3": 30}
    rep = measures.operator_report(pl.DataFrame(_noise("labs.x", one_level)), [spec])
    assert "over 1 levels" in rep["families_below_operator_floor"]["labs.x"]


def test_gold_concentration_and_zero_rates_are_reported() -> None:
    golds = [json.dumps(5)] * 20 + [json.dumps(i) for i in range(80)]
    rows = [{"family": "diagnoses.c", "variant": "clean", "answer": a} for a in golds]
    rows += [{"family": "demographics.pct", "variant": "clean", "answer": json.dumps(0.0 if i < 30 else 0.5)}
             for i in range(100)]
    rep = measures.gold_report(pl.DataFrame(rows), {"demographics.pct"})
    assert rep["top_gold_share"]["diagnoses.c"] == 0.21
    assert any("diagnoses.c" in p for p in rep["problems"])
    assert any("rate is 0 in 30.0%" in p for p in rep["problems"])


def test_a_family_too_small_to_measure_is_listed_not_gated() -> None:
    """One of 3 golds is 33% by arithmetic and 3 twins cannot show 3 operators: such a family is listed apart; the
    same shares over MIN_MEASURED_FAMILY_PAIRS pairs are problems."""
    spec = {"id": "labs.small", "noise": [{"level": "record", "breaks": "a", "kind": "content"}]}
    for n, gated in ((3, False), (measures.MIN_MEASURED_FAMILY_PAIRS, True)):
        golds = [{"family": "labs.small", "variant": "clean", "answer": json.dumps(i % 3)} for i in range(n)]
        rep = measures.gold_report(pl.DataFrame(golds), set())
        assert bool(rep["problems"]) is gated and (rep["families_too_small_to_measure"] == ["labs.small"]) is not gated
        ops = measures.operator_report(pl.DataFrame(_noise("labs.small", {"record:a:x/noise_a": n})), [spec])
        assert ("labs.small" in ops["families_below_operator_floor"]) is gated
        assert ("labs.small" in ops["families_too_small_to_measure"]) is not gated


def test_wording_problems() -> None:
    from pipeline.construction.requests.family import load_synonyms
    from pipeline.paths import CONTRACTS_DIR

    codes = measures.lowered_category_codes(load_synonyms(CONTRACTS_DIR / "synonyms.yaml"))
    assert measures.wording_problems("Was patient 1 admitted via EW EMER. in 2150?")
    assert measures.wording_problems("How many doses of a Ativan were given?")
    assert measures.wording_problems("What was the mean heart rate in the first 1 hours?")
    assert measures.wording_problems("What was the first potassium in the MICU for an ICU stay?") == []
    assert measures.wording_problems("Across the 22 ew emer. admissions coded with heart failure, what was the mean?", codes)
    assert measures.wording_problems("Mean age of the eu observation admissions admitted via transfer from hospital?", codes)
    # the rule reads the build's synonym table: a catalogue that spells its own codes checks those, not ours
    own = measures.lowered_category_codes({"admission_type": {"ZZ ADMIT": ["a planned admission"]}})
    assert measures.wording_problems("How many zz admit stays?", own)
    assert not measures.wording_problems("How many zz admit stays?", codes)
    assert not measures.wording_problems("Mean age of the eu observation admissions?", own)
    assert measures.wording_problems("Across the 22 emergency admissions admitted from another hospital?", codes) == []
    assert measures.wording_problems("What did urgent or elective stays admitted via a physician referral cost?", codes) == []


def test_the_blocking_tells_check_fails_a_split_with_a_tell(tmp_path) -> None:
    from pipeline.assets.checks import MIN_MEASURED_TEST_TASKS, dataset_split_no_tells

    def publish(name: str, tell: bool, test_pairs: int) -> dict:
        out = tmp_path / name
        out.mkdir()
        train, test = _tasks(2 * test_pairs, tell=tell, seed=1), _tasks(test_pairs, tell=tell, seed=2)
        train.write_parquet(out / "train.parquet")
        test.write_parquet(out / "test.parquet")
        (out / "manifest.json").write_text(json.dumps({"validity": {"tells_auroc": measures.tells_auroc(train, test)}}))
        return {"out_dir": str(out)}

    big = MIN_MEASURED_TEST_TASKS // 2 + 10
    assert not dataset_split_no_tells(publish("told", True, big)).passed
    assert dataset_split_no_tells(publish("clean", False, big)).passed
    assert dataset_split_no_tells(publish("tiny", True, 50)).passed  # too few test tasks to measure


def test_the_blocking_operator_check_gates_only_a_measured_split(tmp_path) -> None:
    """A family whose Noise comes from two operators fails the floor on a full-size split and is only reported on a
    tiny one (a handful of twins per family cannot show three operators)."""
    from pipeline.assets.checks import MIN_MEASURED_TEST_TASKS, dataset_split_operators

    spec = {"id": "labs.x", "noise": [{"level": "record", "breaks": "a", "kind": "content"},
                                      {"level": "value", "breaks": "b", "kind": "content"},
                                      {"level": "query", "breaks": "c", "kind": "content"}]}
    families = pl.DataFrame({"family": ["labs.x"], "spec": [json.dumps({"spec": spec})]})

    def publish(name: str, ops: dict[str, int], test_tasks: int) -> dict:
        out = tmp_path / name
        out.mkdir()
        noise = pl.DataFrame(_noise("labs.x", ops)).with_columns(pl.lit("q").alias("question"))
        noise.write_parquet(out / "train.parquet")
        pl.DataFrame(_noise("labs.x", {"record:a:x/n1": test_tasks})).with_columns(
            pl.lit("q").alias("question")).write_parquet(out / "test.parquet")
        return {"out_dir": str(out)}

    thin = {"record:a:x/n1": 300, "value:b:shift:t": 300}
    wide = {**thin, "query:c:x/n3": 100}
    failed = dataset_split_operators(publish("thin", thin, MIN_MEASURED_TEST_TASKS), families)
    assert not failed.passed and any("labs.x" in p for p in failed.metadata["problems"].value)
    widened = dataset_split_operators(publish("wide", wide, MIN_MEASURED_TEST_TASKS), families)
    assert not any("family labs.x" in p for p in widened.metadata["problems"].value)  # (one family: 'a' > 10%)
    tiny = dataset_split_operators(publish("tiny", thin, 50), families)
    assert tiny.passed and tiny.metadata["measured"].value is False


def test_the_operator_check_blocks_with_error_severity(tmp_path) -> None:
    """The operator floor is a gate, not a warning: every spec of the check blocks, and a full-size split below the
    floor fails with ERROR (the severity the build stops on)."""
    from dagster import AssetCheckSeverity

    from pipeline.assets.checks import MIN_MEASURED_TEST_TASKS, dataset_split_operators

    specs = list(dataset_split_operators.check_specs)
    assert specs and all(s.blocking for s in specs)
    spec = {"id": "labs.x", "noise": [{"level": "record", "breaks": "a", "kind": "content"},
                                      {"level": "value", "breaks": "b", "kind": "content"}]}
    families = pl.DataFrame({"family": ["labs.x"], "spec": [json.dumps({"spec": spec})]})
    noise = pl.DataFrame(_noise("labs.x", {"record:a:x/n1": MIN_MEASURED_TEST_TASKS, "value:b:shift:t": 300}))
    noise.with_columns(pl.lit("q").alias("question")).write_parquet(tmp_path / "train.parquet")
    noise.with_columns(pl.lit("q").alias("question")).write_parquet(tmp_path / "test.parquet")
    result = dataset_split_operators({"out_dir": str(tmp_path)}, families)
    assert not result.passed and result.severity == AssetCheckSeverity.ERROR


def test_entity_ratio_reports_an_entity_only_noise_names_and_not_a_balanced_one() -> None:
    rows = []
    for _ in range(12):  # 'warfarin' in 6 Clean and 6 Noise questions; 'PTH' only in Noise (6); 'sodium' 5 Clean / 1
        rows.append({"family": "labs.x", "variant": "clean", "slots": json.dumps({"drug": "warfarin", "n": "12"})})
        rows.append({"family": "labs.x", "variant": "noise", "slots": json.dumps({"drug": "warfarin"})})
    for _ in range(6):
        rows.append({"family": "labs.x", "variant": "noise", "slots": json.dumps({"lab": "PTH", "pat": "428%"})})
    rows += [{"family": "labs.x", "variant": "clean", "slots": json.dumps({"lab": "sodium"})}] * 5
    rows += [{"family": "labs.x", "variant": "noise", "slots": json.dumps({"lab": "sodium"})}]
    rep = measures.entity_ratio_report(pl.DataFrame(rows))
    assert [(o["slot"], o["value"], o["clean"], o["noise"]) for o in rep["offenders"]] == [("lab", "PTH", 0, 6)]
    assert rep["entities"] == 3  # warfarin, PTH, sodium; the number and the ICD pattern are not entities
    assert rep["offenders_by_family"] == {"labs.x": 1}


def test_cross_fitted_family_auroc_finds_the_family_whose_noise_says_so() -> None:
    """Family 'told' words its Noise differently ('never'); family 'plain' words both twins alike: out-of-fold
    scoring over every pair puts the first near 1 and the second near chance."""
    rows = []
    for i in range(120):
        subject = [10000000 + i]
        for fam, noise_q in (("x.told", "Was lab {i} never drawn for patient {i}?"),
                             ("x.plain", "What was lab {i} for patient {i}?")):
            pair = f"{fam}-{i}"
            rows.append({"family": fam, "pair_id": pair, "subject_ids": subject, "variant": "clean",
                         "question": f"What was lab {i} for patient {i}?"})
            rows.append({"family": fam, "pair_id": pair, "subject_ids": subject, "variant": "noise",
                         "question": noise_q.format(i=i)})
    rep = measures.cross_fitted_family_auroc(pl.DataFrame(rows))
    assert rep["by_family"]["x.told"] > 0.95
    assert abs(rep["by_family"]["x.plain"] - 0.5) < 0.1


def test_the_family_tells_audit_judges_only_families_large_enough_to_measure() -> None:
    """bench.audit_tells: a family over the per-family target with fewer pairs than measures.MIN_MEASURED_FAMILY_PAIRS
    (an AUROC over 6 questions) is shown but not judged; one with enough pairs is judged."""
    from bench.audit_tells import MAX_FAMILY_AUROC, families_over

    n = measures.MIN_MEASURED_FAMILY_PAIRS
    aurocs = {"x.small": 0.89, "x.big": 0.70, "x.fine": 0.55, "x.edge": 0.66}
    pairs = {"x.small": 3, "x.big": 46, "x.fine": 30, "x.edge": n}
    assert MAX_FAMILY_AUROC == 0.65
    assert families_over(aurocs, pairs) == {"x.big": 0.70, "x.edge": 0.66}
    assert families_over(aurocs, pairs, min_pairs=0) == {"x.small": 0.89, "x.big": 0.70, "x.edge": 0.66}


def test_conditions_one_check_catches_count_together_against_the_cap() -> None:
    """An admission date and an ICU stay date that no record begins on are caught by one check ("does anything of this
    patient begin that day?"): each under MAX_CONDITION_SHARE alone, together over it, the split is reported, and the
    noise step's balance reads the same grouping (measures.condition_check)."""
    spec = {"id": "labs.x", "noise": [{"level": "record", "breaks": "a", "kind": "content"}]}
    ops = {"value:admission_began_on:shift:d": 8, "value:stay_began_on_date:shift:s": 8,
           **{f"record:c{k}:x/n{k}": 7 for k in range(12)}}
    rep = measures.operator_report(pl.DataFrame(_noise("labs.x", ops)), [spec])
    assert rep["max_condition"] == "began_on_stated_day" and rep["max_condition_share"] == 0.16
    assert any("began_on_stated_day" in p for p in rep["problems"])
    assert measures.condition_check("stay_began_on_date") == measures.condition_check("admission_began_on")
    assert measures.condition_check("lab_measured") == "lab_measured"


def test_the_noise_step_cuts_a_family_top_gold_to_the_golds_gate() -> None:
    """inject.over_gold: a family whose most common Clean gold is over the gate loses a seeded few of that gold's
    pairs, down to 97% of MAX_TOP_GOLD_SHARE; a family under it, or too small to gate, loses none."""
    from pipeline.construction.noise.inject import over_gold

    golds = {f"s{i}": ("vitals.sofa", json.dumps(9 if i < 16 else i % 30 + 10)) for i in range(100)}
    golds |= {f"t{i}": ("labs.small", json.dumps(1)) for i in range(10)}
    golds |= {f"u{i}": ("labs.even", json.dumps(i % 10)) for i in range(100)}
    out = over_gold(golds, seed=0)
    assert out and all(c.startswith("s") for c in out)
    kept = [golds[c][1] for c in golds if c.startswith("s") and c not in out]
    assert kept.count("9") / len(kept) <= 0.97 * measures.MAX_TOP_GOLD_SHARE
    assert (kept.count("9") + 1) / (len(kept) + 1) > 0.97 * measures.MAX_TOP_GOLD_SHARE  # no more than needed
    assert over_gold(golds, seed=0) == out
