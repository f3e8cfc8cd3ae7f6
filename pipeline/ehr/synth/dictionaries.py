"""Dictionary tables (d_labitems, d_items, d_icd_diagnoses, d_icd_procedures, d_hcpcs) and the provider /
caregiver id pools.

The ICD dictionaries are the official code systems (see codes.py), so every code has its official title and most
codes are never used (the raw material for record-level noise: "a code that exists but was never coded"). Lab and
ICU item dictionaries hold every item the generator uses with its real label, plus MIMIC-looking rows nobody in the
cohort has.
"""

from functools import cache

import numpy as np
import polars as pl

from pipeline.ehr.synth import catalog as cat
from pipeline.ehr.synth import codes
from pipeline.paths import REFERENCE_DIR


@cache
def reference_items() -> list[dict[str, str]]:
    """Rows of reference/mimic_iv_items.tsv (itemid, table, label, fluid_or_category, unit, param_type, ...)."""
    lines = [ln for ln in (REFERENCE_DIR / "mimic_iv_items.tsv").read_text(encoding="utf-8").splitlines()
             if ln and not ln.startswith("#")]
    header = lines[0].split("\t")
    return [dict(zip(header, ln.split("\t"), strict=False)) for ln in lines[1:]]


def _clean_unit(u: str | None) -> str | None:
    if not u or u.startswith("(None") or u == "?":
        return None
    return u.split("|")[0]


def _reserved_icu_itemids() -> set[int]:
    ids = {it.itemid for it in cat.CHART_ITEMS} | {cat.WEIGHT_ITEM.itemid, cat.HEIGHT_ITEM.itemid, cat.CODE_STATUS_ITEM.itemid}
    ids |= {it.itemid for it in cat.INPUT_ITEMS} | {x[0] for x in cat.INGREDIENTS} | {x[0] for x in cat.OUTPUT_ITEMS}
    ids |= {x[0] for x in cat.PROCEDURE_ITEMS} | {x[0] for x in cat.DATETIME_ITEMS}
    ids |= {int(r["itemid"]) for r in reference_items() if r["table"] != "labevents" and r["itemid"].isdigit()}
    return ids


@cache
def assessment_itemids() -> tuple[int, ...]:
    """Itemids for the nursing assessments, allocated from 228100 upwards around the real items."""
    reserved = _reserved_icu_itemids()
    out, i = [], 228100
    while len(out) < len(cat.ASSESSMENTS):
        if i not in reserved:
            out.append(i)
        i += 1
    return tuple(out)


# ----------------------------------------------------------------------------------------------- labs
_BODY_FLUIDS = ("Ascites", "Pleural", "Joint Fluid", "Cerebrospinal Fluid", "Other Body Fluid", "Urine", "Stool",
                "Bone Marrow", "Fluid")
_FLUID_ANALYTES = ("Albumin", "Amylase", "Bilirubin, Total", "Cholesterol", "Creatinine", "Glucose", "Lactate Dehydrogenase",
                   "Lipase", "Total Protein", "Triglycerides", "Sodium", "Potassium", "Chloride", "Urea Nitrogen", "pH",
                   "Total Nucleated Cells", "RBC", "Polys", "Lymphs", "Monos", "Eos", "Basos", "Macrophage", "Mesothelial cells",
                   "Other Cells", "Atypical Lymphocytes", "Bands", "Hematocrit", "Crystals", "Osmolality", "Magnesium", "Calcium",
                   "Phosphate", "Uric Acid", "Ketone", "Bicarbonate", "Young Cells", "Plasma", "Blasts", "Metamyelocytes")
_BLOOD_EXTRA = ("Vancomycin", "Digoxin", "Phenytoin", "Tacrolimus (FK506)", "Lithium", "Valproic Acid", "Carbamazepine",
                "Cyclosporin", "Gentamicin", "Tobramycin", "Acetaminophen", "Salicylate", "Ethanol", "Thyroid Stimulating Hormone",
                "Free T4", "Cortisol", "Parathyroid Hormone", "Vitamin B12", "Folate", "Haptoglobin", "Reticulocyte Count, Automated",
                "Ammonia", "Beta-2 Microglobulin", "Cholesterol, Total", "Cholesterol, HDL", "Cholesterol, LDL, Calculated",
                "Triglycerides", "Osmolality, Measured", "Prostate Specific Antigen", "Alpha-Fetoprotein", "CEA", "CA-125",
                "Hepatitis B Surface Antigen", "Hepatitis C Virus Antibody", "HIV Screen", "Lyme Serology", "Rheumatoid Factor",
                "Anti-Nuclear Antibody", "Sedimentation Rate", "Procalcitonin", "Transferrin", "Iron Binding Capacity, Total",
                "Estimated GFR (MDRD equation)", "Cryoglobulin", "Immunoglobulin A", "Immunoglobulin G", "Immunoglobulin M",
                "Protein Electrophoresis", "Hemoglobin A2", "Hemoglobin F", "Lead", "Zinc", "Copper", "Selenium", "Vitamin D",
                "25-OH Vitamin D", "Testosterone", "Estradiol", "Progesterone", "Prolactin", "Human Chorionic Gonadotropin",
                "Luteinizing Hormone", "Follicle Stimulating Hormone", "Insulin", "C-Peptide", "Gastrin", "Renin", "Aldosterone",
                "Homocysteine", "Methylmalonic Acid", "Fibrin Degradation Products", "Factor II", "Factor V", "Factor VII",
                "Factor VIII", "Factor IX", "Factor X", "Factor XI", "Factor XII", "Protein C", "Protein S", "Antithrombin",
                "Heparin LMW", "Heparin", "Anticardiolipin Antibody IgG", "Lupus Anticoagulant", "Von Willebrand Factor Antigen")
_QUALIFIERS = ("", ", Calculated", " (Random)", ", 24 hr", ", Percent", ", Absolute")


def d_labitems() -> pl.DataFrame:
    rows: dict[int, tuple[str, str, str]] = {lab.itemid: (lab.label, lab.fluid, lab.category) for lab in cat.LABS}
    for itemid, label, fluid, category, *_rest in cat.TAIL_LABS_REAL:
        rows[itemid] = (label, fluid, category)
    for r in reference_items():
        if r["table"] == "labevents" and r["itemid"].isdigit() and int(r["itemid"]) not in rows:
            fluid, _, category = r["fluid_or_category"].partition(" / ")
            rows[int(r["itemid"])] = (r["label"], fluid, category)
    filler: list[tuple[str, str, str]] = []
    for q in _QUALIFIERS:
        for fluid in _BODY_FLUIDS:
            for a in _FLUID_ANALYTES:
                filler.append((f"{a}{q}", fluid, "Chemistry" if a[0].isupper() and a not in ("RBC", "Polys") else "Hematology"))
        for a in _BLOOD_EXTRA:
            filler.append((f"{a}{q}", "Blood", "Chemistry"))
    used_labels = {(v[0], v[1]) for v in rows.values()}
    i = 51000
    for label, fluid, category in filler:
        if len(rows) >= 1650:
            break
        if (label, fluid) in used_labels:
            continue
        while i in rows:
            i += 1
        rows[i] = (label[:50], fluid, category)
        i += 1
    ids = sorted(rows)
    return pl.DataFrame({"itemid": ids, "label": [rows[k][0] for k in ids], "fluid": [rows[k][1] for k in ids],
                         "category": [rows[k][2] for k in ids]})


# ----------------------------------------------------------------------------------------------- d_items
_ITEM_SITES = ("Right Arm", "Left Arm", "Right Leg", "Left Leg", "Chest", "Abdomen", "Back", "Sacrum", "Head", "Neck",
               "Right Hand", "Left Hand", "Right Foot", "Left Foot", "Coccyx", "Heel")
_ITEM_KINDS = (("Skin Care", "Skin - Impairment"), ("Wound Dressing", "Skin - Impairment"), ("Wound Appearance", "Skin - Impairment"),
               ("Drainage Amount", "Skin - Impairment"), ("Drainage Type", "Skin - Impairment"), ("Edema", "Cardiovascular"),
               ("Pulse", "Cardiovascular"), ("Line Site Appearance", "Access Lines - Peripheral"),
               ("Line Dressing Type", "Access Lines - Peripheral"), ("Pressure Ulcer Stage", "Skin - Impairment"),
               ("Incision Appearance", "Skin - Impairment"), ("Incision Closure", "Skin - Impairment"),
               ("Tissue Color", "Skin - Impairment"), ("Sensation", "Neurological"), ("Movement", "Neurological"),
               ("Temperature", "Skin - Assessment"), ("Cap Refill", "Cardiovascular"), ("Restraint Location", "Restraint/Support Systems"),
               ("Tube Site", "GI/GU"), ("Drain Output", "Output"))
_ITEM_INDEX = ("#1", "#2", "#3", "#4", "#5", "#6", "#7", "#8", "#9", "#10", "#11", "#12")
# values charted for each kind of documentation item (the long tail of chartevents)
_ITEM_VALUES = {
    "Skin Care": ("Done", "Barrier cream", "Moisturizer", "Not Applicable"),
    "Wound Dressing": ("Dry sterile dressing", "Clean, dry, intact", "Changed", "Reinforced"),
    "Wound Appearance": ("Pink", "Red", "Granulating", "Yellow slough"),
    "Drainage Amount": ("None", "Scant", "Small", "Moderate"),
    "Drainage Type": ("Serous", "Serosanguinous", "Sanguinous", "Purulent"),
    "Edema": ("Absent", "1+", "2+", "Trace"),
    "Pulse": ("Palpable", "Doppler", "Weak Palpable", "Absent"),
    "Line Site Appearance": ("WNL", "Red", "Tender", "Swollen"),
    "Line Dressing Type": ("Transparent", "Gauze", "Biopatch"),
    "Pressure Ulcer Stage": ("Stage I", "Stage II", "Unstageable", "Deep tissue injury"),
    "Incision Appearance": ("Clean and dry", "Approximated", "Ecchymotic", "Red"),
    "Incision Closure": ("Staples", "Sutures", "Steri strips", "Dermabond"),
    "Tissue Color": ("Pink", "Red", "Pale", "Dusky"),
    "Sensation": ("Intact", "Diminished", "Absent", "Tingling"),
    "Movement": ("Purposeful", "Weak", "None", "Spontaneous"),
    "Temperature": ("Warm", "Cool", "Cold", "Hot"),
    "Cap Refill": ("< 3 seconds", "> 3 seconds"),
    "Restraint Location": ("Not applied", "Soft wrist", "Mitts"),
    "Tube Site": ("Clean, dry, intact", "Red", "Leaking"),
    "Drain Output": ("None", "Scant", "Small", "Moderate"),
}
TAIL_CHART_INDEX = ("#1", "#2")  # the tail charts the first two numbered items of every kind and site


@cache
def _filler_chart_items() -> tuple[tuple[int, str, str, str, str], ...]:
    """(itemid, label, abbreviation, category, kind) of the site-specific documentation items, ids from 229700 up
    around the real items."""
    reserved = _reserved_icu_itemids() | set(assessment_itemids())
    out, i = [], 229700
    for kind, category in _ITEM_KINDS:
        for site in _ITEM_SITES:
            for idx in _ITEM_INDEX:
                while i in reserved:
                    i += 1
                out.append((i, f"{kind} {idx} - {site}", f"{kind[:12]} {idx} {site[:8]}", category, kind))
                i += 1
    return tuple(out)


@cache
def chart_tail_items() -> tuple[np.ndarray, list[tuple[str, ...]]]:
    """Itemids and value sets of the documentation items the long tail of chartevents draws from, most common
    first (#1 before #2)."""
    items = [x for x in _filler_chart_items() if x[1].split(" - ")[0].endswith(TAIL_CHART_INDEX)]
    items.sort(key=lambda x: (TAIL_CHART_INDEX.index(x[1].split(" - ")[0].split()[-1]), x[0]))
    return np.array([x[0] for x in items], dtype=np.int64), [_ITEM_VALUES[x[4]] for x in items]


def d_items() -> pl.DataFrame:
    rows: dict[int, tuple] = {}

    def put(itemid: int, label: str, abbr: str, linksto: str, category: str, unit: str | None, ptype: str,
            lo: float | None = None, hi: float | None = None) -> None:
        rows.setdefault(itemid, (label, abbr, linksto, category, unit, ptype, lo, hi))

    for it in (*cat.CHART_ITEMS, cat.WEIGHT_ITEM, cat.HEIGHT_ITEM, cat.CODE_STATUS_ITEM):
        put(it.itemid, it.label, it.abbreviation, "chartevents", it.category, it.unit, it.param_type, it.low, it.high)
    for (label, category, _e, _v), itemid in zip(cat.ASSESSMENTS, assessment_itemids(), strict=True):
        put(itemid, label, label, "chartevents", category, None, "Text")
    for it in cat.INPUT_ITEMS:
        put(it.itemid, it.label, it.label, "inputevents", it.category, it.amountuom, "Solution")
    for itemid, label, uom, category in cat.INGREDIENTS:
        put(itemid, label, label, "ingredientevents", category, uom, "Ingredient")
    for itemid, label, uom, _m, _e in cat.OUTPUT_ITEMS:
        put(itemid, label, label, "outputevents", "Output", uom, "Numeric")
    for itemid, label, category, _k in cat.PROCEDURE_ITEMS:
        put(itemid, label, label, "procedureevents", category, None, "Process")
    for itemid, label, category in cat.DATETIME_ITEMS:
        put(itemid, label, label, "datetimeevents", category, "Date", "Date and time")
    for r in reference_items():
        if r["table"] == "labevents" or not r["itemid"].isdigit() or "?" in r["label"]:
            continue
        ptype = r["param_type"] if r["param_type"] in ("Numeric", "Text", "Solution", "Process") else "Numeric"
        put(int(r["itemid"]), r["label"], r["label"], r["table"], r["fluid_or_category"] or "General",
            _clean_unit(r["unit"]), ptype)
    # filler: site-specific nursing documentation items, as MetaVision has hundreds of them
    for itemid, label, abbr, category, _kind in _filler_chart_items():
        if len(rows) >= 4095:
            break
        put(itemid, label, abbr, "chartevents", category, None, "Text")
    ids = sorted(rows)
    cols = list(zip(*[rows[k] for k in ids], strict=True))
    return pl.DataFrame({
        "itemid": ids, "label": list(cols[0]), "abbreviation": list(cols[1]), "linksto": list(cols[2]),
        "category": list(cols[3]), "unitname": pl.Series(cols[4], dtype=pl.String), "param_type": list(cols[5]),
        "lownormalvalue": pl.Series(cols[6], dtype=pl.Float64), "highnormalvalue": pl.Series(cols[7], dtype=pl.Float64),
    })


# ---------------------------------------------------------------------------------------------- ICD codes


def _icd_dictionary(kind: str) -> pl.DataFrame:
    """Every code of ICD-9-CM and ICD-10-CM (or -PCS) with the code system's official long title."""
    frames = []
    for version in (9, 10):
        cs = codes.code_set(kind, version)
        frames.append(pl.DataFrame({"icd_code": list(cs.codes), "icd_version": [version] * len(cs.codes),
                                    "long_title": list(cs.titles)}))
    return pl.concat(frames)


def d_icd_diagnoses() -> pl.DataFrame:
    return _icd_dictionary("dx")


def d_icd_procedures() -> pl.DataFrame:
    return _icd_dictionary("px")


_CPT_SITES = ("skin", "scalp", "neck", "chest wall", "abdomen", "back", "arm", "forearm", "hand", "finger", "thigh",
              "leg", "ankle", "foot", "toe", "knee", "hip", "shoulder", "elbow", "wrist")
_CPT_ACTIONS = (("Excision, benign lesion", "Exc b9 les"), ("Repair, simple wound", "Rpr smp wnd"),
                ("Incision and drainage, abscess", "I&d abscess"), ("Biopsy, soft tissue", "Bx soft tiss"),
                ("Arthrocentesis, aspiration and/or injection", "Drain/inj joint"), ("Radiologic examination", "X-ray exam"),
                ("Computed tomography, without contrast material", "Ct w/o dye"), ("Magnetic resonance imaging", "Mri"),
                ("Ultrasound, complete", "Us complete"), ("Application of cast", "Apply cast"),
                ("Removal of foreign body", "Remove foreign body"), ("Debridement, subcutaneous tissue", "Deb subq tissue"),
                ("Injection, anesthetic agent", "Inj anesth agent"), ("Fine needle aspiration", "Fna"),
                ("Closed treatment of fracture", "Clsd tx fx"), ("Open treatment of fracture", "Open tx fx"),
                ("Tendon repair", "Repair tendon"), ("Nerve block injection", "Nerve block inj"),
                ("Angiography, selective", "Angiography"), ("Doppler study, arterial", "Doppler arterial"))


def d_hcpcs() -> pl.DataFrame:
    rows: dict[str, tuple[int, str, str]] = {code: (catg, long, short) for code, catg, long, short in cat.HCPCS_USED}
    n = 10040
    for long_a, short_a in _CPT_ACTIONS:
        for site in _CPT_SITES:
            for size in ("", "; up to 2.0 cm", "; 2.1 to 4.0 cm", "; over 4.0 cm", ", bilateral", ", each additional"):
                code = f"{n:05d}"
                n += 7
                rows.setdefault(code, (1, f"{long_a}, {site}{size}", f"{short_a} {site}"[:30]))
    for i in range(1, 400):
        rows.setdefault(f"J{i * 7 % 10000:04d}", (2, f"Injection, drug code {i * 7 % 10000:04d}, per unit", "Injection drug"))
    keys = sorted(rows)
    return pl.DataFrame({"code": keys, "category": [rows[k][0] for k in keys], "long_description": [rows[k][1] for k in keys],
                         "short_description": [rows[k][2][:180] for k in keys]})


# --------------------------------------------------------------------------------------- id pools

_ALNUM = np.array(list("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"))


def provider_ids(seed: int, n: int = 2500) -> np.ndarray:
    """'P' + 5 alphanumerics, unique, deterministic in the seed."""
    rng = np.random.default_rng([seed, 999_001])
    out: list[str] = []
    seen: set[str] = set()
    while len(out) < n:
        chars = _ALNUM[rng.integers(0, len(_ALNUM), (n, 5))]
        for row in chars:
            pid = "P" + "".join(row)
            if pid not in seen:
                seen.add(pid)
                out.append(pid)
                if len(out) == n:
                    break
    return np.array(out, dtype=object)


def caregiver_ids(seed: int, n: int = 2000) -> np.ndarray:
    rng = np.random.default_rng([seed, 999_002])
    return np.sort(rng.choice(np.arange(1000, 100_000), n, replace=False)).astype(np.int64)
