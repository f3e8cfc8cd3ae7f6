"""Dictionary tables (d_labitems, d_items, d_icd_diagnoses, d_icd_procedures, d_hcpcs) and the provider /
caregiver id pools.

Every code or item the generator uses is listed with its real title/label. Around them sit thousands of
systematically generated, MIMIC-looking rows nobody in the cohort has: the raw material for record-level noise
("a lab item that exists but was never measured").
"""

from functools import cache

import numpy as np
import polars as pl

from pipeline.ehr.synth import catalog as cat
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
    ids = {it.itemid for it in cat.CHART_ITEMS} | {cat.WEIGHT_ITEM.itemid, cat.HEIGHT_ITEM.itemid}
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


def d_items() -> pl.DataFrame:
    rows: dict[int, tuple] = {}

    def put(itemid: int, label: str, abbr: str, linksto: str, category: str, unit: str | None, ptype: str,
            lo: float | None = None, hi: float | None = None) -> None:
        rows.setdefault(itemid, (label, abbr, linksto, category, unit, ptype, lo, hi))

    for it in (*cat.CHART_ITEMS, cat.WEIGHT_ITEM, cat.HEIGHT_ITEM):
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
    i = 229700
    for kind, category in _ITEM_KINDS:
        for site in _ITEM_SITES:
            for idx in _ITEM_INDEX:
                if len(rows) >= 4095:
                    break
                while i in rows:
                    i += 1
                label = f"{kind} {idx} - {site}"
                put(i, label, f"{kind[:12]} {idx} {site[:8]}", "chartevents", category, None, "Text")
                i += 1
    ids = sorted(rows)
    cols = list(zip(*[rows[k] for k in ids], strict=True))
    return pl.DataFrame({
        "itemid": ids, "label": list(cols[0]), "abbreviation": list(cols[1]), "linksto": list(cols[2]),
        "category": list(cols[3]), "unitname": pl.Series(cols[4], dtype=pl.String), "param_type": list(cols[5]),
        "lownormalvalue": pl.Series(cols[6], dtype=pl.Float64), "highnormalvalue": pl.Series(cols[7], dtype=pl.Float64),
    })


# ---------------------------------------------------------------------------------------------- ICD codes
_ICD10_CATS = (
    ("A04", "Other bacterial intestinal infections"), ("A08", "Viral and other specified intestinal infections"),
    ("B18", "Chronic viral hepatitis"), ("C18", "Malignant neoplasm of colon"), ("C34", "Malignant neoplasm of bronchus and lung"),
    ("C50", "Malignant neoplasm of breast"), ("C61", "Malignant neoplasm of prostate"), ("C78", "Secondary malignant neoplasm of respiratory and digestive organs"),
    ("D47", "Other neoplasms of uncertain behavior of lymphoid, hematopoietic and related tissue"), ("D68", "Other coagulation defects"),
    ("E10", "Type 1 diabetes mellitus"), ("E11", "Type 2 diabetes mellitus"), ("E83", "Disorders of mineral metabolism"),
    ("E87", "Other disorders of fluid, electrolyte and acid-base balance"), ("F10", "Alcohol related disorders"),
    ("F11", "Opioid related disorders"), ("F20", "Schizophrenia"), ("F31", "Bipolar disorder"), ("F33", "Major depressive disorder, recurrent"),
    ("G20", "Parkinson's disease"), ("G30", "Alzheimer's disease"), ("G40", "Epilepsy and recurrent seizures"),
    ("G62", "Other and unspecified polyneuropathies"), ("H40", "Glaucoma"), ("I11", "Hypertensive heart disease"),
    ("I12", "Hypertensive chronic kidney disease"), ("I13", "Hypertensive heart and chronic kidney disease"),
    ("I21", "Acute myocardial infarction"), ("I26", "Pulmonary embolism"), ("I35", "Nonrheumatic aortic valve disorders"),
    ("I42", "Cardiomyopathy"), ("I44", "Atrioventricular and left bundle-branch block"), ("I47", "Paroxysmal tachycardia"),
    ("I48", "Atrial fibrillation and flutter"), ("I50", "Heart failure"), ("I61", "Nontraumatic intracerebral hemorrhage"),
    ("I63", "Cerebral infarction"), ("I70", "Atherosclerosis"), ("I71", "Aortic aneurysm and dissection"),
    ("I82", "Other venous embolism and thrombosis"), ("J18", "Pneumonia, unspecified organism"),
    ("J44", "Other chronic obstructive pulmonary disease"), ("J45", "Asthma"), ("J96", "Respiratory failure, not elsewhere classified"),
    ("K25", "Gastric ulcer"), ("K26", "Duodenal ulcer"), ("K35", "Acute appendicitis"), ("K40", "Inguinal hernia"),
    ("K50", "Crohn's disease [regional enteritis]"), ("K51", "Ulcerative colitis"), ("K56", "Paralytic ileus and intestinal obstruction without hernia"),
    ("K57", "Diverticular disease of intestine"), ("K70", "Alcoholic liver disease"), ("K74", "Fibrosis and cirrhosis of liver"),
    ("K80", "Cholelithiasis"), ("K85", "Acute pancreatitis"), ("L89", "Pressure ulcer"), ("M17", "Osteoarthritis of knee"),
    ("M48", "Other spondylopathies"), ("M80", "Osteoporosis with current pathological fracture"), ("N13", "Obstructive and reflux uropathy"),
    ("N18", "Chronic kidney disease (CKD)"), ("N20", "Calculus of kidney and ureter"), ("N30", "Cystitis"),
    ("O99", "Other maternal diseases classifiable elsewhere but complicating pregnancy, childbirth and the puerperium"),
    ("R00", "Abnormalities of heart beat"), ("R10", "Abdominal and pelvic pain"), ("R26", "Abnormalities of gait and mobility"),
    ("R41", "Other symptoms and signs involving cognitive functions and awareness"), ("R65", "Symptoms and signs specifically associated with systemic inflammation and infection"),
    ("S06", "Intracranial injury"), ("S22", "Fracture of rib(s), sternum and thoracic spine"), ("S32", "Fracture of lumbar spine and pelvis"),
    ("S72", "Fracture of femur"), ("S82", "Fracture of lower leg, including ankle"), ("T81", "Complications of procedures, not elsewhere classified"),
    ("T82", "Complications of cardiac and vascular prosthetic devices, implants and grafts"), ("T84", "Complications of internal orthopedic prosthetic devices, implants and grafts"),
    ("W01", "Fall on same level from slipping, tripping and stumbling"), ("W19", "Unspecified fall"), ("Z85", "Personal history of malignant neoplasm"),
    ("Z86", "Personal history of certain other diseases"), ("Z87", "Personal history of other diseases and conditions"),
    ("Z95", "Presence of cardiac and vascular implants and grafts"), ("Z96", "Presence of other functional implants"),
)
_ICD9_CATS = (
    ("008", "Intestinal infections due to other organisms"), ("038", "Septicemia"), ("070", "Viral hepatitis"),
    ("153", "Malignant neoplasm of colon"), ("162", "Malignant neoplasm of trachea, bronchus, and lung"),
    ("174", "Malignant neoplasm of female breast"), ("197", "Secondary malignant neoplasm of respiratory and digestive systems"),
    ("250", "Diabetes mellitus"), ("276", "Disorders of fluid, electrolyte, and acid-base balance"), ("280", "Iron deficiency anemias"),
    ("285", "Other and unspecified anemias"), ("286", "Coagulation defects"), ("287", "Purpura and other hemorrhagic conditions"),
    ("291", "Alcohol-induced mental disorders"), ("296", "Episodic mood disorders"), ("303", "Alcohol dependence syndrome"),
    ("304", "Drug dependence"), ("331", "Other cerebral degenerations"), ("345", "Epilepsy and recurrent seizures"),
    ("357", "Inflammatory and toxic neuropathy"), ("365", "Glaucoma"), ("401", "Essential hypertension"),
    ("403", "Hypertensive chronic kidney disease"), ("404", "Hypertensive heart and chronic kidney disease"),
    ("410", "Acute myocardial infarction"), ("414", "Other forms of chronic ischemic heart disease"), ("415", "Acute pulmonary heart disease"),
    ("424", "Other diseases of endocardium"), ("425", "Cardiomyopathy"), ("426", "Conduction disorders"), ("427", "Cardiac dysrhythmias"),
    ("428", "Heart failure"), ("431", "Intracerebral hemorrhage"), ("433", "Occlusion and stenosis of precerebral arteries"),
    ("434", "Occlusion of cerebral arteries"), ("440", "Atherosclerosis"), ("441", "Aortic aneurysm and dissection"),
    ("453", "Other venous embolism and thrombosis"), ("482", "Other bacterial pneumonia"), ("491", "Chronic bronchitis"),
    ("493", "Asthma"), ("507", "Pneumonitis due to solids and liquids"), ("518", "Other diseases of lung"),
    ("531", "Gastric ulcer"), ("532", "Duodenal ulcer"), ("540", "Acute appendicitis"), ("550", "Inguinal hernia"),
    ("555", "Regional enteritis"), ("556", "Ulcerative colitis"), ("560", "Intestinal obstruction without mention of hernia"),
    ("562", "Diverticula of intestine"), ("571", "Chronic liver disease and cirrhosis"), ("574", "Cholelithiasis"),
    ("577", "Diseases of pancreas"), ("584", "Acute kidney failure"), ("585", "Chronic kidney disease (CKD)"),
    ("592", "Calculus of kidney and ureter"), ("595", "Cystitis"), ("599", "Other disorders of urethra and urinary tract"),
    ("707", "Chronic ulcer of skin"), ("715", "Osteoarthrosis and allied disorders"), ("721", "Spondylosis and allied disorders"),
    ("733", "Other disorders of bone and cartilage"), ("780", "General symptoms"), ("785", "Symptoms involving cardiovascular system"),
    ("786", "Symptoms involving respiratory system and other chest symptoms"), ("789", "Other symptoms involving abdomen and pelvis"),
    ("799", "Other ill-defined and unknown causes of morbidity and mortality"), ("805", "Fracture of vertebral column without mention of spinal cord injury"),
    ("807", "Fracture of rib(s), sternum, larynx, and trachea"), ("820", "Fracture of neck of femur"), ("824", "Fracture of ankle"),
    ("852", "Subarachnoid, subdural, and extradural hemorrhage, following injury"), ("996", "Complications peculiar to certain specified procedures"),
    ("997", "Complications affecting specified body systems, not elsewhere classified"), ("998", "Other complications of procedures, not elsewhere classified"),
    ("V10", "Personal history of malignant neoplasm"), ("V12", "Personal history of certain other diseases"),
    ("V15", "Other personal history presenting hazards to health"), ("V45", "Other postprocedural states"),
    ("V58", "Encounter for other and unspecified procedures and aftercare"), ("E878", "Surgical operation and other surgical procedures as the cause of abnormal reaction of patient"),
    ("E888", "Other and unspecified fall"),
)
_Q1 = ("unspecified", "with complication", "without complication", "right side", "left side", "bilateral", "acute",
       "chronic", "recurrent", "other specified")
_Q2 = ("initial encounter", "subsequent encounter", "sequela", "with hemorrhage", "without hemorrhage")


def _systematic_dx(cats: tuple[tuple[str, str], ...], version: int, used: set[tuple[str, int]]) -> list[tuple[str, int, str]]:
    out = []
    for code, title in cats:
        for d, q in enumerate(_Q1):
            c1 = f"{code}{d}"
            if (c1, version) not in used:
                out.append((c1, version, f"{title}, {q}"))
            if version == 10 or len(code) == 3:
                for e, q2 in enumerate(_Q2):
                    c2 = f"{c1}{e}"
                    if (c2, version) not in used and len(c2) <= 7:
                        out.append((c2, version, f"{title}, {q}, {q2}"))
    return out


def d_icd_diagnoses() -> pl.DataFrame:
    rows: dict[tuple[str, int], str] = {}
    for cond in cat.CONDITIONS:
        for code, title in cond.icd9:
            rows[(code, 9)] = title
        for code, title in cond.icd10:
            rows[(code, 10)] = title
    for code, title in cat.FILLER_DX9:
        rows[(code, 9)] = title
    for code, title in cat.FILLER_DX10:
        rows[(code, 10)] = title
    used = set(rows)
    for code, version, title in _systematic_dx(_ICD9_CATS, 9, used) + _systematic_dx(_ICD10_CATS, 10, used):
        rows.setdefault((code, version), title)
    keys = sorted(rows, key=lambda k: (k[1], k[0]))
    return pl.DataFrame({"icd_code": [k[0] for k in keys], "icd_version": [k[1] for k in keys],
                         "long_title": [rows[k][:255] for k in keys]})


_PCS_SYSTEMS = {
    "D": ("Gastrointestinal", (("5", "Esophagus"), ("6", "Stomach"), ("8", "Small Intestine"), ("9", "Duodenum"),
                               ("A", "Jejunum"), ("B", "Ileum"), ("E", "Large Intestine"), ("J", "Appendix"),
                               ("N", "Sigmoid Colon"), ("P", "Rectum"))),
    "F": ("Hepatobiliary", (("0", "Liver"), ("4", "Gallbladder"), ("9", "Common Bile Duct"), ("G", "Pancreas"))),
    "B": ("Respiratory", (("1", "Trachea"), ("3", "Right Main Bronchus"), ("7", "Left Main Bronchus"),
                          ("C", "Right Upper Lung Lobe"), ("J", "Left Lower Lung Lobe"))),
    "T": ("Urinary", (("0", "Right Kidney"), ("1", "Left Kidney"), ("B", "Bladder"), ("D", "Urethra"))),
    "H": ("Skin", (("0", "Scalp Skin"), ("6", "Back Skin"), ("7", "Abdomen Skin"), ("M", "Right Foot Skin"))),
}
_PCS_OPS = (("B", "Excision of"), ("C", "Extirpation of Matter from"), ("J", "Inspection of"), ("Q", "Repair"),
            ("T", "Resection of"), ("9", "Drainage of"), ("N", "Release"), ("5", "Destruction of"), ("8", "Division of"),
            ("M", "Reattachment of"))
_PCS_APPROACH = (("0", "Open Approach"), ("3", "Percutaneous Approach"), ("4", "Percutaneous Endoscopic Approach"),
                 ("7", "Via Natural or Artificial Opening"), ("8", "Via Natural or Artificial Opening Endoscopic"))
_ICD9_PX_ORGANS = ("esophagus", "stomach", "small intestine", "large intestine", "rectum", "anus", "liver", "gallbladder",
                   "pancreas", "kidney", "ureter", "bladder", "urethra", "prostate", "lung", "bronchus", "trachea", "pleura",
                   "heart", "pericardium", "aorta", "vein", "artery", "skin", "breast", "bone", "joint", "muscle", "tendon",
                   "spinal cord", "brain", "thyroid", "lymph node", "spleen", "ovary", "uterus")
_ICD9_PX_OPS = ("Incision of", "Excision of lesion of", "Biopsy of", "Repair of", "Diagnostic procedures on",
                "Other operations on", "Destruction of lesion of", "Closed biopsy of", "Local excision of", "Suture of laceration of")


def d_icd_procedures() -> pl.DataFrame:
    rows: dict[tuple[str, int], str] = {}
    for cond in cat.CONDITIONS:
        for code, title in cond.procedures9:
            rows[(code, 9)] = title
        for code, title in cond.procedures10:
            rows[(code, 10)] = title
    for pool, v in ((cat.FILLER_PX9, 9), (cat.FILLER_PX10, 10), (cat.VENT_PX9, 9), (cat.VENT_PX10, 10)):
        for code, title in pool:
            rows[(code, v)] = title
    for sys_code, (_name, parts) in _PCS_SYSTEMS.items():
        for op_code, op in _PCS_OPS:
            for part_code, part in parts:
                for ap_code, ap in _PCS_APPROACH:
                    for qual, qtitle in (("Z", ""), ("X", ", Diagnostic")):
                        code = f"0{sys_code}{op_code}{part_code}{ap_code}Z{qual}"
                        rows.setdefault((code, 10), f"{op} {part}, {ap}{qtitle}")
    for oi, organ in enumerate(_ICD9_PX_ORGANS):
        for pi, op in enumerate(_ICD9_PX_OPS):
            for v, vt in enumerate(("", ", unspecified", ", other")):
                code = f"{(oi + 30) % 100:02d}{pi}{v}"
                rows.setdefault((code, 9), f"{op} {organ}{vt}")
    keys = sorted(rows, key=lambda k: (k[1], k[0]))
    return pl.DataFrame({"icd_code": [k[0] for k in keys], "icd_version": [k[1] for k in keys],
                         "long_title": [rows[k][:222] for k in keys]})


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
