"""Validity measures of a built dataset, shared by the blocking asset checks, the dataset card and the audit
script: can the questions' wording alone tell Clean from Noise (a text classifier's AUROC), how concentrated and how
clinical the noise operators are, whether the Clean golds discriminate, and whether the wording reads like a
clinician's (no raw database strings, articles and plurals right). Thresholds live here, once."""

import json
import re
from collections import Counter
from typing import Any

import polars as pl

MAX_TELLS_AUROC = 0.60
MAX_CONDITION_SHARE = 0.10
MIN_CONTENT_SHARE = 0.40
MIN_OPERATORS = 3
MIN_NOISE_LEVELS = 2
MIN_OPERATOR_SHARE = 0.03
MAX_TOP_GOLD_SHARE = 0.15
MAX_ZERO_RATE_SHARE = 0.15
# A family's own shares (its top gold, its operators) gate only a family with this many pairs, as the split-wide
# measures gate only a measured split: one of 3 golds is 33% by arithmetic, and 3 twins cannot show 3 operators
MIN_MEASURED_FAMILY_PAIRS = 20
MIN_SURFACE_FORMS = 3
# Issue 21's target for correctable restatements is 20% of Noise; the blocking gate is a ratchet just above what the
# families reach today (the default split's figure: BENCHMARKS.md), lowered as families are rewritten
CORRECTABLE_TARGET = 0.20
MAX_CORRECTABLE_SHARE = 0.10
# a declared reading that never changes an answer, over at least this many contracts of its family, checks nothing
MIN_READING_CONTRACTS = 20
# Broken conditions that one identifier check catches together ("does an admission or ICU stay of this patient begin
# on the stated day?"): the condition cap counts them as one, so that check cannot tell a large share of the Noise
# (DESIGN §4; review 7: the two were 17.8% of the default split's Noise, each under the cap alone)
SAME_CHECK = {"admission_began_on": "began_on_stated_day", "stay_began_on_date": "began_on_stated_day"}


# The checks that at least MAX_CONDITION_SHARE of the families can break (an admission's or stay's day, the patient's
# diagnosis group, a lab measured in the admission): the level choice, made within each family (noise/inject.py
# levels_per_family), caps these alone, since the families that can break any other check could not give it that
# share of the whole Noise if they gave it all of theirs. tests/test_partitions.py derives the set from contracts/,
# so a family that makes another check shared fails there until it is named here.
SHARED_CHECKS = frozenset({"began_on_stated_day", "lab_measured_in_admission", "patient_has_group"})


def condition_check(condition: str) -> str:
    """The check that catches a broken condition: its group in SAME_CHECK, else the condition itself."""
    return SAME_CHECK.get(condition, condition)


# Issue 21 item 5: an entity (a displayed slot value: a drug, a lab, a diagnosis, a stratum) that a family's Noise
# questions use far more often than its Clean ones gives the twin away to anyone who counts; reported, not blocking
MAX_ENTITY_NOISE_RATIO = 2.0
MIN_ENTITY_USES = 5
# Issue 21 item 6: a family's declared difficulty fits the work its reference does (tables + steps + windows, see
# query_work); a score on a band's edge fits both tiers beside it. The bands are the tertiles of the families' scores
# when they were set (BENCHMARKS.md, "Tiers by measured work").
TIER_WORK_BANDS = {"easy": (0, 3), "medium": (3, 8), "hard": (8, 10**6)}
# CTEs that are lookup tables, not steps of the question's logic: the diagnosis groups' code table (built from a
# prefix table against the EHR's codes: an implementation detail of one "the codes of the group" step)
LOOKUP_CTES = frozenset({"dx_group_codes"})


# ---------------------------------------------------------------- tells


CHAR_FEATURES = 2**20


def _question_model(train_q: list[str], y_train: Any, seed: int) -> tuple[Any, Any, Any, Any]:
    """The tells classifier fitted on train questions: (featurize, model, (word, char vectorizers), columns).

    The model sees only the feature columns some train question has (`columns`, indices into the word + hashed char
    space): most of the 2^20 hashed columns are empty, and an empty column's weight stays 0 under the L2 penalty, so
    leaving them out poses the same problem (the solver stops within its tolerance of the same optimum), while
    L-BFGS's own work per iteration, which grows with the column count, was most of the fit (BENCHMARKS.md,
    "Workers at 30,000 patients: the shutdown wait and the tells fit")."""
    import numpy as np
    from scipy.sparse import hstack
    from sklearn.feature_extraction.text import HashingVectorizer, TfidfTransformer, TfidfVectorizer
    from sklearn.linear_model import LogisticRegression

    words = TfidfVectorizer(analyzer="word", ngram_range=(1, 2), min_df=2, sublinear_tf=True, lowercase=True,
                            token_pattern=r"(?u)\b\w[\w.%/-]*\b", dtype=np.float32)
    chars = HashingVectorizer(analyzer="char_wb", ngram_range=(2, 5), n_features=CHAR_FEATURES, alternate_sign=False,
                              norm=None, dtype=np.float32)
    char_idf = TfidfTransformer(sublinear_tf=True)
    x_train = hstack([words.fit_transform(train_q), char_idf.fit_transform(chars.transform(train_q))]).tocsr()
    columns = np.unique(x_train.indices)

    def featurize(qs: list[str]) -> Any:
        return hstack([words.transform(qs), char_idf.transform(chars.transform(qs))]).tocsr()[:, columns]

    model = LogisticRegression(C=4.0, max_iter=2000, random_state=seed)
    model.fit(x_train[:, columns], y_train)
    return featurize, model, (words, chars), columns


def _family_aurocs(families: Any, y: Any, scores: Any) -> dict[str, float]:
    from sklearn.metrics import roc_auc_score

    out = {}
    for fam in sorted(set(families.tolist())):
        mask = families == fam
        if len(set(y[mask].tolist())) == 2:
            out[fam] = round(float(roc_auc_score(y[mask], scores[mask])), 4)
    return out


def tells_report(train: pl.DataFrame, test: pl.DataFrame, *, seed: int = 0, top: int = 15) -> dict[str, Any]:
    """A Clean-vs-Noise classifier that reads only the question (word 1–2-grams + char 2–5-grams, logistic
    regression), trained on train and scored on test: its AUROC (0.5 = the wording carries no signal), the same
    scores' AUROC within each family (where a family's Noise gives itself away), and the n-grams weighing most
    towards each side (what gives it away).

    The char n-grams are hashed (2^20 columns), not counted into a vocabulary: on a large split the vocabulary of
    every char 2–5-gram was the build's memory peak, and hashing leaves the AUROC as it was (BENCHMARKS.md,
    "Larger build")."""
    import numpy as np
    from sklearn.metrics import roc_auc_score

    train_q, test_q = train["question"].to_list(), test["question"].to_list()
    y_train = (train["variant"] == "noise").to_numpy()
    y_test = (test["variant"] == "noise").to_numpy()
    featurize, model, (words, chars), columns = _question_model(train_q, y_train, seed)
    scores = model.predict_proba(featurize(test_q))[:, 1]
    by_family = _family_aurocs(test["family"].to_numpy(), y_test, scores)
    order = columns[np.argsort(model.coef_[0])]
    noise, clean = order[::-1][:top].tolist(), order[:top].tolist()
    names = _feature_names(words.get_feature_names_out(), chars, noise + clean, train_q)
    return {"auroc": round(float(roc_auc_score(y_test, scores)), 4), "by_family": by_family,
            "noise_ngrams": [names[i] for i in noise], "clean_ngrams": [names[i] for i in clean]}


def _feature_names(word_names: Any, chars: Any, wanted: list[int], questions: list[str]) -> dict[int, str]:
    """Names of the wanted feature columns: a word n-gram by its index, a hashed char n-gram by finding an n-gram of
    the questions that hashes to its column (the char columns follow the word columns)."""
    from sklearn.utils import murmurhash3_32

    names = {i: str(word_names[i]) for i in wanted if i < len(word_names)}
    todo = {i - len(word_names) for i in wanted if i >= len(word_names)}
    analyze = chars.build_analyzer()
    for q in questions:
        if not todo:
            break
        for gram in set(analyze(q)):
            col = abs(murmurhash3_32(gram, seed=0)) % chars.n_features
            if col in todo:
                todo.discard(col)
                names[col + len(word_names)] = f"chars:{gram!r}"
    return {i: names.get(i, f"chars:#{i - len(word_names)}") for i in wanted}


def tells_auroc(train: pl.DataFrame, test: pl.DataFrame, *, seed: int = 0) -> float:
    """The question-only classifier's AUROC (see tells_report)."""
    return tells_report(train, test, seed=seed)["auroc"]


# ---------------------------------------------------------------- operators


def operator_report(tasks: pl.DataFrame, families: list[dict[str, Any]]) -> dict[str, Any]:
    """Shares of the broken conditions over all Noise tasks, the content share, and the families whose operators
    (noise entries: a perturbation of some slots breaking one condition, column `noise_operator`) are too few or span
    too few noise levels. An operator counts only when it yields ≥ 3% of its family's Noise tasks: a declared entry
    that (almost) never verifies diversifies nothing. `families` = the family specs as dicts."""
    noise = tasks.filter(pl.col("variant") == "noise")
    n = max(1, noise.height)
    by_cond = Counter(condition_check(c) for c in noise["failed_condition"].to_list())
    top_cond, top_n = by_cond.most_common(1)[0] if by_cond else ("", 0)
    content = sum(1 for k in noise["noise_kind"].to_list() if k == "content")
    by_family: dict[str, Counter[str]] = {}
    for fam, op in noise.select("family", "noise_operator").iter_rows():
        by_family.setdefault(fam, Counter())[op] += 1
    used, thin, unmeasured = {}, {}, []
    for spec in families:
        ops = by_family.get(spec["id"], Counter())
        total = sum(ops.values())
        counted = sorted(op for op, k in ops.items() if k >= MIN_OPERATOR_SHARE * total)
        levels = {op.split(":")[0] for op in counted}
        used[spec["id"]] = {op: ops[op] for op in sorted(ops)}
        if total < MIN_MEASURED_FAMILY_PAIRS:
            unmeasured.append(spec["id"])
        elif len(counted) < MIN_OPERATORS or len(levels) < MIN_NOISE_LEVELS:
            thin[spec["id"]] = (f"{len(counted)} operators yielding ≥ {MIN_OPERATOR_SHARE:.0%} of its Noise over "
                                f"{len(levels)} levels ({len(spec['noise'])} declared, {total} Noise tasks)")
    problems = []
    if top_n / n > MAX_CONDITION_SHARE:
        problems.append(f"broken condition {top_cond!r} is {top_n / n:.1%} of Noise tasks (> {MAX_CONDITION_SHARE:.0%})")
    if content / n < MIN_CONTENT_SHARE:
        problems.append(f"content operators are {content / n:.1%} of Noise tasks (< {MIN_CONTENT_SHARE:.0%})")
    problems += [f"family {f}: {why} (need ≥ {MIN_OPERATORS} over ≥ {MIN_NOISE_LEVELS})" for f, why in sorted(thin.items())]
    problems += [f"family {s['id']}: an operator declares no kind" for s in families
                 if any(o.get("kind") not in ("content", "identifier") for o in s["noise"])]
    return {"noise_tasks": noise.height, "max_condition": top_cond, "max_condition_share": round(top_n / n, 4),
            "content_share": round(content / n, 4), "families_below_operator_floor": thin,
            "families_too_small_to_measure": unmeasured,
            "condition_shares": {k: round(v / n, 4) for k, v in by_cond.most_common()},
            "operators_used": sum(len(v) for v in used.values()), "operators_by_family": used, "problems": problems}


# ---------------------------------------------------------------- one handle per target


def correctable_report(tasks: pl.DataFrame, *, top: int = 15) -> dict[str, Any]:
    """The share of Noise twins whose drop-one reading finds the Clean answer (column `correctable`): overall, per
    noise level, per family and for the operators with the most. A null verdict (no drop-one reading could be
    formed) is counted apart, never as proved either way."""
    noise = tasks.filter(pl.col("variant") == "noise")
    n = max(1, noise.height)

    def shares(col: str) -> dict[str, dict[str, Any]]:
        g = noise.group_by(col).agg(pl.len().alias("n"), pl.col("correctable").fill_null(False).sum().alias("c"))
        return {k: {"correctable": int(c), "noise": int(m), "share": round(c / m, 4)}
                for k, m, c in g.sort(col).iter_rows()}

    correctable = int(noise["correctable"].fill_null(False).sum()) if noise.height else 0
    by_op = shares("noise_operator")
    worst = sorted(by_op.items(), key=lambda kv: (-kv[1]["correctable"], kv[0]))[:top]
    share = correctable / n
    problems = [f"{correctable} of {noise.height} Noise twins ({share:.1%}) are correctable restatements "
                f"(> {MAX_CORRECTABLE_SHARE:.0%}): the drop-one reading finds the Clean answer"] \
        if share > MAX_CORRECTABLE_SHARE else []
    return {"noise_tasks": noise.height, "correctable": correctable, "share": round(share, 4),
            "unformed": int(noise["correctable"].is_null().sum()) if noise.height else 0,
            "by_level": shares("noise_level"), "by_family": shares("family"), "top_operators": dict(worst),
            "problems": problems}


# ---------------------------------------------------------------- golds


def reading_report(families: list[dict[str, Any]], contracts: pl.DataFrame, pairs: pl.DataFrame) -> dict[str, Any]:
    """What each declared reading (FORMAT.md "Readings") changed on this EHR: the Clean contracts whose answer it
    moved (rejected as `reading_disagrees`, or given an alias) and the Noise candidates it answered where the
    reference did not (each rejected as `reading_answerable`). A reading that changed neither, over a family with
    at least MIN_READING_CONTRACTS contracts that reached the readings, is checking nothing here: a problem (the
    build blocks on it), because it certifies Clean golds and Noise twins against a difference the EHR never has."""
    reached = contracts.filter((pl.col("status") == "accepted") | (pl.col("reason") == "reading_disagrees"))
    n_reached = Counter(reached["family"].to_list())
    clean_fx: Counter[tuple[str, str]] = Counter()
    for fam, fx in reached.select("family", "reading_effects").iter_rows():
        clean_fx.update((fam, name) for name in json.loads(fx))
    noise_fx: Counter[tuple[str, str]] = Counter()
    for fam, hits in pairs.select("family", "reading_hits").iter_rows():
        noise_fx.update({(fam, name): n for name, n in json.loads(hits or "{}").items()})
    by_family: dict[str, dict[str, dict[str, int]]] = {}
    problems = []
    for spec in sorted(families, key=lambda f: f["id"]):
        fam = spec["id"]
        for r in spec.get("readings") or []:
            name = r["name"]
            row = {"contracts": n_reached[fam], "clean_changed": clean_fx[fam, name], "noise_answered": noise_fx[fam, name]}
            by_family.setdefault(fam, {})[name] = row
            if row["clean_changed"] + row["noise_answered"] == 0 and row["contracts"] >= MIN_READING_CONTRACTS:
                problems.append(f"family {fam}: reading {name!r} changed no answer on this EHR ({row['contracts']} "
                                f"contracts, no Clean answer moved, no Noise twin answered): it checks nothing")
    return {"by_family": by_family, "inert": len(problems), "problems": problems}


def gold_key(answer: str) -> str:
    """A Clean gold as the golds gate counts it: a value with its unit, or the answer's canonical JSON."""
    v = json.loads(answer)
    if isinstance(v, dict) and "value" in v:
        return json.dumps([v["value"], v.get("unit")])
    return json.dumps(v, sort_keys=True)


def gold_report(tasks: pl.DataFrame, rate_families: set[str]) -> dict[str, Any]:
    """Per family: the share of its most common Clean gold, and for rate families (answers that are proportions) the
    share of golds equal to 0."""
    clean = tasks.filter(pl.col("variant") == "clean")
    top, zero, problems, unmeasured = {}, {}, [], []
    for fam, answers in sorted(clean.group_by("family").agg(pl.col("answer")).iter_rows()):
        keys = Counter(gold_key(a) for a in answers)
        share = keys.most_common(1)[0][1] / len(answers)
        top[fam] = round(share, 4)
        if len(answers) < MIN_MEASURED_FAMILY_PAIRS:
            unmeasured.append(fam)
            continue
        if share > MAX_TOP_GOLD_SHARE:
            problems.append(f"family {fam}: most common gold {keys.most_common(1)[0][0]} is {share:.1%} of its golds")
        if fam in rate_families:
            z = sum(1 for a in answers if float(json.loads(a)) == 0) / len(answers)
            zero[fam] = round(z, 4)
            if z > MAX_ZERO_RATE_SHARE:
                problems.append(f"family {fam}: rate is 0 in {z:.1%} of its golds")
    measured = [v for f, v in top.items() if f not in unmeasured]
    return {"top_gold_share": top, "zero_rate_share": zero, "max_top_gold_share": max(measured, default=0.0),
            "families_too_small_to_measure": unmeasured, "problems": problems}


# ---------------------------------------------------------------- wording

# a run of ≥ 2 upper-case words (ICU abbreviations like "ICU", "MICU", "ED" alone are fine)
ALL_CAPS_RUN = re.compile(r"\b[A-Z][A-Z/&.-]{1,}(?:[ ,]+[A-Z][A-Z/&.-]{1,})+\b")
ALLOWED_CAPS = re.compile(r"\b(ICU|MICU|SICU|CCU|CVICU|TSICU|PACU|ED|ICD|ICD-9|ICD-10|DRG|HCPCS|CPT|MS|APR|HCFA|ID|"
                          r"BMI|BP|HR|SBP|DBP|MAP|INR|PT|PTT|BUN|WBC|RBC|ALT|AST|LDH|CRP|CK|CK-MB|HbA1c|TnT|NT-proBNP|"
                          r"IV|PO|IM|SC|SQ|PRN|OR|ICD-10-PCS|ICD-9-CM|ICD-10-CM|MCV|MCH|MCHC|RDW|ANC|ALC|AMC|AEC|PO4|"
                          r"HCO3|AG|SCr|K|NA|CL|MG|CO2|TCO2|US|CT|MRI|EKG|ECG|CABG|PCI|PICC|GI|UTI|COPD|CHF|AKI|CKD|"
                          r"NOS|NEC|EC|ER|PCA|NPO|HIV|AIDS|DVT|PE|MI|STEMI|NSTEMI|SIRS|ARDS|A|B|C|D|E|F|L|R|MRSA|VRE|"
                          r"ESBL|CSF|BAL|NTG|SL|PEG|IR|SPS|ASA|NICU|PICU|HD|CRRT|TPN|FFP|PRBC|RBCS|NS|LR|D5W|KCL|HCL|ICDS|AM|PM)\b")
ROMAN = re.compile(r"[IVX]+[A-D]?")  # stages and classes in official titles ("stage IIIA, IIIB")
A_BEFORE_VOWEL = re.compile(r"\b[aA] (?=[aeiouAEIOU]\w)(?!(?:uni|use|usu|uro|eu|one|once|ur[aeiu])\w*)")
A_BEFORE_VOWEL_LETTER = re.compile(r"\b[aA] (?=(?:[FHLMNRSX]|[AEIO])(?:[A-Z0-9-]|\b))")
ONE_PLURAL = re.compile(r"\b1 (hours|days|minutes|doses|times|admissions|patients|years)\b")


def lowered_category_codes(synonyms: dict[str, dict[str, list[str]]]) -> re.Pattern | None:
    """MIMIC-IV admission types and locations that read as database codes once lower-cased ("ew emer.", "eu
    observation", "transfer from hospital"): the values in the build's synonym table (contracts/synonyms.yaml)
    whose lower-case form none of their clinical names contains. A family that forgets to declare the synonym
    table shows these. Built from the build's own table, so a custom catalogue's codes are the ones checked."""
    codes = [raw.lower() for group in ("admission_type", "admission_location")
             for raw, names in synonyms.get(group, {}).items()
             if not any(raw.lower() in n.lower() for n in names)]
    return re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(c) for c in sorted(codes, key=len, reverse=True)) + r")(?![\w-])",
                      re.IGNORECASE) if codes else None


def wording_problems(question: str, lowered_codes: re.Pattern | None = None) -> list[str]:
    """Database-dump wording a clinician would not write (`lowered_codes`: from lowered_category_codes)."""
    out = []
    for m in ALL_CAPS_RUN.finditer(question):
        words = re.findall(r"[A-Z][A-Z/&.-]+", m.group(0))
        raw = [w for w in words if not ALLOWED_CAPS.fullmatch(w.strip(".-/")) and not ROMAN.fullmatch(w.strip(".-/"))]
        if len(raw) >= 1 and len(words) >= 2:
            out.append(f"raw ALL-CAPS database words {m.group(0)!r}")
            break
    m = A_BEFORE_VOWEL.search(question) or A_BEFORE_VOWEL_LETTER.search(question)
    if m:
        out.append(f"'a' before a vowel sound: {question[m.start():m.start() + 16]!r}")
    m = ONE_PLURAL.search(question)
    if m:
        out.append(f"singular count with a plural noun: {m.group(0)!r}")
    m = lowered_codes.search(question) if lowered_codes else None
    if m:
        out.append(f"a database category code lower-cased: {m.group(0)!r}")
    return out


def wording_report(tasks: pl.DataFrame, families: list[dict[str, Any]],
                   synonyms: dict[str, dict[str, list[str]]]) -> dict[str, Any]:
    lowered = lowered_category_codes(synonyms)
    bad: dict[str, list[str]] = {}
    kinds: Counter[str] = Counter()
    for tid, q in tasks.select("task_id", "question").iter_rows():
        probs = wording_problems(q, lowered)
        if probs:
            bad[tid] = probs
            kinds.update(p.split(":")[0].split(" '")[0] for p in probs)
    few = {spec["id"]: len(set(spec["questions"])) for spec in families if len(set(spec["questions"])) < MIN_SURFACE_FORMS}
    problems = [f"{len(bad)} questions with database-dump wording ({dict(kinds)})"] if bad else []
    problems += [f"family {f}: {n} surface forms (< {MIN_SURFACE_FORMS})" for f, n in sorted(few.items())]
    return {"questions": tasks.height, "questions_with_problems": len(bad), "problem_kinds": dict(kinds),
            "examples": dict(list(sorted(bad.items()))[:10]), "problems": problems}



def cross_fitted_family_auroc(tasks: pl.DataFrame, *, folds: int = 5, seed: int = 0) -> dict[str, Any]:
    """The tells classifier scored out of fold on every task (folds by patient, both twins of a pair in one fold),
    and its AUROC within each family over all of the family's tasks. The train/test figure of tells_report rests on
    the test split alone (a few dozen pairs per family, a standard error near 0.08); this one on every pair."""
    import hashlib

    import numpy as np
    from sklearn.metrics import roc_auc_score

    def fold_of(pair: str, subjects: list[int] | None) -> int:
        key = str(min(subjects)) if subjects else pair
        return int(hashlib.sha256(key.encode()).hexdigest()[:8], 16) % folds

    qs = tasks["question"].to_list()
    y = (tasks["variant"] == "noise").to_numpy()
    fold = np.array([fold_of(p, s) for p, s in tasks.select("pair_id", "subject_ids").iter_rows()])
    scores = np.zeros(len(qs))
    for k in range(folds):
        inside = fold == k
        if inside.all() or not inside.any():
            continue
        featurize, model, _, _ = _question_model([q for q, i in zip(qs, inside, strict=True) if not i], y[~inside], seed)
        scores[inside] = model.predict_proba(featurize([q for q, i in zip(qs, inside, strict=True) if i]))[:, 1]
    return {"auroc": round(float(roc_auc_score(y, scores)), 4),
            "by_family": _family_aurocs(tasks["family"].to_numpy(), y, scores)}


# ---------------------------------------------------------------- tiers by measured work


def query_work(sql: str) -> dict[str, int]:
    """The work one PostgreSQL query does: distinct physical tables read, steps (CTEs and subqueries), window
    functions, and their sum (the score). A lookup CTE (LOOKUP_CTES) counts as one step, its inside as nothing."""
    import sqlglot
    from sqlglot import exp

    tree = sqlglot.parse_one(sql, read="postgres")
    ctes = list(tree.find_all(exp.CTE))
    inside: set[int] = set()
    for cte in ctes:
        if cte.alias_or_name in LOOKUP_CTES:
            inside |= {id(n) for n in cte.this.walk()}
    names = {c.alias_or_name for c in ctes}

    def counted(nodes: Any) -> list[Any]:
        return [n for n in nodes if id(n) not in inside]

    tables = len({(t.db or "", t.name) for t in counted(tree.find_all(exp.Table)) if t.name not in names})
    steps = len(ctes) + len(counted(tree.find_all(exp.Subquery)))
    windows = len(counted(tree.find_all(exp.Window)))
    return {"tables": tables, "steps": steps, "windows": windows, "score": tables + steps + windows}


def tier_report(tasks: pl.DataFrame) -> dict[str, Any]:
    """Each family's declared difficulty against the work of its reference query (every contract of a family runs
    one template, so the first Clean task's SQL stands for the family): the families whose score lies outside their
    tier's band (TIER_WORK_BANDS) are problems."""
    clean = tasks.filter(pl.col("variant") == "clean").sort("task_id").unique("family", keep="first").sort("family")
    by_family, problems = {}, []
    for fam, tier, sql in clean.select("family", "difficulty", "reference_sql").iter_rows():
        w = query_work(sql)
        lo, hi = TIER_WORK_BANDS.get(tier, (1, 0))
        by_family[fam] = {"declared": tier, **w}
        if not lo <= w["score"] <= hi:
            fits = [t for t, (a, b) in TIER_WORK_BANDS.items() if a <= w["score"] <= b]
            problems.append(f"{fam}: declared {tier}, work {w['score']} (tables {w['tables']}, steps {w['steps']}, "
                            f"windows {w['windows']}) fits {'/'.join(fits)}")
    return {"by_family": by_family, "problems": problems}

# ---------------------------------------------------------------- entity frequency tells

_NOT_ENTITY = re.compile(r"^-?\d+(\.\d+)?$|^\d{4}-\d{2}-\d{2}|%")  # numbers, dates/times, ICD LIKE patterns


def is_entity(value: Any) -> bool:
    """A slot value the entity-frequency measure counts: text that is not a number, a date/time or an ICD pattern."""
    return isinstance(value, str) and not _NOT_ENTITY.search(value)


def allowed_noise_uses(clean_uses: int) -> int:
    """The most Noise questions of a family that may name an entity its Clean questions name `clean_uses` times:
    a Noise:Clean ratio of MAX_ENTITY_NOISE_RATIO, or fewer than MIN_ENTITY_USES uses in all."""
    return max(int(MAX_ENTITY_NOISE_RATIO * clean_uses), MIN_ENTITY_USES - 1 - clean_uses)


def entity_ratio_report(tasks: pl.DataFrame, *, top: int = 15) -> dict[str, Any]:
    """Per family and entity (a text slot value the question can show: drug, lab, diagnosis code or title, group,
    care unit, insurance…; numbers, ids, dates and ICD patterns are not entities), how often Noise vs Clean questions
    use it. An entity with ≥ MIN_ENTITY_USES uses whose Noise:Clean ratio exceeds MAX_ENTITY_NOISE_RATIO (a Clean
    count of 0 is an infinite ratio) is a frequency tell: `offenders` lists the worst. Not blocking (issue 21)."""
    counts: dict[tuple[str, str, str], list[int]] = {}
    for fam, variant, slots in tasks.select("family", "variant", "slots").iter_rows():
        for name, value in (json.loads(slots) if slots else {}).items():
            if not is_entity(value):
                continue
            counts.setdefault((fam, name, value), [0, 0])[variant == "noise"] += 1
    used = {k: v for k, v in counts.items() if sum(v) >= MIN_ENTITY_USES}
    ratio = {k: (v[1] / v[0] if v[0] else float("inf")) for k, v in used.items()}
    bad = sorted((k for k, r in ratio.items() if r > MAX_ENTITY_NOISE_RATIO), key=lambda k: (-ratio[k], -sum(used[k]), k))
    by_family: dict[str, list[int]] = {}
    for k in used:
        by_family.setdefault(k[0], [0, 0])[0] += 1
    for k in bad:
        by_family[k[0]][1] += 1
    return {"entities": len(used), "offenders_n": len(bad), "offender_share": round(len(bad) / max(1, len(used)), 4),
            "offenders_by_family": {f: v[1] for f, v in sorted(by_family.items()) if v[1]},
            "offenders": [{"family": k[0], "slot": k[1], "value": k[2], "clean": used[k][0], "noise": used[k][1]}
                          for k in bad[:top]]}


# ---------------------------------------------------------------- everything


def rate_families(families: list[dict[str, Any]]) -> set[str]:
    """Families whose answer is a proportion (answer column named pct_*, *_rate or *_share)."""
    out = set()
    for spec in families:
        cols = (spec.get("answer") or {}).get("columns") or []
        if any(c.startswith("pct") or c.endswith(("_rate", "_share")) for c in cols):
            out.add(spec["id"])
    return out


def validity_report(train: pl.DataFrame, test: pl.DataFrame, families: list[dict[str, Any]],
                    synonyms: dict[str, dict[str, list[str]]]) -> dict[str, Any]:
    """All validity measures of a split, with the problems against the thresholds above (`synonyms`: the build's
    synonym table, for the wording rule on lower-cased category codes)."""
    tasks = pl.concat([train, test], how="vertical_relaxed")
    tells_rep = tells_report(train, test) if train.height and test.height else {"auroc": 0.5, "by_family": {}}
    auroc = tells_rep["auroc"]
    ops = operator_report(tasks, families)
    golds = gold_report(tasks, rate_families(families))
    wording = wording_report(tasks, families, synonyms)
    correctable = correctable_report(tasks)
    entities = entity_ratio_report(tasks)
    tiers = tier_report(tasks)
    tells = [f"a question-only classifier separates Clean from Noise with AUROC {auroc:.3f} (> {MAX_TELLS_AUROC})"] \
        if auroc > MAX_TELLS_AUROC else []
    return {"tells_auroc": auroc, "tells": tells_rep, "operators": ops, "golds": golds, "wording": wording,
            "correctable": correctable, "entity_ratios": entities, "tiers": tiers,
            "problems": {"tells": tells, "operators": ops["problems"], "golds": golds["problems"],
                         "wording": wording["problems"], "correctable": correctable["problems"],
                         "tiers": tiers["problems"]}}
