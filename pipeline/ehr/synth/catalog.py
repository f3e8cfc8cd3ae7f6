"""Clinical knowledge the generator draws from, kept in one readable place.

Conditions drive everything else: each admission gets a set of conditions, and the conditions choose its ICD
codes, lab abnormalities, drugs, cultures, procedures, DRG and ICU probability. Codes are real ICD-9-CM /
ICD-10-CM / ICD-10-PCS entries (their titles in the EHR come from the official code systems, codes.py; the titles
written here are for the reader); lab and ICU itemids, labels and units come from reference/mimic_iv_items.tsv (a
few well-known extras are marked in comments). Around this condition-driven core sit long tails of real codes,
tests, documentation items, drugs (reference/drugs_tail.tsv) and organisms, so the record has a hospital's breadth.
"""

from dataclasses import dataclass, field

from pipeline.paths import REFERENCE_DIR

# --------------------------------------------------------------------------------------------- conditions


@dataclass(frozen=True)
class Condition:
    name: str
    prevalence: float  # per admission, before correlations
    icd9: tuple[tuple[str, str], ...]  # (code, long title)
    icd10: tuple[tuple[str, str], ...]
    acute: bool = False  # eligible as the principal diagnosis
    priority: int = 99  # lower = coded first when several acute conditions are present
    icu_p: float = 0.0  # probability of an ICU stay this condition adds
    death_p: float = 0.0  # in-hospital death probability this condition adds
    drg_hcfa: tuple[str, str] | None = None
    drg_apr: tuple[str, str] | None = None
    service: str = "MED"
    procedures9: tuple[tuple[str, str], ...] = ()
    procedures10: tuple[tuple[str, str], ...] = ()
    procedure_p: float = 0.0


CONDITIONS: tuple[Condition, ...] = (
    Condition("sepsis", 0.07, (("0389", "Unspecified septicemia"), ("99591", "Sepsis")),
              (("A419", "Sepsis, unspecified organism"),), True, 1, 0.55, 0.12,
              ("871", "SEPTICEMIA OR SEVERE SEPSIS W/O MV >96 HOURS W MCC"), ("720", "SEPTICEMIA & DISSEMINATED INFECTIONS"),
              "MED", (("3893", "Venous catheterization, not elsewhere classified"),),
              (("02HV33Z", "Insertion of Infusion Device into Superior Vena Cava, Percutaneous Approach"),), 0.5),
    Condition("mi", 0.035, (("41071", "Subendocardial infarction, initial episode of care"),),
              (("I214", "Non-ST elevation (NSTEMI) myocardial infarction"),), True, 2, 0.45, 0.05,
              ("280", "ACUTE MYOCARDIAL INFARCTION, DISCHARGED ALIVE W MCC"), ("190", "ACUTE MYOCARDIAL INFARCTION"),
              "CMED", (("3722", "Left heart cardiac catheterization"),
                       ("0066", "Percutaneous transluminal coronary angioplasty [PTCA]")),
              (("4A023N7", "Measurement of Cardiac Sampling and Pressure, Left Heart, Percutaneous Approach"),
               ("027034Z", "Dilation of Coronary Artery, One Artery with Drug-eluting Intraluminal Device, Percutaneous Approach")), 0.8),
    Condition("stroke", 0.03, (("43491", "Cerebral artery occlusion, unspecified with cerebral infarction"),),
              (("I639", "Cerebral infarction, unspecified"),), True, 3, 0.45, 0.07,
              ("065", "INTRACRANIAL HEMORRHAGE OR CEREBRAL INFARCTION W CC OR TPA IN 24 HRS"),
              ("045", "CVA & PRECEREBRAL OCCLUSION W INFARCT"), "NMED"),
    Condition("gi_bleed", 0.04, (("5789", "Hemorrhage of gastrointestinal tract, unspecified"),
                                 ("2851", "Acute posthemorrhagic anemia")),
              (("K922", "Gastrointestinal hemorrhage, unspecified"), ("D62", "Acute posthemorrhagic anemia")),
              True, 4, 0.3, 0.03, ("377", "G.I. HEMORRHAGE W MCC"), ("253", "OTHER & UNSPECIFIED GASTROINTESTINAL HEMORRHAGE"),
              "MED", (("4513", "Other endoscopy of small intestine"), ("9904", "Transfusion of packed cells")),
              (("0DJ08ZZ", "Inspection of Upper Intestinal Tract, Via Natural or Artificial Opening Endoscopic"),
               ("30233N1", "Transfusion of Nonautologous Red Blood Cells into Peripheral Vein, Percutaneous Approach")), 0.9),
    Condition("heart_failure", 0.11, (("4280", "Congestive heart failure, unspecified"),),
              (("I509", "Heart failure, unspecified"),), True, 5, 0.15, 0.03,
              ("291", "HEART FAILURE & SHOCK W MCC"), ("194", "HEART FAILURE"), "CMED",
              (("8872", "Diagnostic ultrasound of heart"),), (("B246ZZZ", "Ultrasonography of Right and Left Heart"),), 0.3),
    Condition("pneumonia", 0.08, (("486", "Pneumonia, organism unspecified"),),
              (("J189", "Pneumonia, unspecified organism"),), True, 6, 0.2, 0.04,
              ("193", "SIMPLE PNEUMONIA & PLEURISY W MCC"), ("139", "OTHER PNEUMONIA")),
    Condition("aki", 0.11, (("5849", "Acute kidney failure, unspecified"),),
              (("N179", "Acute kidney failure, unspecified"),), True, 7, 0.12, 0.03,
              ("682", "RENAL FAILURE W MCC"), ("460", "RENAL FAILURE"), "MED",
              (("3995", "Hemodialysis"),),
              (("5A1D70Z", "Performance of Urinary Filtration, Intermittent, Less than 6 Hours Per Day"),), 0.15),
    Condition("copd", 0.08, (("496", "Chronic airway obstruction, not elsewhere classified"),),
              (("J449", "Chronic obstructive pulmonary disease, unspecified"),), True, 8, 0.08, 0.01,
              ("190", "CHRONIC OBSTRUCTIVE PULMONARY DISEASE W MCC"), ("140", "CHRONIC OBSTRUCTIVE PULMONARY DISEASE")),
    Condition("cirrhosis", 0.03, (("5715", "Cirrhosis of liver without mention of alcohol"),),
              (("K7460", "Unspecified cirrhosis of liver"),), True, 9, 0.15, 0.04,
              ("432", "CIRRHOSIS & ALCOHOLIC HEPATITIS W MCC"), ("280", "CIRRHOSIS & ALCOHOLIC HEPATITIS"), "MED",
              (("5491", "Percutaneous abdominal drainage"),), (("0W9G3ZZ", "Drainage of Peritoneal Cavity, Percutaneous Approach"),), 0.5),
    Condition("afib", 0.13, (("42731", "Atrial fibrillation"),), (("I4891", "Unspecified atrial fibrillation"),),
              True, 10, 0.06, 0.01, ("309", "CARDIAC ARRHYTHMIA & CONDUCTION DISORDERS W CC"),
              ("201", "CARDIAC ARRHYTHMIA & CONDUCTION DISORDERS"), "CMED"),
    Condition("uti", 0.07, (("5990", "Urinary tract infection, site not specified"),),
              (("N390", "Urinary tract infection, site not specified"),), True, 11, 0.03, 0.005,
              ("690", "KIDNEY & URINARY TRACT INFECTIONS W/O MCC"), ("463", "KIDNEY & URINARY TRACT INFECTIONS")),
    Condition("hyperkalemia", 0.05, (("2767", "Hyperpotassemia"),), (("E875", "Hyperkalemia"),), True, 12, 0.1, 0.01,
              ("640", "MISC DISORDERS OF NUTRITION,METABOLISM,FLUIDS/ELECTROLYTES W MCC"),
              ("422", "HYPOVOLEMIA & RELATED ELECTROLYTE DISORDERS")),
    Condition("hyponatremia", 0.06, (("2761", "Hyposmolality and/or hyponatremia"),),
              (("E871", "Hypo-osmolality and hyponatremia"),), True, 13, 0.05, 0.005,
              ("640", "MISC DISORDERS OF NUTRITION,METABOLISM,FLUIDS/ELECTROLYTES W MCC"),
              ("422", "HYPOVOLEMIA & RELATED ELECTROLYTE DISORDERS")),
    Condition("anemia", 0.12, (("2859", "Anemia, unspecified"),), (("D649", "Anemia, unspecified"),), False, 50,
              procedures9=(("9904", "Transfusion of packed cells"),),
              procedures10=(("30233N1", "Transfusion of Nonautologous Red Blood Cells into Peripheral Vein, Percutaneous Approach"),),
              procedure_p=0.4),
    Condition("t2dm", 0.22, (("25000", "Diabetes mellitus without mention of complication, type II or unspecified type, not stated as uncontrolled"),),
              (("E119", "Type 2 diabetes mellitus without complications"),), False, 51,
              drg_hcfa=("638", "DIABETES W CC"), drg_apr=("420", "DIABETES")),
    Condition("hypertension", 0.35, (("4019", "Unspecified essential hypertension"),),
              (("I10", "Essential (primary) hypertension"),), False, 52),
    Condition("hyperlipidemia", 0.25, (("2724", "Other and unspecified hyperlipidemia"),),
              (("E785", "Hyperlipidemia, unspecified"),), False, 53),
    Condition("cad", 0.15, (("41401", "Coronary atherosclerosis of native coronary artery"),),
              (("I2510", "Atherosclerotic heart disease of native coronary artery without angina pectoris"),), False, 54),
    Condition("ckd", 0.1, (("5859", "Chronic kidney disease, unspecified"),), (("N189", "Chronic kidney disease, unspecified"),),
              False, 55),
    Condition("depression", 0.12, (("311", "Depressive disorder, not elsewhere classified"),),
              (("F329", "Major depressive disorder, single episode, unspecified"),), False, 56),
    Condition("gerd", 0.15, (("53081", "Esophageal reflux"),), (("K219", "Gastro-esophageal reflux disease without esophagitis"),),
              False, 57),
    Condition("hypothyroidism", 0.08, (("2449", "Unspecified acquired hypothyroidism"),),
              (("E039", "Hypothyroidism, unspecified"),), False, 58),
    Condition("obesity", 0.06, (("27800", "Obesity, unspecified"),), (("E669", "Obesity, unspecified"),), False, 59),
    Condition("tobacco", 0.1, (("3051", "Tobacco use disorder"),), (("F17210", "Nicotine dependence, cigarettes, uncomplicated"),),
              False, 60),
    # "reasons for admission": one is forced when an admission has no acute condition
    Condition("chest_pain", 0.0, (("78650", "Chest pain, unspecified"),), (("R079", "Chest pain, unspecified"),), True, 20,
              drg_hcfa=("313", "CHEST PAIN"), drg_apr=("203", "CHEST PAIN"), service="CMED"),
    Condition("syncope", 0.0, (("7802", "Syncope and collapse"),), (("R55", "Syncope and collapse"),), True, 21,
              drg_hcfa=("312", "SYNCOPE & COLLAPSE"), drg_apr=("204", "SYNCOPE & COLLAPSE")),
    Condition("cellulitis", 0.0, (("6826", "Cellulitis and abscess of leg, except foot"),),
              (("L03119", "Cellulitis of unspecified part of limb"),), True, 22,
              drg_hcfa=("603", "CELLULITIS W/O MCC"), drg_apr=("383", "CELLULITIS & OTHER SKIN INFECTIONS")),
    Condition("knee_replacement", 0.0, (("71536", "Osteoarthrosis, localized, not specified whether primary or secondary, lower leg"),),
              (("M1711", "Unilateral primary osteoarthritis, right knee"),), True, 23,
              drg_hcfa=("470", "MAJOR JOINT REPLACEMENT OR REATTACHMENT OF LOWER EXTREMITY W/O MCC"),
              drg_apr=("302", "KNEE JOINT REPLACEMENT"), service="ORTHO",
              procedures9=(("8154", "Total knee replacement"),),
              procedures10=(("0SRC0J9", "Replacement of Right Knee Joint with Synthetic Substitute, Cemented, Open Approach"),),
              procedure_p=1.0),
    Condition("alcohol_withdrawal", 0.0, (("29181", "Alcohol withdrawal"),),
              (("F10239", "Alcohol dependence with withdrawal, unspecified"),), True, 24,
              drg_hcfa=("897", "ALCOHOL/DRUG ABUSE OR DEPENDENCE W/O REHABILITATION THERAPY W/O MCC"),
              drg_apr=("775", "ALCOHOL ABUSE & DEPENDENCE"), service="MED"),
    Condition("cholecystitis", 0.0, (("57410", "Calculus of gallbladder with other cholecystitis, without mention of obstruction"),),
              (("K8010", "Calculus of gallbladder with chronic cholecystitis without obstruction"),), True, 25,
              drg_hcfa=("419", "LAPAROSCOPIC CHOLECYSTECTOMY W/O C.D.E. W/O CC/MCC"),
              drg_apr=("263", "LAPAROSCOPIC CHOLECYSTECTOMY"), service="SURG",
              procedures9=(("5123", "Laparoscopic cholecystectomy"),),
              procedures10=(("0FT44ZZ", "Resection of Gallbladder, Percutaneous Endoscopic Approach"),), procedure_p=1.0),
    # planned open-heart surgery (aortic valve replacement): the Cardiac Vascular ICU's own patients
    Condition("cardiac_surgery", 0.0, (("4241", "Aortic valve disorders"),), (("I350", "Nonrheumatic aortic (valve) stenosis"),),
              True, 26, icu_p=0.95, death_p=0.02,
              drg_hcfa=("220", "CARDIAC VALVE & OTH MAJ CARDIOTHORACIC PROC W/O CARD CATH W CC"),
              drg_apr=("163", "CARDIAC VALVE PROCEDURES W/O AMI OR COMPLEX PDX"), service="CSURG",
              procedures9=(("3522", "Open and other replacement of aortic valve"),
                           ("3961", "Extracorporeal circulation auxiliary to open heart surgery")),
              procedures10=(("02RF0JZ", "Replacement of Aortic Valve with Synthetic Substitute, Open Approach"),),
              procedure_p=1.0),
)
COND_INDEX = {c.name: i for i, c in enumerate(CONDITIONS)}
REASON_CONDITIONS = ("chest_pain", "syncope", "cellulitis", "knee_replacement", "alcohol_withdrawal", "cholecystitis",
                     "cardiac_surgery")
# by age at admission: valve surgery for degenerative aortic stenosis (a disease of the elderly) from 65, alcohol
# withdrawal mostly before 65, knee replacement twice as often after 65
REASON_WEIGHTS_UNDER_65 = (0.3, 0.15, 0.17, 0.1, 0.15, 0.15, 0.0)
REASON_WEIGHTS_65_AND_OVER = (0.25, 0.15, 0.1, 0.2, 0.03, 0.12, 0.6)
# the usual comorbidities of patients sent for valve surgery: P(condition | cardiac surgery) raised to at least this
CARDIAC_SURGERY_COMORBIDITY = (("hypertension", 0.75), ("hyperlipidemia", 0.6), ("cad", 0.5))

# ------------------------------------------------------------------------------------ why the admission happens
# The reason for an admission (its principal diagnosis) decides how the patient arrives (admission type and location)
# and which ICU takes them, as in MIMIC-IV: elective and same-day admissions are planned procedures, never sepsis,
# stroke or infarction; transfers from other hospitals are the sicker patients; the CVICU's patients are cardiac
# surgery, the CCU's infarction and heart failure, the Neuro SICU's stroke, the TSICU's trauma.
REASON_CLASSES = ("severe", "medical", "low_acuity", "planned", "other")
CONDITION_REASON_CLASS = {"sepsis": "severe", "mi": "severe", "stroke": "severe", "gi_bleed": "severe",
                          "chest_pain": "low_acuity", "syncope": "low_acuity", "knee_replacement": "planned",
                          "cholecystitis": "planned", "cardiac_surgery": "planned"}  # every other condition: medical
# long-tail principals (ICD-10-CM prefixes, first match wins; the rest are "other": mostly emergencies, sometimes
# planned, such as a diverticulitis resection or a fistula for dialysis)
TAIL_REASON_PREFIXES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("severe", ("A40", "A41", "I21", "I22", "I26", "I60", "I61", "I62", "I63", "I71", "J80", "J96", "K55", "K65",
                "K92", "R57", "E100", "E101", "E110", "E111", "G41", "S", "T")),
    ("planned", ("C", "D0", "D1", "D2", "D3", "E66", "I34", "I35", "I65", "I70", "K40", "K41", "K42", "K43", "K80",
                 "M16", "M17", "M48", "M51", "N40", "N81")),
    ("low_acuity", ("R",)),
)
# admission type weights per reason class, in ADMISSION_TYPES order (EW EMER., EU OBSERVATION, OBSERVATION ADMIT,
# URGENT, SURGICAL SAME DAY ADMISSION, DIRECT EMER., DIRECT OBSERVATION, ELECTIVE, AMBULATORY OBSERVATION)
ADMISSION_TYPE_BY_REASON = {
    "severe": (0.70, 0, 0, 0.22, 0, 0.08, 0, 0, 0),
    "medical": (0.32, 0.31, 0.16, 0.05, 0, 0.03, 0.09, 0, 0.04),
    "low_acuity": (0.22, 0.38, 0.15, 0, 0, 0, 0.13, 0, 0.12),
    "planned": (0.04, 0, 0, 0.05, 0.55, 0, 0, 0.36, 0),
    "other": (0.30, 0.20, 0.10, 0.08, 0.16, 0.04, 0.03, 0.06, 0.03),
}
TRANSFER_IN_P = 0.6  # urgent / direct-emergency admissions of the sicker (severe reason or ICU) come from another hospital
DEFAULT_DRG = (("392", "ESOPHAGITIS, GASTROENT & MISC DIGEST DISORDERS W/O MCC"),
               ("249", "NON-BACTERIAL GASTROENTERITIS, NAUSEA & VOMITING"))

# correlations: P(child | parent) raised to at least this value
CORRELATIONS: tuple[tuple[str, str, float], ...] = (
    ("sepsis", "aki", 0.4), ("sepsis", "pneumonia", 0.3), ("sepsis", "uti", 0.25),
    ("heart_failure", "hypertension", 0.7), ("heart_failure", "afib", 0.35), ("heart_failure", "ckd", 0.35),
    ("t2dm", "hypertension", 0.6), ("t2dm", "hyperlipidemia", 0.55), ("t2dm", "obesity", 0.25),
    ("ckd", "hyperkalemia", 0.15), ("aki", "hyperkalemia", 0.2), ("ckd", "anemia", 0.35),
    ("gi_bleed", "anemia", 0.8), ("mi", "cad", 0.8), ("mi", "hyperlipidemia", 0.6), ("copd", "tobacco", 0.5),
    ("cirrhosis", "hyponatremia", 0.35), ("cirrhosis", "anemia", 0.4), ("cad", "hyperlipidemia", 0.6),
)
# chronic clustering added in generator 1.2.0 (same rule as CORRELATIONS, applied after them)
CLUSTERS: tuple[tuple[str, str, float], ...] = (
    ("t2dm", "ckd", 0.25), ("t2dm", "cad", 0.3), ("hypertension", "ckd", 0.06), ("ckd", "hypertension", 0.75),
    ("cad", "hypertension", 0.65), ("obesity", "t2dm", 0.3),
)

# Codes that record how severe an admission was, coded from the cohort's flags (never drawn at random, so they
# carry their meaning: septic shock and arrest die far more often, DNR and palliative care mostly at the end of life).
# flag -> ((ICD-9-CM code, title), (ICD-10-CM code, title))
OUTCOME_CODES: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "septic_shock": (("78552", "Septic shock"), ("R6521", "Severe sepsis with septic shock")),
    "arrest": (("4275", "Cardiac arrest"), ("I469", "Cardiac arrest, cause unspecified")),
    "dnr": (("V4986", "Do not resuscitate status"), ("Z66", "Do not resuscitate")),
    "palliative": (("V667", "Encounter for palliative care"), ("Z515", "Encounter for palliative care")),
}

# Comorbidity / status codes that pad each admission to MIMIC's ~11.7 diagnoses (real codes and titles).
FILLER_DX9: tuple[tuple[str, str], ...] = (
    ("V5861", "Long-term (current) use of anticoagulants"), ("V1582", "Personal history of tobacco use"),
    ("V5867", "Long-term (current) use of insulin"), ("V4581", "Aortocoronary bypass status"),
    ("32723", "Obstructive sleep apnea (adult)(pediatric)"), ("2749", "Gout, unspecified"),
    ("73300", "Osteoporosis, unspecified"),
    ("60000", "Hypertrophy (benign) of prostate without urinary obstruction and other lower urinary tract symptom (LUTS)"),
    ("30000", "Anxiety state, unspecified"), ("V1251", "Personal history of venous thrombosis and embolism"),
    ("V4582", "Percutaneous transluminal coronary angioplasty status"), ("V103", "Personal history of malignant neoplasm of breast"),
    ("V1046", "Personal history of malignant neoplasm of prostate"), ("412", "Old myocardial infarction"),
    ("4240", "Mitral valve disorders"), ("7907", "Bacteremia"), ("27651", "Dehydration"), ("2762", "Acidosis"),
    ("2768", "Hypopotassemia"), ("2875", "Thrombocytopenia, unspecified"), ("78052", "Insomnia, unspecified"),
    ("7242", "Lumbago"), ("7140", "Rheumatoid arthritis"),
    ("71590", "Osteoarthrosis, unspecified whether generalized or localized, site unspecified"),
    ("5119", "Unspecified pleural effusion"), ("5070", "Pneumonitis due to inhalation of food or vomitus"),
    ("78659", "Other chest pain"), ("78060", "Fever, unspecified"), ("7840", "Headache"), ("7823", "Edema"),
    ("2720", "Pure hypercholesterolemia"),
    ("30390", "Other and unspecified alcohol dependence, unspecified"), ("4589", "Hypotension, unspecified"),
    ("56400", "Constipation, unspecified"), ("V5866", "Long-term (current) use of aspirin"),
    ("V1254", "Personal history of transient ischemic attack (TIA), and cerebral infarction without residual deficits"),
    ("V0481", "Need for prophylactic vaccination and inoculation against influenza"),
    ("E8497", "Accidents occurring in residential institution"), ("E9320", "Adrenal cortical steroids causing adverse effects in therapeutic use"),
    ("V153", "Personal history of irradiation"), ("2809", "Iron deficiency anemia, unspecified"), ("V4501", "Cardiac pacemaker in situ"),
)
FILLER_DX10: tuple[tuple[str, str], ...] = (
    ("Z7901", "Long term (current) use of anticoagulants"), ("Z87891", "Personal history of nicotine dependence"),
    ("Z794", "Long term (current) use of insulin"), ("Z951", "Presence of aortocoronary bypass graft"),
    ("G4733", "Obstructive sleep apnea (adult) (pediatric)"), ("M109", "Gout, unspecified"),
    ("M810", "Age-related osteoporosis without current pathological fracture"),
    ("N400", "Benign prostatic hyperplasia without lower urinary tract symptoms"), ("F419", "Anxiety disorder, unspecified"),
    ("Z86718", "Personal history of other venous thrombosis and embolism"),
    ("Z955", "Presence of coronary angioplasty implant and graft"), ("Z853", "Personal history of malignant neoplasm of breast"),
    ("Z8546", "Personal history of malignant neoplasm of prostate"), ("I252", "Old myocardial infarction"),
    ("I340", "Nonrheumatic mitral (valve) insufficiency"), ("R7881", "Bacteremia"), ("E860", "Dehydration"),
    ("E8729", "Other acidosis"), ("E876", "Hypokalemia"), ("D696", "Thrombocytopenia, unspecified"),
    ("G4700", "Insomnia, unspecified"), ("M5450", "Low back pain, unspecified"), ("M069", "Rheumatoid arthritis, unspecified"),
    ("M1990", "Unspecified osteoarthritis, unspecified site"), ("J90", "Pleural effusion, not elsewhere classified"),
    ("J690", "Pneumonitis due to inhalation of food and vomit"), ("R0789", "Other chest pain"),
    ("R509", "Fever, unspecified"), ("R519", "Headache, unspecified"), ("R609", "Edema, unspecified"),
    ("E7800", "Pure hypercholesterolemia, unspecified"),
    ("F1020", "Alcohol dependence, uncomplicated"), ("I959", "Hypotension, unspecified"),
    ("K5900", "Constipation, unspecified"), ("Z7982", "Long term (current) use of aspirin"),
    ("Z8673", "Personal history of transient ischemic attack (TIA), and cerebral infarction without residual deficits"),
    ("Z23", "Encounter for immunization"),
    ("Y929", "Unspecified place or not applicable"), ("T380X5A", "Adverse effect of glucocorticoids and synthetic analogues, initial encounter"),
    ("Z923", "Personal history of irradiation"), ("D509", "Iron deficiency anemia, unspecified"),
    ("Z950", "Presence of cardiac pacemaker"),
)
# Procedures without a condition (ordinary inpatient work-ups), coded on some admissions.
FILLER_PX9: tuple[tuple[str, str], ...] = (
    ("3491", "Thoracentesis"), ("0331", "Spinal tap"), ("8872", "Diagnostic ultrasound of heart"),
    ("9925", "Injection or infusion of cancer chemotherapeutic substance"), ("3324", "Closed [endoscopic] biopsy of bronchus"),
    ("4516", "Esophagogastroduodenoscopy [EGD] with closed biopsy"), ("8853", "Angiocardiography of left heart structures"),
)
FILLER_PX10: tuple[tuple[str, str], ...] = (
    ("0W9930Z", "Drainage of Right Pleural Cavity with Drainage Device, Percutaneous Approach"),
    ("009U3ZX", "Drainage of Spinal Canal, Percutaneous Approach, Diagnostic"),
    ("B246ZZZ", "Ultrasonography of Right and Left Heart"),
    ("3E04305", "Introduction of Other Antineoplastic into Central Vein, Percutaneous Approach"),
    ("0BBC8ZX", "Excision of Right Upper Lung Lobe, Via Natural or Artificial Opening Endoscopic, Diagnostic"),
    ("0DB68ZX", "Excision of Stomach, Via Natural or Artificial Opening Endoscopic, Diagnostic"),
    ("B2151ZZ", "Fluoroscopy of Left Heart using Low Osmolar Contrast"),
)
# ICU procedures coded in procedures_icd when the stay had them
VENT_PX9 = (("9671", "Continuous invasive mechanical ventilation for less than 96 consecutive hours"),
            ("9604", "Insertion of endotracheal tube"))
VENT_PX10 = (("5A1935Z", "Respiratory Ventilation, Less than 24 Consecutive Hours"),
             ("0BH17EZ", "Insertion of Endotracheal Airway into Trachea, Via Natural or Artificial Opening"))

# ------------------------------------------------------------------------------------------------- labs


@dataclass(frozen=True)
class Lab:
    itemid: int
    label: str
    fluid: str
    category: str
    unit: str | None
    lower: float | None  # reference range (None for text items)
    upper: float | None
    mean: float = 0.0
    sd: float = 0.0
    decimals: int = 1
    texts: tuple[str, ...] = ()  # text-result item: possible values (valuenum NULL)
    lognormal: bool = False


_BC, _BH, _BG, _UH = ("Blood", "Chemistry"), ("Blood", "Hematology"), ("Blood", "Blood Gas"), ("Urine", "Hematology")
LABS: tuple[Lab, ...] = (
    # chemistry (chem-7 + Ca/Mg/Phos)
    Lab(50983, "Sodium", *_BC, "mEq/L", 133, 145, 139, 3, 0),
    Lab(50971, "Potassium", *_BC, "mEq/L", 3.3, 5.1, 4.1, 0.4, 1),
    Lab(50902, "Chloride", *_BC, "mEq/L", 96, 108, 102, 3.5, 0),
    Lab(50882, "Bicarbonate", *_BC, "mEq/L", 22, 32, 25, 3, 0),
    Lab(51006, "Urea Nitrogen", *_BC, "mg/dL", 6, 20, 16, 6, 0),
    Lab(50912, "Creatinine", *_BC, "mg/dL", 0.5, 1.2, 0.9, 0.2, 1),
    Lab(50931, "Glucose", *_BC, "mg/dL", 70, 100, 105, 18, 0),
    Lab(50868, "Anion Gap", *_BC, "mEq/L", 8, 20, 13, 2.5, 0),
    Lab(50893, "Calcium, Total", *_BC, "mg/dL", 8.4, 10.3, 9.0, 0.5, 1),
    Lab(50960, "Magnesium", *_BC, "mg/dL", 1.6, 2.6, 2.0, 0.25, 1),
    Lab(50970, "Phosphate", *_BC, "mg/dL", 2.7, 4.5, 3.5, 0.6, 1),
    # CBC
    Lab(51301, "White Blood Cells", *_BH, "K/uL", 4.0, 11.0, 8.0, 2.2, 1),
    Lab(51222, "Hemoglobin", *_BH, "g/dL", 12.0, 17.5, 12.8, 1.6, 1),
    Lab(51221, "Hematocrit", *_BH, "%", 36.0, 51.0, 38.5, 4.5, 1),
    Lab(51265, "Platelet Count", *_BH, "K/uL", 150, 440, 240, 65, 0),
    Lab(51279, "Red Blood Cells", *_BH, "m/uL", 3.9, 6.2, 4.4, 0.5, 2),
    Lab(51248, "MCH", *_BH, "pg", 26, 32, 29.5, 1.8, 1),
    Lab(51249, "MCHC", *_BH, "g/dL", 31, 37, 33.5, 1.0, 1),
    Lab(51250, "MCV", *_BH, "fL", 82, 98, 90, 5, 0),
    Lab(51277, "RDW", *_BH, "%", 10.5, 15.5, 13.8, 1.3, 1),
    Lab(52172, "RDW-SD", *_BH, "fL", 35.1, 46.3, 44, 4, 1),
    # differential
    Lab(51256, "Neutrophils", *_BH, "%", 34, 71, 66, 9, 1),
    Lab(51244, "Lymphocytes", *_BH, "%", 18, 42, 22, 7, 1),
    Lab(51254, "Monocytes", *_BH, "%", 2, 11, 7, 2, 1),
    Lab(51200, "Eosinophils", *_BH, "%", 0, 4, 1.8, 1.0, 1),
    Lab(51146, "Basophils", *_BH, "%", 0, 2, 0.5, 0.3, 1),
    Lab(52075, "Absolute Neutrophil Count", *_BH, "K/uL", 1.6, 6.1, 4.8, 1.6, 2),
    Lab(51133, "Absolute Lymphocyte Count", *_BH, "K/uL", 1.2, 3.7, 1.6, 0.5, 2),
    Lab(52074, "Absolute Monocyte Count", *_BH, "K/uL", 0.2, 0.8, 0.55, 0.15, 2),
    Lab(52073, "Absolute Eosinophil Count", *_BH, "K/uL", 0.04, 0.54, 0.15, 0.08, 2),
    Lab(52069, "Absolute Basophil Count", *_BH, "K/uL", 0.01, 0.08, 0.04, 0.015, 2),
    # coagulation
    Lab(51237, "INR(PT)", *_BH, None, 0.9, 1.1, 1.1, 0.15, 1),
    Lab(51274, "PT", *_BH, "sec", 9.4, 12.5, 12.0, 1.5, 1),
    Lab(51275, "PTT", *_BH, "sec", 25, 36.5, 31, 4, 1),
    # liver
    Lab(50861, "Alanine Aminotransferase (ALT)", *_BC, "IU/L", 0, 40, 26, 12, 0, lognormal=True),
    Lab(50878, "Asparate Aminotransferase (AST)", *_BC, "IU/L", 0, 40, 28, 12, 0, lognormal=True),
    Lab(50863, "Alkaline Phosphatase", *_BC, "IU/L", 40, 130, 85, 28, 0),
    Lab(50885, "Bilirubin, Total", *_BC, "mg/dL", 0, 1.5, 0.6, 0.3, 1, lognormal=True),
    Lab(50862, "Albumin", *_BC, "g/dL", 3.5, 5.2, 3.7, 0.45, 1),
    # blood gas + lactate
    Lab(52033, "Specimen Type", *_BG, None, None, None, texts=("ART.", "VEN.", "MIX.")),
    Lab(50820, "pH", *_BG, "units", 7.35, 7.45, 7.39, 0.04, 2),
    Lab(50821, "pO2", *_BG, "mm Hg", 85, 105, 95, 22, 0),
    Lab(50818, "pCO2", *_BG, "mm Hg", 35, 45, 41, 5, 0),
    Lab(50802, "Base Excess", *_BG, "mEq/L", -2, 2, 0, 2.5, 0),
    Lab(50804, "Calculated Total CO2", *_BG, "mEq/L", 21, 30, 25, 3, 0),
    Lab(50813, "Lactate", *_BG, "mmol/L", 0.5, 2.0, 1.3, 0.35, 1),
    # cardiac / misc
    Lab(51003, "Troponin T", *_BC, "ng/mL", 0, 0.01, 0.01, 0.004, 2),
    Lab(50963, "NTproBNP", *_BC, "pg/mL", 0, 353, 180, 80, 0),
    Lab(50911, "Creatine Kinase, MB Isoenzyme", *_BC, "ng/mL", 0, 10, 3, 1.5, 0),
    Lab(50910, "Creatine Kinase (CK)", *_BC, "IU/L", 29, 201, 110, 45, 0),
    Lab(50852, "% Hemoglobin A1c", *_BC, "%", 4.0, 6.0, 5.5, 0.3, 1),
    Lab(50956, "Lipase", *_BC, "IU/L", 0, 60, 32, 12, 0),
    Lab(50954, "Lactate Dehydrogenase (LD)", *_BC, "IU/L", 94, 250, 200, 45, 0),
    Lab(50889, "C-Reactive Protein", *_BC, "mg/L", 0, 5.0, 3, 2, 1, lognormal=True),
    Lab(50924, "Ferritin", *_BC, "ng/mL", 13, 150, 90, 45, 0),  # MIMIC itemid (not in the shipped item list)
    Lab(50952, "Iron", *_BC, "ug/dL", 30, 160, 80, 30, 0),  # MIMIC itemid (not in the shipped item list)
    # urinalysis (MIMIC itemids; text results as MIMIC stores them)
    Lab(51491, "pH", *_UH, "units", 5.0, 8.0, 6.0, 0.6, 1),
    Lab(51498, "Specific Gravity", *_UH, None, 1.001, 1.035, 1.016, 0.006, 3),
    Lab(51506, "Urine Appearance", *_UH, None, None, None, texts=("Clear", "Hazy", "Cloudy")),
    Lab(51508, "Urine Color", *_UH, None, None, None, texts=("Yellow", "Straw", "Amber")),
    Lab(51487, "Nitrite", *_UH, None, None, None, texts=("NEG", "NEG", "NEG", "POS")),
    Lab(51466, "Blood", *_UH, None, None, None, texts=("NEG", "NEG", "TR", "SM", "MOD")),
    Lab(51486, "Leukocytes", *_UH, None, None, None, texts=("NEG", "NEG", "TR", "SM", "MOD", "LG")),
    Lab(51492, "Protein", *_UH, None, None, None, texts=("NEG", "NEG", "TR", "30", "100")),
)

# Panels share one specimen_id. p_day = probability per daily draw on the ward; icu_p in the ICU.
PANELS: dict[str, tuple[int, ...]] = {
    "chem": (50983, 50971, 50902, 50882, 51006, 50912, 50931, 50868, 50893, 50960, 50970),
    "cbc": (51301, 51222, 51221, 51265, 51279, 51248, 51249, 51250, 51277, 52172),
    "diff": (51256, 51244, 51254, 51200, 51146, 52075, 51133, 52074, 52073, 52069),
    "coag": (51237, 51274, 51275),
    "lft": (50861, 50878, 50863, 50885, 50862),
    "bg": (52033, 50820, 50821, 50818, 50802, 50804, 50813),
    "lactate": (50813,),
    "cardiac": (51003, 50911, 50910),
    "bnp": (50963,),
    "a1c": (50852,),
    "misc": (50956, 50954, 50889),
    "iron": (50924, 50952),
    "ua": (51491, 51498, 51506, 51508, 51487, 51466, 51486, 51492),
}
# panel -> (probability on a ward draw, probability on an ICU draw); the first draw always has chem + cbc
PANEL_P: dict[str, tuple[float, float]] = {
    "chem": (0.92, 0.97), "cbc": (0.88, 0.95), "diff": (0.35, 0.5), "coag": (0.35, 0.6), "lft": (0.25, 0.4),
    "bg": (0.0, 0.55), "lactate": (0.02, 0.25), "cardiac": (0.05, 0.1), "bnp": (0.01, 0.02), "a1c": (0.01, 0.0),
    "misc": (0.06, 0.08), "iron": (0.02, 0.02), "ua": (0.08, 0.06),
}
# conditions that force a panel on the admission's first draw (clinical work-up)
FIRST_DRAW_PANELS: dict[str, tuple[str, ...]] = {
    "sepsis": ("lactate", "diff", "coag"), "heart_failure": ("bnp",), "mi": ("cardiac",), "t2dm": ("a1c",),
    "cirrhosis": ("lft", "coag"), "anemia": ("iron",), "uti": ("ua",), "gi_bleed": ("coag",), "chest_pain": ("cardiac",),
}

# ---------------------------------------------------------------------------------------- ICU chart items


@dataclass(frozen=True)
class ChartItem:
    itemid: int
    label: str
    abbreviation: str
    category: str
    unit: str | None
    param_type: str  # Numeric | Text
    mean: float = 0.0
    sd: float = 0.0
    decimals: int = 0
    every_h: float = 1.0  # charting interval
    texts: tuple[str, ...] = ()  # text items: value strings
    text_nums: tuple[float, ...] = ()  # numeric score stored in valuenum for scored text items (GCS)
    low: float | None = None
    high: float | None = None
    group: str = "all"  # all | vent | art | diabetic | fahrenheit | celsius (which stays chart it)


CHART_ITEMS: tuple[ChartItem, ...] = (
    ChartItem(220045, "Heart Rate", "HR", "Routine Vital Signs", "bpm", "Numeric", 84, 13, 0, 1, low=60, high=100),
    ChartItem(220179, "Non Invasive Blood Pressure systolic", "NBPs", "Routine Vital Signs", "mmHg", "Numeric", 122, 18, 0, 1, low=90, high=140),
    ChartItem(220180, "Non Invasive Blood Pressure diastolic", "NBPd", "Routine Vital Signs", "mmHg", "Numeric", 64, 11, 0, 1, low=60, high=90),
    ChartItem(220181, "Non Invasive Blood Pressure mean", "NBPm", "Routine Vital Signs", "mmHg", "Numeric", 80, 12, 0, 1, low=70, high=105),
    ChartItem(220210, "Respiratory Rate", "RR", "Respiratory", "insp/min", "Numeric", 19, 4, 0, 1, low=12, high=20),
    ChartItem(220277, "O2 saturation pulseoxymetry", "SpO2", "Respiratory", "%", "Numeric", 96.5, 2, 0, 1, low=95, high=100),
    ChartItem(220050, "Arterial Blood Pressure systolic", "ABPs", "Routine Vital Signs", "mmHg", "Numeric", 120, 18, 0, 1, low=90, high=140, group="art"),
    ChartItem(220051, "Arterial Blood Pressure diastolic", "ABPd", "Routine Vital Signs", "mmHg", "Numeric", 60, 10, 0, 1, low=60, high=90, group="art"),
    ChartItem(220052, "Arterial Blood Pressure mean", "ABPm", "Routine Vital Signs", "mmHg", "Numeric", 79, 11, 0, 1, low=70, high=105, group="art"),
    ChartItem(223761, "Temperature Fahrenheit", "Temperature F", "Routine Vital Signs", "°F", "Numeric", 98.6, 0.8, 1, 4, low=97, high=99.5,
              group="fahrenheit"),
    ChartItem(223762, "Temperature Celsius", "Temperature C", "Routine Vital Signs", "°C", "Numeric", 37.0, 0.45, 1, 4, low=36.1, high=37.5,
              group="celsius"),
    ChartItem(224642, "Temperature Site", "Temp Site", "Routine Vital Signs", None, "Text", every_h=4, texts=("Oral", "Axillary", "Blood", "Rectal")),
    ChartItem(220739, "GCS - Eye Opening", "GCS - Eye Opening", "Neurological", None, "Text", every_h=4,
              texts=("Spontaneously", "To Speech", "To Pain", "No Response"), text_nums=(4, 3, 2, 1)),
    ChartItem(223900, "GCS - Verbal Response", "GCS - Verbal Response", "Neurological", None, "Text", every_h=4,
              texts=("Oriented", "Confused", "Inappropriate Words", "Incomprehensible sounds", "No Response"), text_nums=(5, 4, 3, 2, 1)),
    ChartItem(223901, "GCS - Motor Response", "GCS - Motor Response", "Neurological", None, "Text", every_h=4,
              texts=("Obeys Commands", "Localizes Pain", "Flex-withdraws", "Abnormal Flexion", "Abnormal extension", "No response"),
              text_nums=(6, 5, 4, 3, 2, 1)),
    ChartItem(220048, "Heart Rhythm", "Heart Rhythm", "Routine Vital Signs", None, "Text", every_h=2,
              texts=("SR (Sinus Rhythm)", "ST (Sinus Tachycardia)", "SB (Sinus Bradycardia)")),
    ChartItem(228096, "Richmond-RAS Scale", "Richmond-RAS Scale", "Pain/Sedation", None, "Text", every_h=4,
              texts=(" 0  Alert and calm", "-1 Awakens to voice (eye opening/contact) > 10 sec",
                     "-2 Light sedation, briefly awakens to voice (eye opening/contact) < 10 sec", "+1 Anxious, apprehensive, but not aggressive"),
              text_nums=(0, -1, -2, 1)),
    ChartItem(226732, "O2 Delivery Device(s)", "O2 Delivery Device(s)", "Respiratory", None, "Text", every_h=4,
              texts=("Nasal cannula", "None", "Face tent", "High flow nasal cannula")),
    ChartItem(223834, "O2 Flow", "O2 Flow", "Respiratory", "L/min", "Numeric", 3, 1.2, 0, 4),
    ChartItem(224639, "Daily Weight", "Daily Weight", "General", "kg", "Numeric", 0, 0, 1, 24),
    ChartItem(220046, "Heart rate Alarm - High", "HR Alarm - High", "Alarms", "bpm", "Numeric", 120, 0, 0, 8),
    ChartItem(220047, "Heart Rate Alarm - Low", "HR Alarm - Low", "Alarms", "bpm", "Numeric", 50, 0, 0, 8),
    ChartItem(223769, "O2 Saturation Pulseoxymetry Alarm - High", "SpO2 Alarm - High", "Alarms", "%", "Numeric", 100, 0, 0, 8),
    ChartItem(223770, "O2 Saturation Pulseoxymetry Alarm - Low", "SpO2 Alarm - Low", "Alarms", "%", "Numeric", 88, 0, 0, 8),
    ChartItem(223751, "Non-Invasive Blood Pressure Alarm - High", "NBP Alarm - High", "Alarms", "mmHg", "Numeric", 160, 0, 0, 8),
    ChartItem(223752, "Non-Invasive Blood Pressure Alarm - Low", "NBP Alarm - Low", "Alarms", "mmHg", "Numeric", 90, 0, 0, 8),
    ChartItem(224161, "Resp Alarm - High", "Resp Alarm - High", "Alarms", "insp/min", "Numeric", 35, 0, 0, 8),
    ChartItem(224162, "Resp Alarm - Low", "Resp Alarm - Low", "Alarms", "insp/min", "Numeric", 8, 0, 0, 8),
    ChartItem(220224, "Arterial O2 pressure", "PO2 (Arterial)", "Labs", "mmHg", "Numeric", 95, 20, 0, 8, group="art"),
    ChartItem(220235, "Arterial CO2 Pressure", "PCO2 (Arterial)", "Labs", "mmHg", "Numeric", 41, 5, 0, 8, group="art"),
    ChartItem(220645, "Sodium (serum)", "Sodium (serum)", "Labs", "mEq/L", "Numeric", 139, 3, 0, 12),
    ChartItem(227442, "Potassium (serum)", "Potassium (serum)", "Labs", "mEq/L", "Numeric", 4.1, 0.4, 1, 12),
    ChartItem(220615, "Creatinine (serum)", "Creatinine (serum)", "Labs", "mg/dL", "Numeric", 1.0, 0.3, 1, 12),
    ChartItem(220545, "Hematocrit (serum)", "Hematocrit (serum)", "Labs", "%", "Numeric", 33, 4, 1, 12),
    ChartItem(225664, "Glucose finger stick", "Glucose FS", "Labs", None, "Numeric", 140, 30, 0, 6, group="diabetic"),
    ChartItem(223835, "Inspired O2 Fraction", "FiO2", "Respiratory", None, "Numeric", 45, 12, 0, 2, group="vent"),
    ChartItem(220339, "PEEP set", "PEEP set", "Respiratory", "cmH2O", "Numeric", 6, 1.5, 0, 2, group="vent"),
    ChartItem(224684, "Tidal Volume (set)", "Tidal Volume (set)", "Respiratory", "mL", "Numeric", 450, 40, 0, 2, group="vent"),
    ChartItem(224685, "Tidal Volume (observed)", "Tidal Volume (observed)", "Respiratory", "mL", "Numeric", 460, 60, 0, 2, group="vent"),
    ChartItem(224687, "Minute Volume", "Minute Volume", "Respiratory", "L/min", "Numeric", 8.5, 1.8, 1, 2, group="vent"),
    ChartItem(224696, "Plateau Pressure", "Plateau Pressure", "Respiratory", "cmH2O", "Numeric", 20, 4, 0, 4, group="vent"),
    ChartItem(223849, "Ventilator Mode", "Ventilator Mode", "Respiratory", None, "Text", every_h=2, group="vent",
              texts=("CMV/ASSIST/AutoFlow", "CPAP/PSV", "CMV/ASSIST")),
)
# charted only in the stays whose treatment needs them (group = cohort flag)
CHART_ITEMS += (
    ChartItem(220765, "Intra Cranial Pressure", "ICP", "Hemodynamics", "mmHg", "Numeric", 14, 5, 0, 1, low=5, high=15, group="icp"),
    ChartItem(220074, "Central Venous Pressure", "CVP", "Hemodynamics", "mmHg", "Numeric", 10, 4, 0, 1, low=2, high=8, group="shock"),
    ChartItem(227290, "CRRT mode", "CRRT mode", "Dialysis", None, "Text", every_h=12, texts=("CVVHDF", "CVVH", "CVVHD"), group="crrt"),
    ChartItem(224146, "System Integrity", "System Integrity", "Dialysis", None, "Text", every_h=4,
              texts=("Active", "Clots Present", "Clots Increasing", "Clotted"), group="crrt"),
    ChartItem(224144, "Blood Flow (ml/min)", "Blood Flow (ml/min)", "Dialysis", "ml/min", "Numeric", 200, 20, 0, 1, group="crrt"),
    ChartItem(224150, "Filter Pressure", "Filter Pressure", "Dialysis", "mmHg", "Numeric", 150, 30, 0, 1, group="crrt"),
    ChartItem(224151, "Effluent Pressure", "Effluent Pressure", "Dialysis", "mmHg", "Numeric", 80, 25, 0, 1, group="crrt"),
    ChartItem(224152, "Return Pressure", "Return Pressure", "Dialysis", "mmHg", "Numeric", 100, 20, 0, 1, group="crrt"),
    ChartItem(224153, "Replacement Rate", "Replacement Rate", "Dialysis", "ml/hr", "Numeric", 1500, 250, 0, 1, group="crrt"),
    ChartItem(224154, "Dialysate Rate", "Dialysate Rate", "Dialysis", "ml/hr", "Numeric", 1000, 200, 0, 1, group="crrt"),
    ChartItem(224191, "Hourly Patient Fluid Removal", "Hourly Patient Fluid Removal", "Dialysis", "ml", "Numeric", 100, 40, 0, 1,
              group="crrt"),
    ChartItem(225183, "Current Goal", "Current Goal", "Dialysis", "ml", "Numeric", 100, 40, 0, 4, group="crrt"),
    ChartItem(226457, "Ultrafiltrate Output", "Ultrafiltrate Output", "Dialysis", "ml", "Numeric", 150, 50, 0, 1, group="crrt"),
    ChartItem(225977, "Dialysate Fluid", "Dialysate Fluid", "Dialysis", None, "Text", every_h=12,
              texts=("Prismasate K4", "Prismasate K2"), group="crrt"),
    ChartItem(225976, "Replacement Fluid", "Replacement Fluid", "Dialysis", None, "Text", every_h=12,
              texts=("Prismasate K4", "Prismasate K2"), group="crrt"),
)
# code status: charted twice a day in every stay; 'Full code' unless the stay's code status is limited (cohort.dnr)
CODE_STATUS_ITEM = ChartItem(223758, "Code Status", "Code Status", "General", None, "Text", every_h=12,
                             texts=("Full code", "DNR / DNI", "DNR (do not resuscitate)", "Comfort measures only",
                                    "DNI (do not intubate)"))
# weight is charted once at ICU admission
WEIGHT_ITEM = ChartItem(226512, "Admission Weight (Kg)", "Admission Weight (Kg)", "General", "kg", "Numeric", 80, 18, 1, 0)
HEIGHT_ITEM = ChartItem(226730, "Height (cm)", "Height (cm)", "General", "cm", "Numeric", 170, 10, 0, 0)

# --------------------------------------------------------------------------------- ICU inputs / outputs


@dataclass(frozen=True)
class InputItem:
    itemid: int
    label: str
    category: str
    amountuom: str
    kind: str  # drip | push | fluid | abx
    ordercategoryname: str
    ordercategorydescription: str
    amount: float  # typical amount per row
    rateuom: str | None = None
    rate: float = 0.0
    condition: str | None = None  # None = any ICU stay
    p: float = 0.0  # probability for a stay (given the condition)
    per_day: float = 1.0  # administrations (or rate segments) per day


INPUT_ITEMS: tuple[InputItem, ...] = (
    InputItem(225158, "NaCl 0.9%", "Fluids/Intake", "mL", "fluid", "01-Drips", "Continuous IV", 250, "mL/hour", 75, None, 0.85, 3),
    InputItem(220949, "Dextrose 5%", "Fluids/Intake", "mL", "fluid", "01-Drips", "Continuous IV", 100, "mL/hour", 50, None, 0.5, 2),
    InputItem(225828, "LR", "Fluids/Intake", "mL", "fluid", "03-IV Fluid Bolus", "Bolus", 1000, None, 0, "sepsis", 0.8, 1),
    InputItem(221906, "Norepinephrine", "Medications", "mg", "drip", "01-Drips", "Continuous Med", 0.6, "mcg/kg/min", 0.08, "shock", 0.9, 6),
    InputItem(222168, "Propofol", "Medications", "mg", "drip", "01-Drips", "Continuous Med", 120, "mcg/kg/min", 25, "vent", 0.7, 6),
    InputItem(221744, "Fentanyl", "Medications", "mcg", "push", "05-Med Bolus", "Drug Push", 50, None, 0, "vent", 0.6, 4),
    InputItem(225975, "Heparin Sodium (Prophylaxis)", "Medications", "dose", "push", "05-Med Bolus", "Drug Push", 1, None, 0, None, 0.6, 3),
    InputItem(223258, "Insulin - Regular", "Medications", "units", "push", "05-Med Bolus", "Drug Push", 4, None, 0, "t2dm", 0.9, 4),
    InputItem(225166, "Potassium Chloride", "Medications", "mEq", "intermittent", "02-Fluids (Crystalloids)", "Continuous IV", 20, "mEq/hour", 10, None, 0.35, 1),
    InputItem(225798, "Vancomycin", "Antibiotics", "dose", "abx", "08-Antibiotics (IV)", "Continuous IV", 1, None, 0, "sepsis", 0.85, 2),
    InputItem(225893, "Piperacillin/Tazobactam (Zosyn)", "Antibiotics", "dose", "abx", "08-Antibiotics (IV)", "Continuous IV", 1, None, 0, "sepsis", 0.7, 3),
    InputItem(221794, "Furosemide (Lasix)", "Medications", "mg", "push", "05-Med Bolus", "Drug Push", 40, None, 0, "heart_failure", 0.85, 2),
    InputItem(221456, "Calcium Gluconate", "Medications", "grams", "intermittent", "02-Fluids (Crystalloids)", "Continuous IV", 1, "grams/hour", 1, "hyperkalemia", 0.9, 1),
    InputItem(222011, "Magnesium Sulfate", "Medications", "grams", "intermittent", "02-Fluids (Crystalloids)", "Continuous IV", 2, "grams/hour", 1, None, 0.35, 1),
    InputItem(225974, "Metoprolol", "Medications", "mg", "push", "05-Med Bolus", "Drug Push", 5, None, 0, "afib", 0.6, 3),
    InputItem(225910, "Pantoprazole (Protonix)", "Medications", "dose", "push", "05-Med Bolus", "Drug Push", 1, None, 0, "gi_bleed", 0.95, 2),
    InputItem(225168, "Packed Red Blood Cells", "Blood Products/Colloids", "mL", "fluid", "04-Blood Products", "Continuous IV", 350, "mL/hour", 175, "gi_bleed", 0.8, 1),
    InputItem(221668, "Midazolam (Versed)", "Medications", "mg", "push", "05-Med Bolus", "Drug Push", 2, None, 0, "vent", 0.4, 3),
    InputItem(225154, "Morphine Sulfate", "Medications", "mg", "push", "05-Med Bolus", "Drug Push", 2, None, 0, None, 0.2, 3),
)
# more MetaVision inputs, tied to the ICU treatment flags of the cohort (shock, cardiogenic, nmb, crrt) or conditions
INPUT_ITEMS += (
    InputItem(221749, "Phenylephrine", "Medications", "mg", "drip", "01-Drips", "Continuous Med", 2, "mcg/kg/min", 1.0, "shock", 0.35, 4),
    InputItem(229630, "Phenylephrine (50/250)", "Medications", "mg", "drip", "01-Drips", "Continuous Med", 2, "mcg/kg/min", 1.0, "shock", 0.1, 4),
    InputItem(222315, "Vasopressin", "Medications", "units", "drip", "01-Drips", "Continuous Med", 20, "units/hour", 2.4, "shock", 0.3, 3),
    InputItem(221289, "Epinephrine", "Medications", "mg", "drip", "01-Drips", "Continuous Med", 1, "mcg/kg/min", 0.05, "shock", 0.15, 3),
    InputItem(221662, "Dopamine", "Medications", "mg", "drip", "01-Drips", "Continuous Med", 100, "mcg/kg/min", 5, "cardiogenic", 0.3, 3),
    InputItem(221653, "Dobutamine", "Medications", "mg", "drip", "01-Drips", "Continuous Med", 100, "mcg/kg/min", 5, "cardiogenic", 0.45, 3),
    InputItem(221986, "Milrinone", "Medications", "mg", "drip", "01-Drips", "Continuous Med", 10, "mcg/kg/min", 0.375, "cardiogenic", 0.3, 3),
    InputItem(221555, "Cisatracurium", "Medications", "mg", "drip", "01-Drips", "Continuous Med", 50, "mcg/kg/min", 2, "nmb", 0.7, 3),
    InputItem(222062, "Vecuronium", "Medications", "mg", "drip", "01-Drips", "Continuous Med", 10, "mcg/kg/min", 1, "nmb", 0.35, 3),
    InputItem(225942, "Fentanyl (Concentrate)", "Medications", "mg", "drip", "01-Drips", "Continuous Med", 1, "mg/hour", 0.1, "vent", 0.35, 4),
    InputItem(225150, "Dexmedetomidine (Precedex)", "Medications", "mcg", "drip", "01-Drips", "Continuous Med", 400, "mcg/hour", 50, "vent", 0.25, 4),
    InputItem(225152, "Heparin Sodium", "Medications", "units", "drip", "01-Drips", "Continuous Med", 25000, "units/hour", 1000, "mi", 0.5, 3),
    InputItem(222056, "Nitroglycerin", "Medications", "mg", "drip", "01-Drips", "Continuous Med", 50, "mg/hour", 3, "heart_failure", 0.2, 3),
    InputItem(222042, "Nicardipine", "Medications", "mg", "drip", "01-Drips", "Continuous Med", 40, "mg/hour", 5, "stroke", 0.5, 3),
    InputItem(221347, "Amiodarone", "Medications", "mg", "drip", "01-Drips", "Continuous Med", 450, "mg/hour", 1, "afib", 0.2, 2),
    InputItem(228340, "Furosemide (Lasix) 250/50", "Medications", "mg", "drip", "01-Drips", "Continuous Med", 250, "mg/hour", 10, "heart_failure", 0.15, 2),
    InputItem(227536, "KCl (CRRT)", "Medications", "mEq", "drip", "01-Drips", "Continuous Med", 40, "mEq/hour", 4, "crrt", 0.8, 3),
    InputItem(223262, "Insulin - Humalog", "Medications", "units", "push", "05-Med Bolus", "Drug Push", 4, None, 0, "t2dm", 0.5, 3),
    InputItem(223260, "Insulin - Glargine", "Medications", "units", "push", "05-Med Bolus", "Drug Push", 20, None, 0, "t2dm", 0.4, 1),
    InputItem(221833, "Hydromorphone (Dilaudid)", "Medications", "mg", "push", "05-Med Bolus", "Drug Push", 0.5, None, 0, None, 0.25, 3),
    InputItem(225907, "Famotidine (Pepcid)", "Medications", "dose", "push", "05-Med Bolus", "Drug Push", 1, None, 0, None, 0.15, 2),
    InputItem(221828, "Hydralazine", "Medications", "mg", "push", "05-Med Bolus", "Drug Push", 10, None, 0, "hypertension", 0.15, 2),
    InputItem(221385, "Lorazepam (Ativan)", "Medications", "mg", "push", "05-Med Bolus", "Drug Push", 1, None, 0, "alcohol_withdrawal", 0.6, 3),
    InputItem(225851, "Cefepime", "Antibiotics", "dose", "abx", "08-Antibiotics (IV)", "Continuous IV", 1, None, 0, "sepsis", 0.25, 2),
    InputItem(225884, "Metronidazole", "Antibiotics", "dose", "abx", "08-Antibiotics (IV)", "Continuous IV", 1, None, 0, "sepsis", 0.2, 3),
    InputItem(225883, "Meropenem", "Antibiotics", "dose", "abx", "08-Antibiotics (IV)", "Continuous IV", 1, None, 0, "sepsis", 0.1, 3),
    InputItem(225850, "Cefazolin", "Antibiotics", "dose", "abx", "08-Antibiotics (IV)", "Continuous IV", 1, None, 0, None, 0.15, 3),
    InputItem(225855, "Ceftriaxone", "Antibiotics", "dose", "abx", "08-Antibiotics (IV)", "Continuous IV", 1, None, 0, "pneumonia", 0.5, 1),
    InputItem(220864, "Albumin 5%", "Blood Products/Colloids", "mL", "fluid", "02-Fluids (Colloids)", "Bolus", 250, None, 0, "shock", 0.4, 1),
    InputItem(220862, "Albumin 25%", "Blood Products/Colloids", "mL", "fluid", "02-Fluids (Colloids)", "Bolus", 100, None, 0, "cirrhosis", 0.5, 1),
    InputItem(220970, "Fresh Frozen Plasma", "Blood Products/Colloids", "mL", "fluid", "04-Blood Products", "Continuous IV", 250, "mL/hour", 200, "gi_bleed", 0.3, 1),
    InputItem(225170, "Platelets", "Blood Products/Colloids", "mL", "fluid", "04-Blood Products", "Continuous IV", 250, "mL/hour", 200, "sepsis", 0.1, 1),
    InputItem(225943, "Solution", "Fluids/Intake", "mL", "fluid", "01-Drips", "Continuous IV", 100, "mL/hour", 10, None, 0.3, 2),
    InputItem(225797, "Free Water", "Fluids/Intake", "mL", "fluid", "14-Oral/Gastric Intake", "Bolus", 100, None, 0, None, 0.2, 3),
    InputItem(226452, "PO Intake", "Fluids/Intake", "mL", "fluid", "14-Oral/Gastric Intake", "Bolus", 240, None, 0, None, 0.3, 3),
    InputItem(227522, "KCL (Bolus)", "Medications", "mL", "fluid", "02-Fluids (Crystalloids)", "Bolus", 100, None, 0, None, 0.15, 1),
    InputItem(227523, "Magnesium Sulfate (Bolus)", "Medications", "mL", "fluid", "02-Fluids (Crystalloids)", "Bolus", 50, None, 0, None, 0.15, 1),
)
# kind: drip = continuous infusion with rate-change rows; intermittent = a dose infused over hours (electrolytes);
# abx = scheduled antibiotic doses (interval 24 / per_day hours); push = 1-minute bolus; fluid = volumes
# electrolyte doses a pharmacist would recognise: itemid -> (doses in amountuom, their weights); infused at `rate`
INTERMITTENT_DOSES: dict[int, tuple[tuple[float, ...], tuple[float, ...]]] = {
    225166: ((10, 20, 40), (0.3, 0.45, 0.25)),  # potassium chloride, mEq at 10 mEq/h
    222011: ((1, 2, 4), (0.2, 0.6, 0.2)),  # magnesium sulfate, g at 1 g/h
    221456: ((1, 2), (0.6, 0.4)),  # calcium gluconate, g at 1 g/h
}
# antibiotic infusion minutes (standard, extended); others 30 min
ABX_INFUSION_MIN: dict[int, tuple[int, int]] = {225798: (60, 120), 225893: (30, 240), 225884: (60, 60), 225883: (30, 180)}
# ingredientevents: each input row yields these ingredient rows (itemid, label, uom, per-mL factor)
INGREDIENTS: tuple[tuple[int, str, str, str], ...] = (
    (220490, "Free Water", "mL", "Ingredients"),  # MIMIC ingredient item
    (220454, "Calories", "kcal", "Ingredients"),  # MIMIC ingredient item
)

OUTPUT_ITEMS: tuple[tuple[int, str, str, float, float], ...] = (
    # itemid, label, uom, mean mL, charting interval hours
    (226559, "Foley", "mL", 75, 1.0),
    (226560, "Void", "mL", 300, 4.0),
    (226588, "Chest Tube #1", "mL", 40, 4.0),  # MIMIC item
)

PROCEDURE_ITEMS: tuple[tuple[int, str, str, str], ...] = (
    # itemid, label, category, kind: duration | instant
    (225792, "Invasive Ventilation", "2-Ventilation", "duration"),
    (225794, "Non-invasive Ventilation", "2-Ventilation", "duration"),
    (224385, "Intubation", "1-Intubation/Extubation", "instant"),
    (225802, "Dialysis - CRRT", "Dialysis", "duration"),
    (225752, "Arterial Line", "Access Lines - Invasive", "duration"),
    (225459, "Chest X-Ray", "5-Imaging", "instant"),
    (221214, "CT scan", "5-Imaging", "instant"),
    (224277, "Peripheral Lines", "Access Lines - Peripheral", "duration"),  # MIMIC-like item
)

DATETIME_ITEMS: tuple[tuple[int, str, str], ...] = (
    # itemid, label, category (MIMIC-style line/date items)
    (225755, "18 Gauge Insertion Date", "Access Lines - Peripheral"),
    (225754, "20 Gauge Insertion Date", "Access Lines - Peripheral"),
    (224288, "Arterial Line Insertion Date", "Access Lines - Invasive"),
    (224280, "Multi Lumen Insertion Date", "Access Lines - Invasive"),
    (225358, "Last menses", "General"),
)

# ------------------------------------------------------------------------------------------- medications


@dataclass(frozen=True)
class Drug:
    drug: str  # as MIMIC writes it in prescriptions.drug / pharmacy.medication / emar.medication
    formulary_drug_cd: str
    prod_strength: str
    dose_val_rx: str
    dose_unit_rx: str
    form_val_disp: str
    form_unit_disp: str
    route: str
    frequency: str
    interval_h: float  # between administrations
    base_p: float  # probability for any admission
    boosts: dict[str, float] = field(default_factory=dict)  # condition -> probability (0 = contraindicated)
    base_solution: str | None = None  # BASE component (diluent) for IV drugs
    proc_type: str = "Unit Dose"
    prn: bool = False
    sliding_scale: bool = False
    acute: bool = False  # started when the condition is recognised (early in the stay) rather than home med


DRUGS: tuple[Drug, ...] = (
    Drug("Insulin", "INSULIN", "Dummy Package for Sliding Scale", "0", "UNIT", "0", "VIAL", "SC", "QACHS", 6, 0.08,
         {"t2dm": 1.0}, sliding_scale=True),
    Drug("Insulin", "INRHI", "100 Units / mL - 10 mL Vial", "10", "UNIT", "0.1", "mL", "IV", "ONCE", 24, 0.0,
         {"hyperkalemia": 1.0}, acute=True),
    Drug("Calcium Gluconate", "CALG1IVP", "1 g / 50 mL Premix Bag", "1", "g", "1", "BAG", "IV", "ONCE", 24, 0.03,
         {"hyperkalemia": 1.0}, proc_type="IV Piggyback", acute=True),
    Drug("Dextrose 50%", "DEX50SY", "25 g / 50 mL Syringe", "25", "gm", "1", "SYR", "IV", "ONCE", 24, 0.02,
         {"hyperkalemia": 0.8}, acute=True),
    Drug("Sodium Polystyrene Sulfonate", "KAYE15L", "15 g / 60 mL Suspension", "15", "gm", "60", "mL", "PO", "ONCE", 24, 0.0,
         {"hyperkalemia": 0.5}, acute=True),
    Drug("Vancomycin", "VANC1F", "1 g Frozen Bag", "1000", "mg", "1", "BAG", "IV", "Q12H", 12, 0.04,
         {"sepsis": 0.9, "pneumonia": 0.35, "cellulitis": 0.6}, "Iso-Osmotic Dextrose", "IV Piggyback", acute=True),
    Drug("Piperacillin-Tazobactam", "PIPT4.5F", "4.5 g Frozen Bag", "4.5", "g", "1", "BAG", "IV", "Q8H", 8, 0.02,
         {"sepsis": 0.75, "pneumonia": 0.3}, "Iso-Osmotic Dextrose", "IV Piggyback", acute=True),
    Drug("CeftriaXONE", "CEFT1I", "1gm Vial", "1", "g", "1", "VIAL", "IV", "Q24H", 24, 0.03,
         {"pneumonia": 0.6, "uti": 0.6, "sepsis": 0.2}, "0.9% Sodium Chloride", "IV Piggyback", acute=True),
    Drug("Azithromycin", "AZIT500I", "500 mg Vial", "500", "mg", "1", "VIAL", "IV", "Q24H", 24, 0.01,
         {"pneumonia": 0.5, "copd": 0.3}, "0.9% Sodium Chloride", "IV Piggyback", acute=True),
    Drug("Cefepime", "CEFE2I", "2 g Vial", "2", "g", "1", "VIAL", "IV", "Q12H", 12, 0.01,
         {"sepsis": 0.3, "pneumonia": 0.15}, "0.9% Sodium Chloride", "IV Piggyback", acute=True),
    Drug("MetRONIDAZOLE (FLagyl)", "METR500PM", "500 mg / 100 mL Premix Bag", "500", "mg", "1", "BAG", "IV", "Q8H", 8, 0.02,
         {"sepsis": 0.2, "cholecystitis": 0.5}, proc_type="IV Piggyback", acute=True),
    Drug("Ciprofloxacin HCl", "CIPR500", "500mg Tablet", "500", "mg", "1", "TAB", "PO", "Q12H", 12, 0.01, {"uti": 0.3}, acute=True),
    Drug("CefazoLIN", "CEFA2I", "2 g Vial", "2", "g", "1", "VIAL", "IV", "Q8H", 8, 0.04,
         {"knee_replacement": 1.0, "cholecystitis": 0.5, "cellulitis": 0.5}, "0.9% Sodium Chloride", "IV Piggyback", acute=True),
    Drug("Furosemide", "FURO40I", "40mg/4mL Vial", "40", "mg", "1", "VIAL", "IV", "Q12H", 12, 0.05, {"heart_failure": 1.0}, acute=True),
    Drug("Potassium Chloride", "KCL20P", "20mEq Packet", "40", "mEq", "2", "PKT", "PO/NG", "ONCE", 24, 0.3,
         {"heart_failure": 0.45, "hyperkalemia": 0.0, "aki": 0.0, "ckd": 0.0}),
    Drug("Heparin", "HEPA5I", "5000 Units / mL- 1mL Vial", "5000", "UNIT", "1", "mL", "SC", "Q8H", 8, 0.55,
         {"gi_bleed": 0.0, "stroke": 0.3}),
    Drug("Acetaminophen", "ACET325", "325mg Tablet", "650", "mg", "2", "TAB", "PO/NG", "Q6H:PRN", 6, 0.6, {"sepsis": 0.9}, prn=True),
    Drug("Metoprolol Tartrate", "METO25", "25mg Tablet", "25", "mg", "1", "TAB", "PO/NG", "BID", 12, 0.05,
         {"hypertension": 0.35, "afib": 0.7, "heart_failure": 0.5, "cad": 0.45, "mi": 0.85}),
    Drug("Pantoprazole", "PANT40", "40mg Tablet", "40", "mg", "1", "TAB", "PO", "Q24H", 24, 0.3, {"gi_bleed": 1.0, "gerd": 0.5}),
    Drug("Ondansetron", "ONDA4I", "4mg/2mL Vial", "4", "mg", "1", "VIAL", "IV", "Q8H:PRN", 8, 0.35, {"cholecystitis": 0.8}, prn=True),
    Drug("Docusate Sodium", "DOCU100", "100mg Capsule", "100", "mg", "1", "CAP", "PO", "BID", 12, 0.4, {}),
    Drug("Senna", "SENN187", "8.6 mg Tablet", "8.6", "mg", "1", "TAB", "PO", "BID:PRN", 12, 0.4, {}, prn=True),
    Drug("Polyethylene Glycol", "PEG17", "17 g Powder Packet", "17", "g", "1", "PKT", "PO", "DAILY", 24, 0.3, {}),
    Drug("Sodium Chloride 0.9%  Flush", "NACLFLUSH", "10 mL Syringe", "3", "mL", "0.3", "SYR", "IV", "Q8H", 8, 0.7, {}),
    Drug("Atorvastatin", "ATOR40", "40mg Tablet", "40", "mg", "1", "TAB", "PO/NG", "QPM", 24, 0.05,
         {"cad": 0.7, "hyperlipidemia": 0.7, "mi": 0.95, "stroke": 0.8}),
    Drug("Aspirin", "ASA81", "81mg Tablet", "81", "mg", "1", "TAB", "PO/NG", "DAILY", 24, 0.12,
         {"cad": 0.8, "mi": 1.0, "stroke": 0.8, "gi_bleed": 0.0}),
    Drug("Lisinopril", "LISI10", "10mg Tablet", "10", "mg", "1", "TAB", "PO/NG", "DAILY", 24, 0.03,
         {"hypertension": 0.35, "heart_failure": 0.3, "hyperkalemia": 0.0, "aki": 0.0}),
    Drug("amLODIPine", "AMLO5", "5mg Tablet", "5", "mg", "1", "TAB", "PO/NG", "DAILY", 24, 0.02, {"hypertension": 0.35}),
    Drug("MetFORMIN (Glucophage)", "METF500", "500mg Tablet", "500", "mg", "1", "TAB", "PO/NG", "BID", 12, 0.0,
         {"t2dm": 0.3, "aki": 0.0, "ckd": 0.0}),
    Drug("Glargine", "GLAR100I", "100 Units / mL - 3 mL Pen", "10", "UNIT", "0.1", "mL", "SC", "QHS", 24, 0.0, {"t2dm": 0.5}),
    Drug("Levothyroxine Sodium", "LEVO50", "50mcg Tablet", "50", "mcg", "1", "TAB", "PO/NG", "DAILY", 24, 0.01, {"hypothyroidism": 0.95}),
    Drug("Albuterol 0.083% Neb Soln", "ALBU3H", "0.083%;3mL Vial", "1", "NEB", "1", "VIAL", "IH", "Q4H:PRN", 4, 0.05,
         {"copd": 0.9, "pneumonia": 0.3}, prn=True),
    Drug("Ipratropium Bromide Neb", "IPRA2H", "0.02% 2.5mL Vial", "1", "NEB", "1", "VIAL", "IH", "Q6H", 6, 0.01, {"copd": 0.7}),
    Drug("PredniSONE", "PRED20", "20mg Tablet", "40", "mg", "2", "TAB", "PO/NG", "DAILY", 24, 0.02, {"copd": 0.6}, acute=True),
    Drug("Apixaban", "APIX5", "5mg Tablet", "5", "mg", "1", "TAB", "PO/NG", "BID", 12, 0.0, {"afib": 0.5, "gi_bleed": 0.0}),
    Drug("Warfarin", "WARF5", "5mg Tablet", "5", "mg", "1", "TAB", "PO/NG", "DAILY16", 24, 0.0, {"afib": 0.25, "gi_bleed": 0.0}),
    Drug("Diltiazem", "DILT30", "30mg Tablet", "30", "mg", "1", "TAB", "PO/NG", "QID", 6, 0.0, {"afib": 0.3}),
    Drug("Digoxin", "DIGO125", "0.125mg Tablet", "0.125", "mg", "1", "TAB", "PO/NG", "DAILY", 24, 0.0, {"afib": 0.1, "heart_failure": 0.1}),
    Drug("OxyCODONE (Immediate Release)", "OXYC5", "5mg Tablet", "5", "mg", "1", "TAB", "PO/NG", "Q4H:PRN", 4, 0.22,
         {"knee_replacement": 0.95, "cholecystitis": 0.7}, prn=True),
    Drug("Morphine Sulfate", "MORP2I", "2mg Syringe", "2", "mg", "1", "SYR", "IV", "Q4H:PRN", 4, 0.1, {"mi": 0.3}, prn=True),
    Drug("HYDROmorphone (Dilaudid)", "HYDR1I", "1mg/mL Syringe", "0.5", "mg", "0.5", "SYR", "IV", "Q3H:PRN", 3, 0.1,
         {"cholecystitis": 0.5}, prn=True),
    Drug("LORazepam", "LORA1", "1mg Tablet", "1", "mg", "1", "TAB", "PO/NG", "Q4H:PRN", 4, 0.08, {"alcohol_withdrawal": 1.0}, prn=True),
    Drug("Magnesium Sulfate", "MAG2PM", "2 g / 50 mL Premix Bag", "2", "g", "1", "BAG", "IV", "ONCE", 24, 0.25, {"afib": 0.4},
         proc_type="IV Piggyback"),
    Drug("Sodium Bicarbonate", "SODB650", "650mg Tablet", "650", "mg", "1", "TAB", "PO/NG", "BID", 12, 0.0, {"aki": 0.3, "ckd": 0.2}),
    Drug("Sodium Chloride 0.9%", "NS1000", "1000 mL Bag", "1000", "mL", "1", "BAG", "IV", "ONCE", 24, 0.08,
         {"sepsis": 0.9, "aki": 0.5, "syncope": 0.5}, proc_type="IV Large Volume", acute=True),
    Drug("Lactated Ringers", "LR1000", "1000 mL Bag", "1000", "mL", "1", "BAG", "IV", "ONCE", 24, 0.03, {"sepsis": 0.45},
         proc_type="IV Large Volume", acute=True),
    Drug("Norepinephrine", "NORE4PM", "4 mg / 250 mL Premix Bag", "0.06", "mcg/kg/min", "1", "BAG", "IV DRIP", "TITRATE TO", 24, 0.0,
         {"sepsis": 0.35}, proc_type="IV Large Volume", acute=True),
    Drug("Thiamine", "THIA100", "100mg Tablet", "100", "mg", "1", "TAB", "PO/NG", "DAILY", 24, 0.05,
         {"cirrhosis": 0.5, "alcohol_withdrawal": 1.0}),
    Drug("FoLIC Acid", "FOLI1", "1mg Tablet", "1", "mg", "1", "TAB", "PO/NG", "DAILY", 24, 0.05, {"alcohol_withdrawal": 0.9}),
    Drug("Multivitamins", "MULT1", "1 Tablet", "1", "TAB", "1", "TAB", "PO/NG", "DAILY", 24, 0.08, {"alcohol_withdrawal": 0.9}),
    Drug("Lactulose", "LACT30L", "30mL Unit Dose Cup", "30", "mL", "1", "UDCUP", "PO/NG", "TID", 8, 0.0, {"cirrhosis": 0.9}),
    Drug("Rifaximin", "RIFA550", "550 mg Tablet", "550", "mg", "1", "TAB", "PO/NG", "BID", 12, 0.0, {"cirrhosis": 0.6}),
    Drug("Spironolactone", "SPIR25", "25mg Tablet", "25", "mg", "1", "TAB", "PO/NG", "DAILY", 24, 0.0,
         {"heart_failure": 0.3, "cirrhosis": 0.6, "hyperkalemia": 0.0}),
    Drug("Tamsulosin", "TAMS4", "0.4 mg Capsule", "0.4", "mg", "1", "CAP", "PO", "QHS", 24, 0.07, {}),
    Drug("Gabapentin", "GABA300", "300mg Capsule", "300", "mg", "1", "CAP", "PO/NG", "TID", 8, 0.1, {}),
    Drug("Sertraline", "SERT50", "50mg Tablet", "50", "mg", "1", "TAB", "PO/NG", "DAILY", 24, 0.01, {"depression": 0.5}),
    Drug("Citalopram", "CITA20", "20mg Tablet", "20", "mg", "1", "TAB", "PO/NG", "DAILY", 24, 0.01, {"depression": 0.3}),
    Drug("Bisacodyl", "BISA5", "5 mg Tab", "10", "mg", "2", "TAB", "PO/NG", "DAILY:PRN", 24, 0.3, {}, prn=True),
    Drug("Famotidine", "FAMO20", "20mg Tablet", "20", "mg", "1", "TAB", "PO/NG", "Q12H", 12, 0.08, {"gerd": 0.3}),
    Drug("Omeprazole", "OMEP20", "20mg Capsule", "20", "mg", "1", "CAP", "PO", "DAILY", 24, 0.02, {"gerd": 0.35}),
    Drug("Nicotine Patch", "NICO14T", "14 mg/24 hr Patch", "14", "mg", "1", "PTCH", "TD", "DAILY", 24, 0.0, {"tobacco": 0.6}),
    Drug("Ferrous Sulfate", "FERR325", "325 mg Tablet", "325", "mg", "1", "TAB", "PO/NG", "DAILY", 24, 0.02, {"anemia": 0.5}),
    Drug("Clopidogrel", "CLOP75", "75 mg Tablet", "75", "mg", "1", "TAB", "PO/NG", "DAILY", 24, 0.0,
         {"mi": 0.85, "cad": 0.3, "stroke": 0.2, "gi_bleed": 0.0}),
    Drug("Nitroglycerin SL", "NTG4SL", "0.4 mg SL Tablet", "0.4", "mg", "1", "TAB", "SL", "Q5MIN:PRN", 24, 0.02,
         {"mi": 0.6, "cad": 0.25, "chest_pain": 0.6}, prn=True),
    Drug("Sodium Chloride", "NACL1", "1 g Tablet", "1", "g", "1", "TAB", "PO/NG", "TID", 8, 0.0, {"hyponatremia": 0.5}),
    Drug("HydrALAZINE", "HYDZ20I", "20 mg / mL Vial", "10", "mg", "0.5", "mL", "IV", "Q6H:PRN", 6, 0.03, {"hypertension": 0.15}, prn=True),
    Drug("Glucose Gel", "GLUC15G", "15 g Tube", "15", "g", "1", "TUBE", "PO", "PRN", 24, 0.0, {"t2dm": 0.6}, prn=True),
    Drug("Meropenem", "MERO500I", "500mg Vial", "500", "mg", "1", "VIAL", "IV", "Q6H", 6, 0.0, {"sepsis": 0.1},
         "0.9% Sodium Chloride", "IV Piggyback", acute=True),
    Drug("Chlorhexidine Gluconate 0.12% Oral Rinse", "CHLO15L", "15 mL Cup", "15", "mL", "1", "UDCUP", "ORAL", "BID", 12, 0.0,
         {"icu": 0.6}),
    Drug("Propofol", "PROP100IG", "1000 mg / 100 mL Vial", "10", "mcg/kg/min", "1", "VIAL", "IV DRIP", "TITRATE TO", 24, 0.0,
         {"vent": 0.8}, proc_type="IV Large Volume"),
    Drug("Fentanyl Citrate", "FENT2I", "100 mcg / 2 mL Ampule", "25", "mcg", "0.5", "mL", "IV", "Q2H:PRN", 2, 0.0,
         {"vent": 0.7}, prn=True),
)

_FREQ_HOURS = {"DAILY": 24, "BID": 12, "TID": 8, "QID": 6, "Q1H": 2, "Q2H": 2, "Q4H": 4, "Q6H": 6, "Q8H": 8, "Q12H": 12,
               "Q24H": 24, "Q72H": 72, "QHS": 24, "QPM": 24, "ONCE": 24, "PRN": 6, "WEEKLY": 168, "QMOWEFR": 48,
               "TIDAC": 8, "ASDIR": 24, "TITRATE TO": 24}
_FORM_WORD = {"TAB": "Tablet", "CAP": "Capsule", "VIAL": "Vial", "BAG": "Bag", "SYR": "Syringe", "PKT": "Packet",
              "UDCUP": "Unit Dose Cup", "BTL": "Bottle", "TUBE": "Tube", "PTCH": "Patch", "INHL": "Inhaler", "DISK": "Diskus",
              "SUPP": "Suppository", "LOZ": "Lozenge", "GUM": "Gum", "WAF": "Wafer"}
TAIL_DRUGS_PER_ADMISSION = 5.0  # expected long-tail drugs per admission (brings prescriptions to MIMIC's ~37 rows)
ARB_CONTRAINDICATIONS = {"aki": 0.0, "hyperkalemia": 0.0}


def _tail_drugs() -> tuple[Drug, ...]:
    """reference/drugs_tail.tsv as Drug entries: unconditioned drugs get a Zipf share of TAIL_DRUGS_PER_ADMISSION,
    condition-bound ones a fixed probability within their condition."""
    lines = [ln for ln in (REFERENCE_DIR / "drugs_tail.tsv").read_text(encoding="utf-8").splitlines()
             if ln and not ln.startswith("#")][1:]
    rows = [ln.split("\t") for ln in lines]
    free = [r for r in rows if not r[6]]
    weights = [1.0 / (i + 5) for i in range(len(free))]
    scale = TAIL_DRUGS_PER_ADMISSION / sum(weights)
    base = {r[0]: w * scale for r, w in zip(free, weights, strict=True)}
    used = {d.formulary_drug_cd for d in DRUGS}
    out = []
    for name, dose, unit, form, route, freq, condition in rows:
        code = "".join(ch for ch in name.upper() if ch.isalpha())[:5] + "".join(ch for ch in dose if ch.isdigit())[:4]
        while code in used:
            code += "X"
        used.add(code)
        boosts = {condition: 0.12} if condition else {}
        if "sartan" in name.lower():
            boosts.update(ARB_CONTRAINDICATIONS)
        iv = route.startswith("IV")
        out.append(Drug(name, code, f"{dose}{unit} {_FORM_WORD.get(form, form)}", dose, unit, "1", form, route, freq,
                        _FREQ_HOURS.get(freq, 24), base.get(name, 0.0), boosts,
                        proc_type="IV Piggyback" if iv and form == "BAG" else ("IV Large Volume" if unit == "mL" and iv
                                                                               else "Unit Dose"),
                        prn=freq == "PRN", acute=iv))
    return tuple(out)


DRUGS = DRUGS + _tail_drugs()

# a condition that must get at least one of these drugs (the first is forced when none was drawn)
REQUIRE_ANY: dict[str, tuple[str, ...]] = {"sepsis": ("Vancomycin", "Piperacillin-Tazobactam")}

EMAR_EVENTS = ("Administered", "Not Given", "Held", "Flushed", "Confirmed", "Delayed Administered", "Not Assessed",
               "Refused", "Stopped", "Started")
EMAR_EVENT_P = (0.83, 0.045, 0.035, 0.02, 0.02, 0.02, 0.01, 0.01, 0.005, 0.005)

# -------------------------------------------------------------------------------------------- microbiology
# specimen kinds: spec_itemid, spec_type_desc, test_itemid, test_name (MIMIC's spellings; itemids MIMIC-like)
SPECIMENS: tuple[tuple[int, str, int, str], ...] = (
    (70012, "BLOOD CULTURE", 90039, "Blood Culture, Routine"),
    (70079, "URINE", 90040, "URINE CULTURE"),
    (70070, "SPUTUM", 90043, "RESPIRATORY CULTURE"),
    (70091, "MRSA SCREEN", 90083, "MRSA SCREEN"),
    (70067, "STOOL", 90267, "C. difficile PCR"),
    (70076, "SWAB", 90087, "WOUND CULTURE"),
    (70021, "CATHETER TIP-IV", 90032, "WOUND CULTURE"),
    (70013, "BRONCHOALVEOLAR LAVAGE", 90043, "RESPIRATORY CULTURE"),
    (70026, "CSF;SPINAL FLUID", 90051, "GRAM STAIN"),
    (70053, "PERITONEAL FLUID", 90060, "FLUID CULTURE"),
)
# organisms: org_itemid, org_name, class (gn gram-negative, pa pseudomonas-like, sa staph aureus, en enterococcus,
# st streptococci, ct skin contaminant, yt yeast/fungus, cd C. difficile, fl normal flora: no susceptibilities for
# ct, yt, cd, fl)
ORGANISMS: tuple[tuple[int, str, str], ...] = (
    (80002, "ESCHERICHIA COLI", "gn"), (80023, "STAPH AUREUS COAG +", "sa"), (80026, "PSEUDOMONAS AERUGINOSA", "pa"),
    (80004, "KLEBSIELLA PNEUMONIAE", "gn"), (80053, "ENTEROCOCCUS SP.", "en"),
    (80155, "STAPHYLOCOCCUS, COAGULASE NEGATIVE", "ct"), (80003, "KLEBSIELLA OXYTOCA", "gn"),
    (80005, "PROTEUS MIRABILIS", "gn"), (80006, "ENTEROBACTER CLOACAE COMPLEX", "gn"), (80007, "SERRATIA MARCESCENS", "gn"),
    (80008, "CITROBACTER FREUNDII COMPLEX", "gn"), (80009, "MORGANELLA MORGANII", "gn"), (80010, "KLEBSIELLA AEROGENES", "gn"),
    (80011, "ACINETOBACTER BAUMANNII COMPLEX", "pa"), (80012, "STENOTROPHOMONAS MALTOPHILIA", "pa"),
    (80013, "HAEMOPHILUS INFLUENZAE, BETA-LACTAMASE NEGATIVE", "gn"), (80014, "ENTEROCOCCUS FAECIUM", "en"),
    (80015, "ENTEROCOCCUS FAECALIS", "en"), (80016, "STREPTOCOCCUS PNEUMONIAE", "st"),
    (80017, "BETA STREPTOCOCCUS GROUP B", "st"), (80018, "BETA STREPTOCOCCUS GROUP A", "st"),
    (80019, "VIRIDANS STREPTOCOCCI", "st"), (80020, "STREPTOCOCCUS ANGINOSUS (MILLERI) GROUP", "st"),
    (80021, "CORYNEBACTERIUM SPECIES (DIPHTHEROIDS)", "ct"), (80022, "MICROCOCCUS/STOMATOCOCCUS SPECIES", "ct"),
    (80024, "PROPIONIBACTERIUM ACNES", "ct"), (80025, "YEAST", "yt"), (80027, "CANDIDA ALBICANS, PRESUMPTIVE IDENTIFICATION", "yt"),
    (80028, "CANDIDA GLABRATA", "yt"), (80029, "ASPERGILLUS FUMIGATUS", "yt"), (80030, "CLOSTRIDIUM DIFFICILE", "cd"),
    (80031, "OROPHARYNGEAL FLORA", "fl"), (80032, "MIXED BACTERIAL FLORA", "fl"), (80033, "BACTEROIDES FRAGILIS GROUP", "gn"),
    (80034, "MORAXELLA CATARRHALIS", "gn"), (80035, "STAPHYLOCOCCUS LUGDUNENSIS", "sa"), (80036, "PROVIDENCIA STUARTII", "gn"),
)
# which organisms grow from which specimen kind: (organism name, weight) per SPECIMENS index
SPECIMEN_ORGANISMS: dict[int, tuple[tuple[str, float], ...]] = {
    0: (("STAPH AUREUS COAG +", 0.2), ("ESCHERICHIA COLI", 0.18), ("STAPHYLOCOCCUS, COAGULASE NEGATIVE", 0.2),
        ("KLEBSIELLA PNEUMONIAE", 0.07), ("ENTEROCOCCUS FAECALIS", 0.04), ("ENTEROCOCCUS FAECIUM", 0.03),
        ("VIRIDANS STREPTOCOCCI", 0.03), ("STREPTOCOCCUS PNEUMONIAE", 0.03), ("PSEUDOMONAS AERUGINOSA", 0.03),
        ("CORYNEBACTERIUM SPECIES (DIPHTHEROIDS)", 0.05), ("MICROCOCCUS/STOMATOCOCCUS SPECIES", 0.02),
        ("PROPIONIBACTERIUM ACNES", 0.02), ("BETA STREPTOCOCCUS GROUP B", 0.02), ("BETA STREPTOCOCCUS GROUP A", 0.01),
        ("PROTEUS MIRABILIS", 0.01), ("SERRATIA MARCESCENS", 0.01), ("ENTEROBACTER CLOACAE COMPLEX", 0.02),
        ("CANDIDA GLABRATA", 0.01), ("CANDIDA ALBICANS, PRESUMPTIVE IDENTIFICATION", 0.01),
        ("BACTEROIDES FRAGILIS GROUP", 0.01), ("STAPHYLOCOCCUS LUGDUNENSIS", 0.01)),
    1: (("ESCHERICHIA COLI", 0.45), ("KLEBSIELLA PNEUMONIAE", 0.1), ("ENTEROCOCCUS SP.", 0.1), ("PROTEUS MIRABILIS", 0.06),
        ("PSEUDOMONAS AERUGINOSA", 0.05), ("YEAST", 0.06), ("KLEBSIELLA OXYTOCA", 0.02), ("CITROBACTER FREUNDII COMPLEX", 0.02),
        ("ENTEROBACTER CLOACAE COMPLEX", 0.02), ("MORGANELLA MORGANII", 0.01), ("PROVIDENCIA STUARTII", 0.01),
        ("KLEBSIELLA AEROGENES", 0.01), ("MIXED BACTERIAL FLORA", 0.06), ("BETA STREPTOCOCCUS GROUP B", 0.02)),
    2: (("OROPHARYNGEAL FLORA", 0.3), ("STAPH AUREUS COAG +", 0.15), ("PSEUDOMONAS AERUGINOSA", 0.1), ("YEAST", 0.08),
        ("KLEBSIELLA PNEUMONIAE", 0.06), ("HAEMOPHILUS INFLUENZAE, BETA-LACTAMASE NEGATIVE", 0.05),
        ("STREPTOCOCCUS PNEUMONIAE", 0.05), ("MORAXELLA CATARRHALIS", 0.03), ("ESCHERICHIA COLI", 0.04),
        ("STENOTROPHOMONAS MALTOPHILIA", 0.03), ("SERRATIA MARCESCENS", 0.03), ("ENTEROBACTER CLOACAE COMPLEX", 0.03),
        ("ACINETOBACTER BAUMANNII COMPLEX", 0.02), ("KLEBSIELLA AEROGENES", 0.02), ("ASPERGILLUS FUMIGATUS", 0.01)),
    3: (("STAPH AUREUS COAG +", 1.0),),
    4: (("CLOSTRIDIUM DIFFICILE", 1.0),),
    5: (("STAPH AUREUS COAG +", 0.35), ("BETA STREPTOCOCCUS GROUP A", 0.1), ("MIXED BACTERIAL FLORA", 0.15),
        ("ESCHERICHIA COLI", 0.06), ("PSEUDOMONAS AERUGINOSA", 0.06), ("ENTEROCOCCUS SP.", 0.06),
        ("STREPTOCOCCUS ANGINOSUS (MILLERI) GROUP", 0.05), ("PROTEUS MIRABILIS", 0.04), ("BETA STREPTOCOCCUS GROUP B", 0.05),
        ("STAPHYLOCOCCUS, COAGULASE NEGATIVE", 0.05), ("BACTEROIDES FRAGILIS GROUP", 0.03)),
    6: (("STAPHYLOCOCCUS, COAGULASE NEGATIVE", 0.5), ("STAPH AUREUS COAG +", 0.2), ("YEAST", 0.1),
        ("ENTEROCOCCUS FAECALIS", 0.1), ("PSEUDOMONAS AERUGINOSA", 0.1)),
    7: (("OROPHARYNGEAL FLORA", 0.25), ("STAPH AUREUS COAG +", 0.2), ("PSEUDOMONAS AERUGINOSA", 0.15),
        ("KLEBSIELLA PNEUMONIAE", 0.1), ("YEAST", 0.1), ("STENOTROPHOMONAS MALTOPHILIA", 0.05),
        ("ASPERGILLUS FUMIGATUS", 0.05), ("HAEMOPHILUS INFLUENZAE, BETA-LACTAMASE NEGATIVE", 0.05),
        ("ACINETOBACTER BAUMANNII COMPLEX", 0.05)),
    8: (("STREPTOCOCCUS PNEUMONIAE", 0.4), ("STAPHYLOCOCCUS, COAGULASE NEGATIVE", 0.3), ("STAPH AUREUS COAG +", 0.3)),
    9: (("ESCHERICHIA COLI", 0.35), ("KLEBSIELLA PNEUMONIAE", 0.2), ("ENTEROCOCCUS FAECIUM", 0.15),
        ("VIRIDANS STREPTOCOCCI", 0.1), ("YEAST", 0.1), ("BACTEROIDES FRAGILIS GROUP", 0.1)),
}
ANTIBIOTICS = (
    (90004, "AMPICILLIN"), (90005, "CEFAZOLIN"), (90006, "CEFTRIAXONE"), (90007, "CIPROFLOXACIN"), (90008, "GENTAMICIN"),
    (90010, "MEROPENEM"), (90011, "NITROFURANTOIN"), (90012, "PIPERACILLIN/TAZO"), (90013, "TRIMETHOPRIM/SULFA"),
    (90014, "VANCOMYCIN"), (90015, "OXACILLIN"), (90016, "TETRACYCLINE"), (90017, "CEFEPIME"), (90018, "CEFTAZIDIME"),
    (90019, "TOBRAMYCIN"), (90020, "CLINDAMYCIN"), (90021, "ERYTHROMYCIN"), (90022, "LEVOFLOXACIN"), (90023, "RIFAMPIN"),
    (90024, "LINEZOLID"), (90025, "DAPTOMYCIN"), (90026, "PENICILLIN G"), (90027, "AMPICILLIN/SULBACTAM"),
)
# susceptibility panel per organism class, and the share resistant
SUSCEPTIBILITY_PANELS: dict[str, tuple[tuple[str, ...], float]] = {
    "gn": (("AMPICILLIN", "AMPICILLIN/SULBACTAM", "CEFAZOLIN", "CEFTRIAXONE", "CEFEPIME", "CEFTAZIDIME", "CIPROFLOXACIN",
            "GENTAMICIN", "TOBRAMYCIN", "MEROPENEM", "PIPERACILLIN/TAZO", "TRIMETHOPRIM/SULFA", "NITROFURANTOIN"), 0.2),
    "pa": (("CEFEPIME", "CEFTAZIDIME", "CIPROFLOXACIN", "GENTAMICIN", "TOBRAMYCIN", "MEROPENEM", "PIPERACILLIN/TAZO"), 0.15),
    "sa": (("OXACILLIN", "VANCOMYCIN", "CLINDAMYCIN", "ERYTHROMYCIN", "GENTAMICIN", "LEVOFLOXACIN", "RIFAMPIN",
            "TETRACYCLINE", "TRIMETHOPRIM/SULFA"), 0.25),
    "en": (("AMPICILLIN", "VANCOMYCIN", "LINEZOLID", "DAPTOMYCIN", "NITROFURANTOIN", "TETRACYCLINE"), 0.15),
    "st": (("PENICILLIN G", "CEFTRIAXONE", "ERYTHROMYCIN", "CLINDAMYCIN", "VANCOMYCIN", "LEVOFLOXACIN"), 0.1),
}

# ------------------------------------------------------------------------------------------- admissions
ADMISSION_TYPES = (("EW EMER.", 0.36), ("EU OBSERVATION", 0.2), ("OBSERVATION ADMIT", 0.1), ("URGENT", 0.09),
                   ("SURGICAL SAME DAY ADMISSION", 0.07), ("DIRECT EMER.", 0.04), ("DIRECT OBSERVATION", 0.04),
                   ("ELECTIVE", 0.08), ("AMBULATORY OBSERVATION", 0.02))
ED_TYPES = {"EW EMER.", "EU OBSERVATION", "OBSERVATION ADMIT", "URGENT"}
ADMISSION_LOCATIONS = ("EMERGENCY ROOM", "PHYSICIAN REFERRAL", "TRANSFER FROM HOSPITAL", "WALK-IN/SELF REFERRAL",
                       "CLINIC REFERRAL", "PROCEDURE SITE", "TRANSFER FROM SKILLED NURSING FACILITY", "PACU",
                       "INTERNAL TRANSFER TO OR FROM PSYCH", "AMBULATORY SURGERY TRANSFER", "INFORMATION NOT AVAILABLE")
# admission location weights (ADMISSION_LOCATIONS order) per route into the hospital
ADMISSION_LOCATION_BY_ROUTE = {
    "ed": (1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    "transfer": (0, 0, 0.85, 0, 0, 0, 0.15, 0, 0, 0, 0),
    "planned": (0, 0.70, 0, 0, 0.07, 0.10, 0, 0.08, 0, 0.05, 0),
    "direct_emergency": (0, 0.35, 0, 0.30, 0.15, 0, 0, 0, 0.08, 0, 0.12),
    "direct_observation": (0, 0.45, 0, 0.15, 0.20, 0.08, 0, 0.05, 0, 0, 0.07),
}
DISCHARGE_LOCATIONS = (("HOME", 0.38), ("HOME HEALTH CARE", 0.25), ("SKILLED NURSING FACILITY", 0.13), ("REHAB", 0.05),
                       ("CHRONIC/LONG TERM ACUTE CARE", 0.03), ("HOSPICE", 0.02), ("AGAINST ADVICE", 0.01),
                       ("ACUTE HOSPITAL", 0.01), ("PSYCH FACILITY", 0.01), ("OTHER FACILITY", 0.01),
                       ("ASSISTED LIVING", 0.01), ("HEALTHCARE FACILITY", 0.01), (None, 0.08))
INSURANCE = (("Medicare", 0.42), ("Private", 0.33), ("Medicaid", 0.17), ("Other", 0.07), ("No charge", 0.01))
# payer by age at admission (INSURANCE order): from 65 the primary payer is Medicare (Medicaid, the payer of last
# resort, and the other public plans pay after it), or a private employer plan while still working; under 65 private
# or Medicaid, Medicare only for disability and end-stage kidney disease (chronic kidney disease under 65: Medicare
# with CKD_UNDER_65_MEDICARE_P)
INSURANCE_UNDER_65 = (0.06, 0.52, 0.30, 0.09, 0.03)
INSURANCE_65_AND_OVER = (0.96, 0.04, 0.0, 0.0, 0.0)
CKD_UNDER_65_MEDICARE_P = 0.45
LANGUAGES = (("English", 0.89), ("Spanish", 0.03), ("Chinese", 0.012), ("Russian", 0.012), ("Portuguese", 0.008),
             ("Kabuverdianu", 0.006), ("Haitian", 0.006), ("Vietnamese", 0.004), ("Arabic", 0.003), ("Other", 0.009),
             ("Italian", 0.002), ("Greek", 0.002), ("French", 0.002), ("Korean", 0.001), ("Polish", 0.001),
             (None, 0.012))
MARITAL = (("MARRIED", 0.42), ("SINGLE", 0.33), ("WIDOWED", 0.12), ("DIVORCED", 0.08), (None, 0.05))
RACES = (("WHITE", 0.58), ("BLACK/AFRICAN AMERICAN", 0.12), ("OTHER", 0.04), ("UNKNOWN", 0.05), ("ASIAN", 0.02),
         ("WHITE - OTHER EUROPEAN", 0.02), ("HISPANIC OR LATINO", 0.02), ("HISPANIC/LATINO - PUERTO RICAN", 0.02),
         ("ASIAN - CHINESE", 0.015), ("WHITE - RUSSIAN", 0.015), ("BLACK/CAPE VERDEAN", 0.015),
         ("UNABLE TO OBTAIN", 0.01), ("PATIENT DECLINED TO ANSWER", 0.01), ("BLACK/CARIBBEAN ISLAND", 0.01),
         ("HISPANIC/LATINO - DOMINICAN", 0.01), ("WHITE - BRAZILIAN", 0.005), ("PORTUGUESE", 0.005),
         ("ASIAN - SOUTH EAST ASIAN", 0.005), ("AMERICAN INDIAN/ALASKA NATIVE", 0.005), ("ASIAN - ASIAN INDIAN", 0.005),
         ("WHITE - EASTERN EUROPEAN", 0.005), ("MULTIPLE RACE/ETHNICITY", 0.005), ("SOUTH AMERICAN", 0.005),
         ("NATIVE HAWAIIAN OR OTHER PACIFIC ISLANDER", 0.002), ("HISPANIC/LATINO - GUATEMALAN", 0.003),
         ("BLACK/AFRICAN", 0.005))
ANCHOR_YEAR_GROUPS = ("2008 - 2010", "2011 - 2013", "2014 - 2016", "2017 - 2019", "2020 - 2022")
ANCHOR_GROUP_P = (0.22, 0.21, 0.2, 0.2, 0.17)

# ICU unit weights (ICU_UNITS order: MICU, SICU, CVICU, MICU/SICU, CCU, TSICU, Neuro SICU) by why the patient is there
ICU_UNIT_BY_REASON = {
    "cardiac_surgery": (0, 0.1, 0.9, 0, 0, 0, 0),
    "cardiac": (0.2, 0, 0.1, 0, 0.7, 0, 0),  # infarction, heart failure
    "rhythm": (0.35, 0, 0, 0.15, 0.5, 0, 0),  # atrial fibrillation, chest pain
    "neuro": (0, 0, 0, 0.15, 0, 0, 0.85),  # stroke, intracranial haemorrhage
    "trauma": (0, 0.2, 0, 0, 0, 0.8, 0),
    "surgical": (0, 0.65, 0, 0.2, 0, 0.15, 0),
    "medical": (0.62, 0.05, 0, 0.33, 0, 0, 0),
}
CONDITION_ICU_REASON = {"cardiac_surgery": "cardiac_surgery", "mi": "cardiac", "heart_failure": "cardiac",
                        "afib": "rhythm", "chest_pain": "rhythm", "stroke": "neuro", "knee_replacement": "surgical",
                        "cholecystitis": "surgical"}  # every other condition: medical
TAIL_ICU_PREFIXES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("neuro", ("I60", "I61", "I62", "I63", "S06", "G")),
    ("trauma", ("S", "T")),
    ("cardiac", ("I21", "I22", "I50", "I35", "I34", "I25")),
    ("rhythm", ("I47", "I48", "I49")),
)  # long-tail principals: planned reasons are surgical, the rest medical
ICU_UNITS = (("Medical Intensive Care Unit (MICU)", 0.3), ("Surgical Intensive Care Unit (SICU)", 0.12),
             ("Cardiac Vascular Intensive Care Unit (CVICU)", 0.18), ("Medical/Surgical Intensive Care Unit (MICU/SICU)", 0.15),
             ("Coronary Care Unit (CCU)", 0.12), ("Trauma SICU (TSICU)", 0.08), ("Neuro Surgical Intensive Care Unit (Neuro SICU)", 0.05))
WARD_UNITS = (("Med/Surg", 0.22), ("Medicine", 0.25), ("Medicine/Cardiology", 0.1), ("Surgery", 0.06),
              ("Med/Surg/Trauma", 0.05), ("Neurology", 0.04), ("Cardiology Surgery Intermediate", 0.04),
              ("Hematology/Oncology", 0.05), ("Transplant", 0.02), ("Vascular", 0.03), ("Med/Surg/GYN", 0.04),
              ("Surgery/Trauma", 0.03), ("Orthopaedics", 0.04), ("Observation", 0.03))
STEPDOWN_UNITS = (("Medicine/Cardiology Intermediate", 0.35), ("Neuro Intermediate", 0.15), ("Surgery/Vascular/Intermediate", 0.2),
                  ("Cardiology Surgery Intermediate", 0.3))
ED_UNIT = "Emergency Department"

SERVICE_BY_UNIT_FALLBACK = ("MED", "SURG", "CMED", "NMED", "ORTHO", "OMED", "CSURG", "VSURG", "TSURG", "GU", "NSURG", "TRAUM")

POE_NONMED = (
    # order_type, order_subtype, per admission-day rate
    ("Lab", None, 5.0), ("General Care", "Vitals/Monitoring", 1.5), ("General Care", "Activity", 0.6),
    ("Nutrition", "Diet", 0.7), ("IV therapy", "IV fluids", 0.8), ("Radiology", "General Xray", 0.6),
    ("Radiology", "CT Scan", 0.25), ("Consults", None, 0.4), ("Cardiology", "ECG", 0.35), ("Respiratory", "Oxygen", 0.4),
    ("Blood Bank", None, 0.15), ("Nursing", None, 1.2),
)
POE_DETAIL_FIELDS = (
    ("Admit category", ("Admit to inpatient", "Place in observation")),
    ("Admit to", ("Medicine", "Cardiology", "Surgery", "Neurology")),
    ("Code status", ("Full code", "DNR / DNI", "DNR (do not resuscitate)")),
    ("Discharge Planning", ("Finalized", "Pending")),
    ("Discharge When", ("Discharge today", "Discharge tomorrow")),
)


HCPCS_USED: tuple[tuple[str, int, str, str], ...] = (
    ("99223", 1, "Initial hospital care, per day, for the evaluation and management of a patient, which requires these 3 key components",
     "Initial hospital care"),
    ("99233", 1, "Subsequent hospital care, per day, for the evaluation and management of a patient, which requires at least 2 of these 3 key components",
     "Subsequent hospital care"),
    ("99291", 1, "Critical care, evaluation and management of the critically ill or critically injured patient; first 30-74 minutes",
     "Critical care first hour"),
    ("99292", 1, "Critical care, evaluation and management of the critically ill or critically injured patient; each additional 30 minutes",
     "Critical care addl 30 min"),
    ("93010", 1, "Electrocardiogram, routine ECG with at least 12 leads; interpretation and report only", "Electrocardiogram report"),
    ("71045", 1, "Radiologic examination, chest; single view", "X-ray exam chest 1 view"),
    ("36556", 1, "Insertion of non-tunneled centrally inserted central venous catheter; age 5 years or older", "Insert non-tunnel cv cath"),
    ("94002", 1, "Ventilation assist and management, initiation of pressure or volume preset ventilators; hospital inpatient/observation, initial day",
     "Vent mgmt inpat init day"),
    ("G0378", 2, "Hospital observation service, per hour", "Hospital observation per hr"),
    ("99218", 1, "Initial observation care, per day, for the evaluation and management of a patient", "Initial observation care"),
)

# Nursing assessments charted every 2 or 4 hours in every ICU stay (text values, as MetaVision charts them).
# Labels follow MIMIC's MetaVision naming; itemids are allocated in dictionaries.py away from the real ones above.
ASSESSMENTS: tuple[tuple[str, str, float, tuple[str, ...]], ...] = (
    # label, category, every_h, values
    ("Pain Present", "Pain/Sedation", 2, ("No", "Yes")),
    ("Pain Level", "Pain/Sedation", 2, ("0-No Pain", "1-Minimal", "3-Mild", "5-Moderate", "7-Severe")),
    ("Pain Location", "Pain/Sedation", 4, ("Abdominal", "Back", "Chest", "Generalized", "Incisional")),
    ("Orientation", "Neurological", 2, ("Oriented x 3", "Oriented x 2", "Oriented x 1", "Disoriented")),
    ("Follows Commands", "Neurological", 2, ("Consistently", "Inconsistently", "None")),
    ("Speech", "Neurological", 4, ("Normal", "Slurred", "Aphasic", "Intubated")),
    ("Pupil Size Right", "Neurological", 2, ("2 mm", "3 mm", "4 mm")),
    ("Pupil Size Left", "Neurological", 2, ("2 mm", "3 mm", "4 mm")),
    ("Pupil Response Right", "Neurological", 2, ("Brisk", "Sluggish", "Non-reactive")),
    ("Pupil Response Left", "Neurological", 2, ("Brisk", "Sluggish", "Non-reactive")),
    ("Strength R Arm", "Neurological", 2, ("Normal strength", "Lifts against gravity", "Movement but not against gravity")),
    ("Strength L Arm", "Neurological", 2, ("Normal strength", "Lifts against gravity", "Movement but not against gravity")),
    ("Strength R Leg", "Neurological", 2, ("Normal strength", "Lifts against gravity", "Movement but not against gravity")),
    ("Strength L Leg", "Neurological", 2, ("Normal strength", "Lifts against gravity", "Movement but not against gravity")),
    ("LUL Lung Sounds", "Respiratory", 2, ("Clear", "Diminished", "Crackles", "Rhonchi")),
    ("LLL Lung Sounds", "Respiratory", 2, ("Clear", "Diminished", "Crackles", "Rhonchi")),
    ("RUL Lung Sounds", "Respiratory", 2, ("Clear", "Diminished", "Crackles", "Rhonchi")),
    ("RLL Lung Sounds", "Respiratory", 2, ("Clear", "Diminished", "Crackles", "Rhonchi")),
    ("Cough Effort", "Respiratory", 2, ("Strong", "Weak", "None")),
    ("Respiratory Effort", "Respiratory", 2, ("Normal", "Labored", "Shallow")),
    ("Ectopy Type 1", "Cardiovascular", 2, ("None", "PVC's", "PAC's")),
    ("Capillary Refill R", "Cardiovascular", 2, ("Normal <3 Seconds", "Abnormal >3 Seconds")),
    ("Capillary Refill L", "Cardiovascular", 2, ("Normal <3 Seconds", "Abnormal >3 Seconds")),
    ("Radial Pulse R", "Cardiovascular", 2, ("Palpable", "Doppler", "Weak Palpable")),
    ("Radial Pulse L", "Cardiovascular", 2, ("Palpable", "Doppler", "Weak Palpable")),
    ("Dorsal PedPulse R", "Cardiovascular", 2, ("Palpable", "Doppler", "Weak Palpable", "Absent")),
    ("Dorsal PedPulse L", "Cardiovascular", 2, ("Palpable", "Doppler", "Weak Palpable", "Absent")),
    ("PostTib Pulses R", "Cardiovascular", 2, ("Palpable", "Doppler", "Weak Palpable")),
    ("PostTib Pulses L", "Cardiovascular", 2, ("Palpable", "Doppler", "Weak Palpable")),
    ("Edema Location", "Cardiovascular", 2, ("Generalized", "Lower extremities", "None")),
    ("Bowel Sounds", "GI/GU", 2, ("Present", "Hypoactive", "Absent", "Hyperactive")),
    ("Abdominal Assessment", "GI/GU", 2, ("Soft", "Distended", "Firm", "Tender")),
    ("Urine Source", "GI/GU", 2, ("Foley", "Voiding", "Condom Cath")),
    ("Skin Temp", "Skin - Assessment", 2, ("Warm", "Cool", "Hot")),
    ("Skin Color", "Skin - Assessment", 2, ("Normal for race", "Pale", "Jaundiced", "Flushed")),
    ("Skin Condition", "Skin - Assessment", 2, ("Dry", "Moist", "Diaphoretic")),
    ("Skin Integrity", "Skin - Assessment", 2, ("Intact", "Impaired")),
    ("Braden Sensory Perception", "Skin - Assessment", 2, ("No Impairment", "Slight Impairment", "Very Limited")),
    ("Braden Moisture", "Skin - Assessment", 2, ("Rarely Moist", "Occasionally Moist", "Moist")),
    ("Braden Activity", "Skin - Assessment", 2, ("Bedfast", "Chairfast", "Walks Occasionally")),
    ("Braden Mobility", "Skin - Assessment", 2, ("Very Limited", "Slightly Limited", "No Limitations")),
    ("Braden Nutrition", "Skin - Assessment", 2, ("Probably Inadequate", "Adequate", "Excellent")),
    ("Braden Friction/Shear", "Skin - Assessment", 2, ("Potential Problem", "No Apparent Problem")),
    ("Activity", "Treatments", 2, ("Bed", "Chair", "Ambulate", "Dangle")),
    ("Head of Bed", "Treatments", 2, ("30 Degrees", "45 Degrees", "15 Degrees")),
    ("Turn", "Treatments", 2, ("Right", "Left", "Supine", "Self")),
    ("Position", "Treatments", 2, ("Left Side", "Right Side", "Supine", "Chair")),
    ("Safety Measures", "Treatments", 4, ("Bed locked in low position", "Call light within reach", "Side rails up x 2")),
    ("Side Rails", "Treatments", 4, ("2 Rails Up", "3 Rails Up", "4 Rails Up")),
    ("Diet Type", "General", 4, ("Regular", "Cardiac", "Diabetic", "NPO")),
    ("Parameters Checked", "Alarms", 2, ("Yes",)),
    ("Alarms On", "Alarms", 2, ("Yes",)),
    ("Oral Cavity", "GI/GU", 4, ("Pink/Moist", "Dry", "Coated")),
    ("Sputum Color", "Respiratory", 4, ("White", "Yellow", "Clear", "Tan")),
    ("Sputum Amount", "Respiratory", 4, ("Scant", "Small", "Moderate")),
    ("Heart Sounds", "Cardiovascular", 2, ("S1/S2", "Murmur", "Irregular")),
    ("Nail Bed Color", "Cardiovascular", 2, ("Pink", "Pale", "Cyanotic")),
    ("Anxiety", "Pain/Sedation", 4, ("None", "Mild", "Moderate")),
    ("Sleep", "General", 4, ("Awake", "Asleep", "Drowsy")),
    ("Mental Status", "Neurological", 2, ("Alert", "Lethargic", "Obtunded")),
)

# --------------------------------------------------------------------------------------------------- DRGs
# Long-tail principal diagnoses (ICD-10-CM, 3-character ranges, first match wins) -> MS-DRG family and APR-DRG.
# MS-DRG families: first code and pattern ("3" = W MCC / W CC / W/O CC/MCC, "2m" = W MCC / W/O MCC,
# "2c" = W CC/MCC / W/O CC/MCC, "1" = one code); titles as CMS writes them (MIMIC stores them upper-case).
# No registry package ships the MS-DRG or APR-DRG definitions, so these are written out by hand.
DRG_RULES: tuple[tuple[str, str, int, str, str, int, str], ...] = (
    ("A40", "A41", 871, "2m", "SEPTICEMIA OR SEVERE SEPSIS W/O MV >96 HOURS", 720, "SEPTICEMIA & DISSEMINATED INFECTIONS"),
    ("A00", "A09", 391, "2m", "ESOPHAGITIS, GASTROENT & MISC DIGEST DISORDERS", 249, "NON-BACTERIAL GASTROENTERITIS, NAUSEA & VOMITING"),
    ("A15", "A19", 177, "3", "RESPIRATORY INFECTIONS & INFLAMMATIONS", 137, "MAJOR RESPIRATORY INFECTIONS & INFLAMMATIONS"),
    ("B00", "B34", 865, "2m", "VIRAL ILLNESS", 723, "VIRAL ILLNESS"),
    ("A00", "B99", 867, "3", "OTHER INFECTIOUS & PARASITIC DISEASES DIAGNOSES", 724, "OTHER INFECTIOUS & PARASITIC DISEASES"),
    ("C15", "C26", 374, "3", "DIGESTIVE MALIGNANCY", 240, "DIGESTIVE MALIGNANCY"),
    ("C30", "C39", 180, "3", "RESPIRATORY NEOPLASMS", 136, "RESPIRATORY MALIGNANCY"),
    ("C40", "C49", 542, "3", "PATHOLOGICAL FRACTURES & MUSCULOSKELET & CONN TISS MALIG", 343,
     "MUSCULOSKELETAL MALIGNANCY & PATHOL FRACTURE D/T MUSCSKEL MALIG"),
    ("C50", "C50", 597, "3", "MALIGNANT BREAST DISORDERS", 382, "MALIGNANT BREAST DISORDERS"),
    ("C51", "C58", 754, "3", "MALIGNANCY, FEMALE REPRODUCTIVE SYSTEM", 530, "FEMALE REPRODUCTIVE SYSTEM MALIGNANCY"),
    ("C60", "C63", 722, "3", "MALIGNANCY, MALE REPRODUCTIVE SYSTEM", 500, "MALIGNANCY, MALE REPRODUCTIVE SYSTEM"),
    ("C64", "C68", 686, "3", "KIDNEY & URINARY TRACT NEOPLASMS", 461, "KIDNEY & URINARY TRACT MALIGNANCY"),
    ("C69", "C72", 54, "2m", "NERVOUS SYSTEM NEOPLASMS", 41, "NERVOUS SYSTEM MALIGNANCY"),
    ("C81", "C90", 840, "3", "LYMPHOMA & NON-ACUTE LEUKEMIA", 691, "LYMPHOMA, MYELOMA & NON-ACUTE LEUKEMIA"),
    ("C91", "C95", 834, "3", "ACUTE LEUKEMIA W/O MAJOR O.R. PROCEDURE", 690, "ACUTE LEUKEMIA"),
    ("C00", "D49", 843, "3", "OTHER MYELOPROLIF DIS OR POORLY DIFF NEOPL DIAG", 694,
     "LYMPHATIC & OTHER MALIGNANCIES & NEOPLASMS OF UNCERTAIN BEHAVIOR"),
    ("D50", "D64", 811, "2m", "RED BLOOD CELL DISORDERS", 663, "OTHER ANEMIA & DISORDERS OF BLOOD & BLOOD-FORMING ORGANS"),
    ("D65", "D69", 813, "1", "COAGULATION DISORDERS", 661, "COAGULATION & PLATELET DISORDERS"),
    ("D70", "D89", 814, "3", "RETICULOENDOTHELIAL & IMMUNITY DISORDERS", 660,
     "MAJOR HEMATOLOGIC/IMMUNOLOGIC DIAG EXC SICKLE CELL CRISIS & COAGUL"),
    ("E08", "E13", 637, "3", "DIABETES", 420, "DIABETES"),
    ("E00", "E35", 643, "3", "ENDOCRINE DISORDERS", 424, "OTHER ENDOCRINE DISORDERS"),
    ("E86", "E87", 640, "2m", "MISC DISORDERS OF NUTRITION,METABOLISM,FLUIDS/ELECTROLYTES", 422,
     "HYPOVOLEMIA & RELATED ELECTROLYTE DISORDERS"),
    ("E40", "E68", 640, "2m", "MISC DISORDERS OF NUTRITION,METABOLISM,FLUIDS/ELECTROLYTES", 421,
     "MALNUTRITION, FAILURE TO THRIVE & OTHER NUTRITIONAL DISORDERS"),
    ("E70", "E89", 642, "1", "INBORN AND OTHER DISORDERS OF METABOLISM", 425, "ELECTROLYTE DISORDERS EXCEPT HYPOVOLEMIA RELATED"),
    ("F01", "F09", 884, "1", "ORGANIC DISTURBANCES & INTELLECTUAL DISABILITY", 42,
     "DEGENERATIVE NERVOUS SYSTEM DISORDERS EXC MULT SCLEROSIS"),
    ("F10", "F19", 896, "2m", "ALCOHOL/DRUG ABUSE OR DEPENDENCE W/O REHABILITATION THERAPY", 773, "OPIOID ABUSE & DEPENDENCE"),
    ("F20", "F29", 885, "1", "PSYCHOSES", 750, "SCHIZOPHRENIA"),
    ("F30", "F31", 885, "1", "PSYCHOSES", 753, "BIPOLAR DISORDERS"),
    ("F32", "F39", 881, "1", "DEPRESSIVE NEUROSES", 751, "MAJOR DEPRESSIVE DISORDERS & OTHER/UNSPECIFIED PSYCHOSES"),
    ("F40", "F99", 882, "1", "NEUROSES EXCEPT DEPRESSIVE", 755, "ADJUSTMENT DISORDERS & NEUROSES EXCEPT DEPRESSIVE DIAGNOSES"),
    ("G35", "G37", 58, "3", "MULTIPLE SCLEROSIS & CEREBELLAR ATAXIA", 43, "MULTIPLE SCLEROSIS & OTHER DEMYELINATING DISEASES"),
    ("G40", "G41", 100, "2m", "SEIZURES", 53, "SEIZURE"),
    ("G43", "G44", 102, "2m", "HEADACHES", 54, "MIGRAINE & OTHER HEADACHES"),
    ("G45", "G46", 69, "1", "TRANSIENT ISCHEMIA W/O THROMBOLYTIC", 47, "TRANSIENT ISCHEMIA"),
    ("G10", "G32", 56, "2m", "DEGENERATIVE NERVOUS SYSTEM DISORDERS", 42, "DEGENERATIVE NERVOUS SYSTEM DISORDERS EXC MULT SCLEROSIS"),
    ("G50", "G65", 73, "2m", "CRANIAL & PERIPHERAL NERVE DISORDERS", 48, "PERIPHERAL, CRANIAL & AUTONOMIC NERVE DISORDERS"),
    ("G00", "G99", 91, "3", "OTHER DISORDERS OF NERVOUS SYSTEM", 58, "OTHER DISORDERS OF NERVOUS SYSTEM"),
    ("H00", "H59", 124, "2m", "OTHER DISORDERS OF THE EYE", 82, "EYE INFECTIONS & OTHER EYE DISORDERS"),
    ("H81", "H81", 149, "1", "DYSEQUILIBRIUM", 115, "OTHER EAR, NOSE, MOUTH,THROAT & CRANIAL/FACIAL DIAGNOSES"),
    ("H60", "H95", 154, "3", "OTHER EAR, NOSE, MOUTH AND THROAT DIAGNOSES", 115, "OTHER EAR, NOSE, MOUTH,THROAT & CRANIAL/FACIAL DIAGNOSES"),
    ("I10", "I16", 304, "2m", "HYPERTENSION", 199, "HYPERTENSION"),
    ("I20", "I20", 311, "1", "ANGINA PECTORIS", 198, "ANGINA PECTORIS & CORONARY ATHEROSCLEROSIS"),
    ("I21", "I22", 280, "3", "ACUTE MYOCARDIAL INFARCTION, DISCHARGED ALIVE", 190, "ACUTE MYOCARDIAL INFARCTION"),
    ("I23", "I25", 302, "2m", "ATHEROSCLEROSIS", 198, "ANGINA PECTORIS & CORONARY ATHEROSCLEROSIS"),
    ("I26", "I28", 175, "2m", "PULMONARY EMBOLISM", 134, "PULMONARY EMBOLISM"),
    ("I34", "I39", 306, "2m", "CARDIAC CONGENITAL & VALVULAR DISORDERS", 207, "OTHER CIRCULATORY SYSTEM DIAGNOSES"),
    ("I42", "I43", 314, "3", "OTHER CIRCULATORY SYSTEM DIAGNOSES", 205, "CARDIOMYOPATHY"),
    ("I44", "I49", 308, "3", "CARDIAC ARRHYTHMIA & CONDUCTION DISORDERS", 201, "CARDIAC ARRHYTHMIA & CONDUCTION DISORDERS"),
    ("I50", "I50", 291, "3", "HEART FAILURE & SHOCK", 194, "HEART FAILURE"),
    ("I60", "I64", 64, "3", "INTRACRANIAL HEMORRHAGE OR CEREBRAL INFARCTION", 45, "CVA & PRECEREBRAL OCCLUSION W INFARCT"),
    ("I65", "I69", 70, "3", "NONSPECIFIC CEREBROVASCULAR DISORDERS", 46, "NONSPECIFIC CVA & PRECEREBRAL OCCLUSION W/O INFARCT"),
    ("I70", "I79", 299, "3", "PERIPHERAL VASCULAR DISORDERS", 197, "PERIPHERAL & OTHER VASCULAR DISORDERS"),
    ("I80", "I82", 294, "2c", "DEEP VEIN THROMBOPHLEBITIS", 197, "PERIPHERAL & OTHER VASCULAR DISORDERS"),
    ("I00", "I99", 314, "3", "OTHER CIRCULATORY SYSTEM DIAGNOSES", 207, "OTHER CIRCULATORY SYSTEM DIAGNOSES"),
    ("J00", "J06", 152, "2m", "OTITIS MEDIA & URI", 113, "INFECTIONS OF UPPER RESPIRATORY TRACT"),
    ("J09", "J18", 193, "3", "SIMPLE PNEUMONIA & PLEURISY", 139, "OTHER PNEUMONIA"),
    ("J20", "J22", 202, "2c", "BRONCHITIS & ASTHMA", 141, "ASTHMA"),
    ("J40", "J44", 190, "3", "CHRONIC OBSTRUCTIVE PULMONARY DISEASE", 140, "CHRONIC OBSTRUCTIVE PULMONARY DISEASE"),
    ("J45", "J47", 202, "2c", "BRONCHITIS & ASTHMA", 141, "ASTHMA"),
    ("J60", "J84", 196, "3", "INTERSTITIAL LUNG DISEASE", 143, "OTHER RESPIRATORY DIAGNOSES EXCEPT SIGNS, SYMPTOMS & MINOR DIAGNOSES"),
    ("J85", "J86", 177, "3", "RESPIRATORY INFECTIONS & INFLAMMATIONS", 137, "MAJOR RESPIRATORY INFECTIONS & INFLAMMATIONS"),
    ("J90", "J91", 186, "3", "PLEURAL EFFUSION", 143, "OTHER RESPIRATORY DIAGNOSES EXCEPT SIGNS, SYMPTOMS & MINOR DIAGNOSES"),
    ("J93", "J93", 199, "3", "PNEUMOTHORAX", 143, "OTHER RESPIRATORY DIAGNOSES EXCEPT SIGNS, SYMPTOMS & MINOR DIAGNOSES"),
    ("J96", "J96", 189, "1", "PULMONARY EDEMA & RESPIRATORY FAILURE", 133, "RESPIRATORY FAILURE"),
    ("J00", "J99", 205, "2m", "OTHER RESPIRATORY SYSTEM DIAGNOSES", 143,
     "OTHER RESPIRATORY DIAGNOSES EXCEPT SIGNS, SYMPTOMS & MINOR DIAGNOSES"),
    ("K20", "K23", 368, "3", "MAJOR ESOPHAGEAL DISORDERS", 243, "OTHER ESOPHAGEAL DISORDERS"),
    ("K25", "K28", 380, "3", "COMPLICATED PEPTIC ULCER", 241, "PEPTIC ULCER & GASTRITIS"),
    ("K50", "K52", 385, "3", "INFLAMMATORY BOWEL DISEASE", 245, "INFLAMMATORY BOWEL DISEASE"),
    ("K56", "K56", 388, "3", "G.I. OBSTRUCTION", 247, "INTESTINAL OBSTRUCTION"),
    ("K57", "K57", 393, "3", "OTHER DIGESTIVE SYSTEM DIAGNOSES", 244, "DIVERTICULITIS & DIVERTICULOSIS"),
    ("K65", "K68", 371, "3", "MAJOR GASTROINTESTINAL DISORDERS & PERITONEAL INFECTIONS", 248,
     "MAJOR GASTROINTESTINAL & PERITONEAL INFECTIONS"),
    ("K70", "K70", 432, "3", "CIRRHOSIS & ALCOHOLIC HEPATITIS", 280, "CIRRHOSIS & ALCOHOLIC HEPATITIS"),
    ("K74", "K74", 432, "3", "CIRRHOSIS & ALCOHOLIC HEPATITIS", 280, "CIRRHOSIS & ALCOHOLIC HEPATITIS"),
    ("K71", "K77", 441, "3", "DISORDERS OF LIVER EXCEPT MALIG,CIRR,ALC HEPA", 283, "OTHER DISORDERS OF THE LIVER"),
    ("K80", "K83", 444, "3", "DISORDERS OF THE BILIARY TRACT", 284, "DISORDERS OF GALLBLADDER & BILIARY TRACT"),
    ("K85", "K87", 438, "3", "DISORDERS OF PANCREAS EXCEPT MALIGNANCY", 282, "DISORDERS OF PANCREAS EXCEPT MALIGNANCY"),
    ("K92", "K92", 377, "3", "G.I. HEMORRHAGE", 253, "OTHER & UNSPECIFIED GASTROINTESTINAL HEMORRHAGE"),
    ("K00", "K95", 393, "3", "OTHER DIGESTIVE SYSTEM DIAGNOSES", 254, "OTHER DIGESTIVE SYSTEM DIAGNOSES"),
    ("L03", "L03", 602, "2m", "CELLULITIS", 383, "CELLULITIS & OTHER SKIN INFECTIONS"),
    ("L89", "L89", 592, "3", "SKIN ULCERS", 380, "SKIN ULCERS"),
    ("L97", "L98", 592, "3", "SKIN ULCERS", 380, "SKIN ULCERS"),
    ("L00", "L99", 606, "2m", "MINOR SKIN DISORDERS", 385, "OTHER SKIN, SUBCUTANEOUS TISSUE & BREAST DISORDERS"),
    ("M30", "M36", 545, "3", "CONNECTIVE TISSUE DISORDERS", 346, "CONNECTIVE TISSUE DISORDERS"),
    ("M40", "M54", 551, "2m", "MEDICAL BACK PROBLEMS", 347, "OTHER BACK & NECK DISORDERS, FRACTURES & INJURIES"),
    ("M60", "M79", 557, "2m", "TENDONITIS, MYOSITIS & BURSITIS", 351, "OTHER MUSCULOSKELETAL SYSTEM & CONNECTIVE TISSUE DIAGNOSES"),
    ("M86", "M86", 539, "3", "OSTEOMYELITIS", 344,
     "OSTEOMYELITIS, SEPTIC ARTHRITIS & OTHER MUSCULOSKELETAL INFECTIONS"),
    ("M00", "M99", 553, "2m", "BONE DISEASES & ARTHROPATHIES", 351, "OTHER MUSCULOSKELETAL SYSTEM & CONNECTIVE TISSUE DIAGNOSES"),
    ("N17", "N19", 682, "3", "RENAL FAILURE", 460, "RENAL FAILURE"),
    ("N10", "N12", 689, "2m", "KIDNEY & URINARY TRACT INFECTIONS", 463, "KIDNEY & URINARY TRACT INFECTIONS"),
    ("N30", "N30", 689, "2m", "KIDNEY & URINARY TRACT INFECTIONS", 463, "KIDNEY & URINARY TRACT INFECTIONS"),
    ("N39", "N39", 689, "2m", "KIDNEY & URINARY TRACT INFECTIONS", 463, "KIDNEY & URINARY TRACT INFECTIONS"),
    ("N20", "N23", 693, "2m", "URINARY STONES W/O ESW LITHOTRIPSY", 465, "URINARY STONES & ACQUIRED UPPER URINARY TRACT OBSTRUCTION"),
    ("N40", "N53", 729, "2c", "OTHER MALE REPRODUCTIVE SYSTEM DIAGNOSES", 501, "MALE REPRODUCTIVE SYSTEM DIAGNOSES EXCEPT MALIGNANCY"),
    ("N60", "N65", 600, "2c", "NON-MALIGNANT BREAST DISORDERS", 385, "OTHER SKIN, SUBCUTANEOUS TISSUE & BREAST DISORDERS"),
    ("N70", "N77", 757, "3", "INFECTIONS, FEMALE REPRODUCTIVE SYSTEM", 531, "FEMALE REPRODUCTIVE SYSTEM INFECTIONS"),
    ("N80", "N98", 760, "2c", "MENSTRUAL & OTHER FEMALE REPRODUCTIVE SYSTEM DISORDERS", 532,
     "MENSTRUAL & OTHER FEMALE REPRODUCTIVE SYSTEM DISORDERS"),
    ("N00", "N99", 698, "3", "OTHER KIDNEY & URINARY TRACT DIAGNOSES", 468, "OTHER KIDNEY & URINARY TRACT DIAGNOSES, SIGNS & SYMPTOMS"),
    ("R07", "R07", 313, "1", "CHEST PAIN", 203, "CHEST PAIN"),
    ("R55", "R55", 312, "1", "SYNCOPE & COLLAPSE", 204, "SYNCOPE & COLLAPSE"),
    ("R50", "R50", 864, "1", "FEVER AND INFLAMMATORY CONDITIONS", 722, "FEVER"),
    ("R00", "R09", 204, "1", "RESPIRATORY SIGNS & SYMPTOMS", 144, "RESPIRATORY SIGNS, SYMPTOMS & MINOR DIAGNOSES"),
    ("R10", "R19", 391, "2m", "ESOPHAGITIS, GASTROENT & MISC DIGEST DISORDERS", 251, "ABDOMINAL PAIN"),
    ("R00", "R99", 947, "2m", "SIGNS & SYMPTOMS", 861, "SIGNS, SYMPTOMS & OTHER FACTORS INFLUENCING HEALTH STATUS"),
    ("S06", "S06", 85, "3", "TRAUMATIC STUPOR & COMA <1 HR", 55, "HEAD TRAUMA W COMA >1 HR OR HEMORRHAGE"),
    ("S00", "S09", 88, "3", "CONCUSSION", 58, "OTHER DISORDERS OF NERVOUS SYSTEM"),
    ("S20", "S29", 183, "3", "MAJOR CHEST TRAUMA", 135, "MAJOR CHEST & RESPIRATORY TRAUMA"),
    ("S32", "S32", 535, "2m", "FRACTURES OF HIP & PELVIS", 341, "FRACTURE OF PELVIS OR DISLOCATION OF HIP"),
    ("S72", "S72", 533, "2m", "FRACTURES OF FEMUR", 340, "FRACTURE OF FEMUR"),
    ("S00", "S99", 562, "2m", "FX, SPRN, STRN & DISL EXCEPT FEMUR, HIP, PELVIS & THIGH", 347,
     "OTHER BACK & NECK DISORDERS, FRACTURES & INJURIES"),
    ("T36", "T50", 917, "2m", "POISONING & TOXIC EFFECTS OF DRUGS", 812, "POISONING OF MEDICINAL AGENTS"),
    ("T51", "T65", 917, "2m", "POISONING & TOXIC EFFECTS OF DRUGS", 816, "TOXIC EFFECTS OF NON-MEDICINAL SUBSTANCES"),
    ("T78", "T78", 915, "2m", "ALLERGIC REACTIONS", 815, "OTHER INJURY, POISONING & TOXIC EFFECT DIAGNOSES"),
    ("T80", "T88", 919, "3", "COMPLICATIONS OF TREATMENT", 813, "OTHER COMPLICATIONS OF TREATMENT"),
    ("T00", "T99", 913, "2m", "TRAUMATIC INJURY", 384, "CONTUSION, OPEN WOUND & OTHER TRAUMA TO SKIN & SUBCUTANEOUS TISSUE"),
)
DRG_SUFFIX = {"3": (" W MCC", " W CC", " W/O CC/MCC"), "2m": (" W MCC", " W/O MCC", " W/O MCC"),
              "2c": (" W CC/MCC", " W CC/MCC", " W/O CC/MCC"), "1": ("", "", "")}
DRG_OFFSET = {"3": (0, 1, 2), "2m": (0, 1, 1), "2c": (0, 0, 1), "1": (0, 0, 0)}

# ------------------------------------------------------------------------------------------ long-tail labs
# Less common tests, drawn a few at a time on blood draws (Zipf over this order, first = most common).
# Real MIMIC itemids (reference/mimic_iv_items.tsv and two well-known ones: 50904 HDL, 50853 25-OH vitamin D):
# itemid, label, fluid, category, unit, lower, upper, mean, sd, decimals, lognormal
TAIL_LABS_REAL: tuple[tuple, ...] = (
    (50976, "Protein, Total", "Blood", "Chemistry", "g/dL", 6.4, 8.3, 6.8, 0.7, 1, False),
    (50930, "Globulin", "Blood", "Chemistry", "g/dL", 2.0, 4.0, 3.0, 0.5, 1, False),
    (51007, "Uric Acid", "Blood", "Chemistry", "mg/dL", 3.4, 7.0, 5.8, 1.8, 1, False),
    (51144, "Bands", "Blood", "Hematology", "%", 0, 5, 2, 2, 0, False),
    (52135, "Immature Granulocytes", "Blood", "Hematology", "%", 0.0, 1.0, 0.6, 0.4, 1, False),
    (51214, "Fibrinogen, Functional", "Blood", "Hematology", "mg/dL", 180, 400, 340, 110, 0, False),
    (51196, "D-Dimer", "Blood", "Hematology", "ng/mL", 0, 500, 700, 0, 0, True),
    (50883, "Bilirubin, Direct", "Blood", "Chemistry", "mg/dL", 0.0, 0.3, 0.2, 0, 1, True),
    (50884, "Bilirubin, Indirect", "Blood", "Chemistry", "mg/dL", 0.0, 1.1, 0.5, 0.3, 1, False),
    (50867, "Amylase", "Blood", "Chemistry", "IU/L", 0, 100, 60, 0, 0, True),
    (50927, "Gamma Glutamyltransferase", "Blood", "Chemistry", "IU/L", 0, 51, 45, 0, 0, True),
    (51652, "High-Sensitivity CRP", "Blood", "Chemistry", "mg/L", 0, 5.0, 4.0, 0, 1, True),
    (50809, "Glucose", "Blood", "Blood Gas", "mg/dL", 70, 105, 125, 30, 0, False),
    (50822, "Potassium, Whole Blood", "Blood", "Blood Gas", "mEq/L", 3.3, 5.1, 4.1, 0.5, 1, False),
    (50824, "Sodium, Whole Blood", "Blood", "Blood Gas", "mEq/L", 133, 145, 138, 3.5, 0, False),
    (50806, "Chloride, Whole Blood", "Blood", "Blood Gas", "mEq/L", 96, 108, 104, 4, 0, False),
    (50808, "Free Calcium", "Blood", "Blood Gas", "mmol/L", 1.12, 1.32, 1.14, 0.08, 2, False),
    (50810, "Hematocrit, Calculated", "Blood", "Blood Gas", "%", 36, 51, 33, 5, 0, False),
    (50811, "Hemoglobin", "Blood", "Blood Gas", "g/dL", 12.0, 17.5, 11.0, 1.8, 1, False),
    (50817, "Oxygen Saturation", "Blood", "Blood Gas", "%", 95, 100, 95, 3, 0, False),
    (50803, "Calculated Bicarbonate, Whole Blood", "Blood", "Blood Gas", "mEq/L", 22, 26, 24, 3, 0, False),
    (50805, "Carboxyhemoglobin", "Blood", "Blood Gas", "%", 0, 3, 1.5, 0.8, 1, False),
    (50814, "Methemoglobin", "Blood", "Blood Gas", "%", 0, 1, 0.6, 0.3, 1, False),
    (51297, "Thrombin", "Blood", "Hematology", "sec", 14, 19, 17, 2, 1, False),
    (50904, "Cholesterol, HDL", "Blood", "Chemistry", "mg/dL", 40, 200, 47, 14, 0, False),
    (50853, "25-OH Vitamin D", "Blood", "Chemistry", "ng/mL", 30, 60, 28, 12, 0, False),
)
# Tests that d_labitems lists under MIMIC-style itemids allocated in dictionaries.py: (label, fluid) -> range
# label, fluid, unit, lower, upper, mean, sd, decimals, lognormal
TAIL_LABS_LISTED: tuple[tuple, ...] = (
    ("Thyroid Stimulating Hormone", "Blood", "uIU/mL", 0.27, 4.2, 1.8, 0, 2, True),
    ("Vancomycin", "Blood", "ug/mL", 10, 20, 15, 5, 1, False),
    ("Cholesterol, Total", "Blood", "mg/dL", 0, 199, 170, 40, 0, False),
    ("Triglycerides", "Blood", "mg/dL", 0, 149, 130, 0, 0, True),
    ("Cholesterol, LDL, Calculated", "Blood", "mg/dL", 0, 129, 95, 32, 0, False),
    ("Free T4", "Blood", "ng/dL", 0.93, 1.7, 1.2, 0.25, 2, False),
    ("Vitamin B12", "Blood", "pg/mL", 243, 894, 520, 200, 0, False),
    ("Folate", "Blood", "ng/mL", 5.4, 20, 12, 5, 1, False),
    ("Haptoglobin", "Blood", "mg/dL", 30, 200, 130, 55, 0, False),
    ("Reticulocyte Count, Automated", "Blood", "%", 0.5, 2.5, 1.8, 0.8, 1, False),
    ("Procalcitonin", "Blood", "ng/mL", 0, 0.5, 0.3, 0, 2, True),
    ("Osmolality, Measured", "Blood", "mOsm/kg", 275, 295, 289, 9, 0, False),
    ("Digoxin", "Blood", "ng/mL", 0.8, 2.0, 1.0, 0.4, 1, False),
    ("Ammonia", "Blood", "umol/L", 11, 32, 30, 15, 0, False),
    ("Sedimentation Rate", "Blood", "mm/hr", 0, 20, 25, 18, 0, False),
    ("Transferrin", "Blood", "mg/dL", 200, 360, 240, 50, 0, False),
    ("Iron Binding Capacity, Total", "Blood", "ug/dL", 260, 470, 310, 60, 0, False),
    ("Cortisol", "Blood", "ug/dL", 5, 25, 14, 6, 1, False),
    ("Parathyroid Hormone", "Blood", "pg/mL", 15, 65, 55, 0, 0, True),
    ("Tacrolimus (FK506)", "Blood", "ng/mL", 5, 20, 8, 3, 1, False),
    ("Phenytoin", "Blood", "ug/mL", 10, 20, 12, 4, 1, False),
    ("Valproic Acid", "Blood", "ug/mL", 50, 100, 65, 20, 0, False),
    ("Lithium", "Blood", "mmol/L", 0.5, 1.2, 0.7, 0.2, 2, False),
    ("Acetaminophen", "Blood", "ug/mL", 0, 30, 6, 0, 0, True),
    ("Salicylate", "Blood", "mg/dL", 0, 30, 4, 3, 1, False),
    ("Ethanol", "Blood", "mg/dL", 0, 80, 40, 0, 0, True),
    ("Beta-2 Microglobulin", "Blood", "mg/L", 0.8, 2.2, 2.0, 0.9, 1, False),
    ("Alpha-Fetoprotein", "Blood", "ng/mL", 0, 8.4, 3, 0, 1, True),
    ("CEA", "Blood", "ng/mL", 0, 3.7, 2.5, 0, 1, True),
    ("Rheumatoid Factor", "Blood", "IU/mL", 0, 14, 9, 0, 0, True),
    ("Immunoglobulin A", "Blood", "mg/dL", 70, 400, 220, 80, 0, False),
    ("Immunoglobulin G", "Blood", "mg/dL", 700, 1600, 1000, 250, 0, False),
    ("Immunoglobulin M", "Blood", "mg/dL", 40, 230, 110, 50, 0, False),
    ("Insulin", "Blood", "uIU/mL", 2.6, 24.9, 10, 0, 1, True),
    ("C-Peptide", "Blood", "ng/mL", 1.1, 4.4, 2.5, 1.0, 1, False),
    ("Homocysteine", "Blood", "umol/L", 0, 15, 11, 4, 1, False),
    ("Prolactin", "Blood", "ng/mL", 4, 23, 12, 6, 1, False),
    ("Factor VIII", "Blood", "%", 50, 150, 110, 30, 0, False),
    ("Protein C", "Blood", "%", 70, 140, 100, 22, 0, False),
    ("Protein S", "Blood", "%", 60, 140, 95, 22, 0, False),
    ("Antithrombin", "Blood", "%", 80, 120, 95, 15, 0, False),
    ("Heparin LMW", "Blood", "IU/mL", 0.5, 1.1, 0.7, 0.3, 2, False),
    ("Heparin", "Blood", "IU/mL", 0.3, 0.7, 0.5, 0.2, 2, False),
    ("Von Willebrand Factor Antigen", "Blood", "%", 50, 160, 115, 35, 0, False),
    ("Anticardiolipin Antibody IgG", "Blood", "GPL", 0, 15, 6, 4, 1, False),
    ("Hemoglobin F", "Blood", "%", 0, 2, 0.6, 0.4, 1, False),
    ("Lead", "Blood", "ug/dL", 0, 5, 2, 1, 1, False),
    ("Zinc", "Blood", "ug/dL", 60, 120, 85, 15, 0, False),
    ("Copper", "Blood", "ug/dL", 70, 140, 105, 20, 0, False),
    ("Gastrin", "Blood", "pg/mL", 0, 100, 60, 30, 0, False),
    ("Renin", "Blood", "ng/mL/hr", 0.2, 3.3, 1.8, 0, 1, True),
    ("Aldosterone", "Blood", "ng/dL", 0, 21, 10, 5, 0, False),
    ("Cyclosporin", "Blood", "ng/mL", 100, 400, 200, 60, 0, False),
    ("Carbamazepine", "Blood", "ug/mL", 4, 12, 7, 2, 1, False),
    ("Gentamicin", "Blood", "ug/mL", 0, 10, 4, 2, 1, False),
    ("Tobramycin", "Blood", "ug/mL", 0, 10, 4, 2, 1, False),
    ("Creatinine", "Urine", "mg/dL", 20, 320, 90, 45, 0, False),
    ("Sodium", "Urine", "mEq/L", 20, 220, 60, 30, 0, False),
    ("Potassium", "Urine", "mEq/L", 25, 125, 40, 18, 0, False),
    ("Urea Nitrogen", "Urine", "mg/dL", 600, 2000, 650, 250, 0, False),
    ("Osmolality", "Urine", "mOsm/kg", 50, 1200, 450, 180, 0, False),
    ("Chloride", "Urine", "mEq/L", 110, 250, 70, 35, 0, False),
    ("Total Protein", "Urine", "mg/dL", 0, 15, 20, 0, 0, True),
    ("Albumin", "Urine", "mg/dL", 0, 2, 3, 0, 1, True),
    ("Uric Acid", "Urine", "mg/dL", 37, 92, 40, 15, 0, False),
    ("Magnesium", "Urine", "mg/dL", 2, 10, 6, 3, 1, False),
    ("Calcium", "Urine", "mg/dL", 1, 15, 7, 4, 1, False),
    ("Phosphate", "Urine", "mg/dL", 40, 140, 50, 20, 0, False),
    ("Glucose", "Ascites", "mg/dL", 60, 200, 110, 25, 0, False),
    ("Total Protein", "Ascites", "g/dL", 0.5, 2.5, 1.5, 0.8, 1, False),
    ("Albumin", "Ascites", "g/dL", 0.2, 1.5, 0.9, 0.4, 1, False),
    ("Lactate Dehydrogenase", "Ascites", "IU/L", 40, 200, 90, 40, 0, False),
    ("Total Nucleated Cells", "Ascites", "#/uL", 0, 500, 300, 0, 0, True),
    ("Polys", "Ascites", "%", 0, 25, 15, 12, 0, False),
    ("Lymphs", "Ascites", "%", 0, 70, 40, 18, 0, False),
    ("Amylase", "Ascites", "IU/L", 0, 100, 40, 20, 0, False),
    ("Bilirubin, Total", "Ascites", "mg/dL", 0, 2, 0.8, 0.5, 1, False),
    ("Triglycerides", "Ascites", "mg/dL", 0, 200, 60, 40, 0, False),
    ("Glucose", "Pleural", "mg/dL", 60, 200, 105, 30, 0, False),
    ("Total Protein", "Pleural", "g/dL", 1.0, 3.0, 3.0, 1.2, 1, False),
    ("Lactate Dehydrogenase", "Pleural", "IU/L", 40, 200, 160, 90, 0, False),
    ("Albumin", "Pleural", "g/dL", 0.5, 2.5, 1.8, 0.7, 1, False),
    ("Total Nucleated Cells", "Pleural", "#/uL", 0, 1000, 900, 0, 0, True),
    ("Polys", "Pleural", "%", 0, 25, 20, 15, 0, False),
    ("Lymphs", "Pleural", "%", 0, 70, 50, 20, 0, False),
    ("pH", "Pleural", "units", 7.3, 7.6, 7.4, 0.08, 2, False),
    ("Cholesterol", "Pleural", "mg/dL", 0, 60, 40, 25, 0, False),
    ("Glucose", "Cerebrospinal Fluid", "mg/dL", 50, 75, 62, 12, 0, False),
    ("Total Protein", "Cerebrospinal Fluid", "mg/dL", 15, 45, 40, 18, 0, False),
    ("Total Nucleated Cells", "Cerebrospinal Fluid", "#/uL", 0, 5, 3, 0, 0, True),
    ("RBC", "Cerebrospinal Fluid", "#/uL", 0, 5, 10, 0, 0, True),
    ("Lymphs", "Cerebrospinal Fluid", "%", 40, 80, 60, 15, 0, False),
    ("Polys", "Cerebrospinal Fluid", "%", 0, 6, 5, 5, 0, False),
    ("Lactate Dehydrogenase", "Cerebrospinal Fluid", "IU/L", 0, 40, 25, 12, 0, False),
    ("Total Nucleated Cells", "Joint Fluid", "#/uL", 0, 200, 2000, 0, 0, True),
    ("Polys", "Joint Fluid", "%", 0, 25, 40, 25, 0, False),
    ("RBC", "Joint Fluid", "#/uL", 0, 2000, 500, 0, 0, True),
    ("Glucose", "Joint Fluid", "mg/dL", 60, 110, 80, 20, 0, False),
    ("Total Protein", "Joint Fluid", "g/dL", 1.0, 3.0, 3.0, 1.0, 1, False),
    ("Crystals", "Joint Fluid", "#/uL", 0, 1, 0.5, 0.5, 1, False),
    ("Lactate Dehydrogenase", "Other Body Fluid", "IU/L", 40, 200, 120, 60, 0, False),
    ("Glucose", "Other Body Fluid", "mg/dL", 60, 200, 100, 30, 0, False),
    ("Total Protein", "Other Body Fluid", "g/dL", 0.5, 3.0, 2.0, 1.0, 1, False),
    ("Amylase", "Other Body Fluid", "IU/L", 0, 100, 80, 60, 0, False),
    ("Creatinine", "Other Body Fluid", "mg/dL", 0.5, 1.2, 1.5, 1.0, 1, False),
    ("Bilirubin, Total", "Other Body Fluid", "mg/dL", 0, 2, 1, 0.7, 1, False),
    ("Lipase", "Other Body Fluid", "IU/L", 0, 60, 80, 60, 0, False),
    ("Triglycerides", "Other Body Fluid", "mg/dL", 0, 200, 80, 60, 0, False),
    ("Glucose", "Stool", "mg/dL", 0, 100, 30, 20, 0, False),
    ("Osmolality", "Stool", "mOsm/kg", 250, 350, 290, 30, 0, False),
    ("Sodium", "Stool", "mEq/L", 20, 100, 60, 20, 0, False),
    ("Potassium", "Stool", "mEq/L", 20, 100, 60, 20, 0, False),
    ("Sodium", "Ascites", "mEq/L", 130, 145, 135, 4, 0, False),
    ("Creatinine", "Ascites", "mg/dL", 0.5, 1.2, 1.0, 0.4, 1, False),
    ("Creatinine", "Pleural", "mg/dL", 0.5, 1.2, 1.0, 0.4, 1, False),
    ("Amylase", "Pleural", "IU/L", 0, 100, 50, 30, 0, False),
    ("Triglycerides", "Pleural", "mg/dL", 0, 110, 60, 40, 0, False),
    ("Bilirubin, Total", "Pleural", "mg/dL", 0, 1, 0.5, 0.3, 1, False),
    ("Hematocrit", "Pleural", "%", 0, 2, 1, 1, 1, False),
    ("Hematocrit", "Ascites", "%", 0, 2, 0.5, 0.5, 1, False),
    ("Total Nucleated Cells", "Other Body Fluid", "#/uL", 0, 500, 400, 0, 0, True),
    ("Polys", "Other Body Fluid", "%", 0, 25, 30, 20, 0, False),
    ("Glucose", "Urine", "mg/dL", 0, 15, 10, 0, 0, True),
    ("Ketone", "Urine", "mg/dL", 0, 5, 2, 0, 0, True),
    ("Bicarbonate", "Stool", "mEq/L", 20, 60, 35, 12, 0, False),
    ("Magnesium", "Stool", "mg/dL", 10, 100, 40, 20, 0, False),
)
TAIL_LABS_PER_DRAW = 0.35  # long-tail tests per blood draw (inpatient and outpatient)
