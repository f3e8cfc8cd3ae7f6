"""A tiny hand-written EHR (all 31 MIMIC-IV tables + cost, a handful of rows) and Clean–Noise task pairs over it,
written as a split in the construction pipeline's layout. Small and exact, so every expected answer is known."""

import hashlib
import json
from pathlib import Path

import duckdb

from pipeline.ehr import schema
from pipeline.gym.tasks import Task, write_split

VERSION = "gymtest-0"

ROWS = [
    "INSERT INTO mimiciv_hosp.patients VALUES (10000001,'F',60,2150,'2008 - 2010',NULL),"
    "(10000002,'M',91,2160,'2017 - 2019','2161-01-02'),(10000003,'F',45,2150,'2011 - 2013',NULL)",
    "INSERT INTO mimiciv_hosp.admissions (subject_id, hadm_id, admittime, dischtime, admission_type, insurance, race) "
    "VALUES (10000001,20000001,'2150-03-01 08:00:00','2150-03-05 12:00:00','EW EMER.','Medicare','WHITE'),"
    "(10000002,20000002,'2160-06-10 10:30:00','2160-06-12 09:00:00','ELECTIVE','Private','UNKNOWN'),"
    "(10000003,20000003,'2150-07-01 00:15:00','2150-07-04 11:00:00','URGENT','Medicaid','ASIAN')",
    "INSERT INTO mimiciv_hosp.d_labitems VALUES (50971,'Potassium','Blood','Chemistry'),"
    "(50983,'Sodium','Blood','Chemistry'),(51006,'Urea Nitrogen','Blood','Chemistry')",
    "INSERT INTO mimiciv_hosp.labevents (labevent_id, subject_id, hadm_id, specimen_id, itemid, charttime, storetime,"
    " value, valuenum, valueuom, flag) VALUES "
    "(1,10000001,20000001,1,50971,'2150-03-01 09:00:00','2150-03-01 10:00:00','5.4',5.4,'mEq/L','abnormal'),"
    "(2,10000001,20000001,2,50971,'2150-03-02 10:00:00','2150-03-02 11:00:00','6.2',6.2,'mEq/L','abnormal'),"
    "(3,10000001,20000001,3,50983,'2150-03-01 09:00:00','2150-03-01 10:00:00','140',140,'mEq/L',NULL),"
    "(4,10000002,20000002,4,50971,'2160-06-10 12:00:00','2160-06-10 13:00:00','4.1',4.1,'mEq/L',NULL),"
    "(5,10000003,20000003,5,50971,'2150-07-01 06:00:00','2150-07-01 07:00:00','3.9',3.9,'mEq/L',NULL)",
    "INSERT INTO mimiciv_hosp.prescriptions (subject_id, hadm_id, pharmacy_id, starttime, stoptime, drug_type, drug,"
    " dose_val_rx, dose_unit_rx, route) VALUES "
    "(10000001,20000001,1,'2150-03-02 11:00:00','2150-03-02 12:00:00','MAIN','Insulin','10','UNIT','IV'),"
    "(10000001,20000001,2,'2150-03-01 12:00:00','2150-03-04 12:00:00','MAIN','Heparin','5000','UNIT','SC'),"
    "(10000001,20000001,3,'2150-03-03 08:00:00','2150-03-03 09:00:00','MAIN','Furosemide','40','mg','IV'),"
    "(10000002,20000002,4,'2160-06-10 12:00:00','2160-06-11 12:00:00','MAIN','Acetaminophen','650','mg','PO')",
    "INSERT INTO mimiciv_hosp.d_icd_diagnoses VALUES ('4019',9,'Unspecified essential hypertension'),"
    "('E871',10,'Hypo-osmolality and hyponatremia'),('I10',10,'Essential (primary) hypertension')",
    "INSERT INTO mimiciv_hosp.diagnoses_icd VALUES (10000001,20000001,1,'4019',9),(10000003,20000003,1,'4019',9),"
    "(10000002,20000002,1,'I10',10)",
    "INSERT INTO mimiciv_icu.d_items VALUES (220045,'Heart Rate','HR','chartevents','Routine Vital Signs','bpm',"
    "'Numeric',60,100)",
    "INSERT INTO mimiciv_icu.icustays VALUES (10000001,20000001,30000001,'MICU','MICU','2150-03-01 10:00:00',"
    "'2150-03-03 10:00:00',2.0)",
    "INSERT INTO mimiciv_icu.chartevents (subject_id, hadm_id, stay_id, charttime, itemid, value, valuenum, valueuom)"
    " VALUES (10000001,20000001,30000001,'2150-03-01 11:00:00',220045,'88',88,'bpm'),"
    "(10000001,20000001,30000001,'2150-03-01 12:00:00',220045,'112',112,'bpm'),"
    "(10000001,20000001,30000001,'2150-03-02 12:00:00',220045,'95',95,'bpm')",
    "INSERT INTO mimiciv_derived.cost VALUES (1,10000001,20000001,'labevents',1,'2150-03-01 09:00:00',12.5),"
    "(2,10000001,20000001,'prescriptions',1,'2150-03-02 11:00:00',30.25),"
    "(3,10000002,20000002,'labevents',4,'2160-06-10 12:00:00',12.5)",
]


def build_mini_ehr(path: Path) -> str:
    """Create the mini EHR DuckDB file; returns its URL."""
    con = duckdb.connect(str(path))
    for stmt in schema.ddl_statements("create", "duckdb") + schema.ddl_statements("derived", "duckdb"):
        con.execute(stmt)
    for stmt in ROWS:
        con.execute(stmt)
    con.close()
    return f"duckdb:///{path}"


SLOTS = {  # (clean, noise): what each twin states; the Noise twin's differing value is the broken premise
    1: ({"subject_id": 10000001}, {"subject_id": 10000009}),
    2: ({"subject_id": 10000001, "hadm_id": 20000001, "itemid": 50971, "lab_label": "potassium"},
        {"subject_id": 10000001, "hadm_id": 20000001, "itemid": 51006, "lab_label": "urea nitrogen"}),
    3: ({"hadm_id": 20000001, "window": "during"}, {"hadm_id": 20000001, "window": "after discharge"}),
    4: ({"stay_id": 30000001, "charttime": "2150-03-01 12:00:00", "value": 112},
        {"stay_id": 30000001, "charttime": "2150-03-01 12:00:00", "value": 140}),
    5: ({"hadm_id": 20000001}, {"hadm_id": 20000009}),
    6: ({"icd_code": "4019", "icd_version": 9}, {"icd_code": "E871", "icd_version": 10}),
    7: ({"hadm_id": 20000001, "threshold": 6.0}, {"hadm_id": 20000001, "threshold": 7.5}),
}


def _pair(n: int, intent: str, level: str, noise_level: str, answer_type: str, clean_q: str, clean_sql: str,
          answer: object, noise_q: str, noise_sql: str, failed: str, **extra: object) -> list[Task]:
    pair = f"p{n:02d}"
    clean_slots, noise_slots = SLOTS[n]
    common = {"pair_id": pair, "intent": intent, "level": level, "noise_level": noise_level, "family": f"{intent}.f{n}",
              "answer_type": answer_type, "split": "test", "dataset_version": VERSION, "subject_ids": [10000001]}
    return [
        Task(task_id=f"{pair}-clean", variant="clean", question=clean_q, reference_sql=clean_sql, answer=answer,
             conditions=[{"name": failed, "sql": "SELECT TRUE AS holds", "holds": True}], slots=clean_slots,
             **common, **extra),
        Task(task_id=f"{pair}-noise", variant="noise", question=noise_q, reference_sql=noise_sql, answer=None,
             conditions=[{"name": failed, "sql": "SELECT FALSE AS holds", "holds": False}], failed_condition=failed,
             slots=noise_slots, noise_kind="content", noise_operator=f"{noise_level}:{failed}:fixture", **common,
             **extra),
    ]


def make_tasks() -> list[Task]:
    lab = ("SELECT valuenum, valueuom FROM mimiciv_hosp.labevents WHERE hadm_id = {h} AND itemid = {i} "
           "ORDER BY charttime LIMIT 1")
    drugs = "SELECT DISTINCT drug FROM mimiciv_hosp.prescriptions WHERE hadm_id = 20000001 AND starttime {cond}"
    hr = ("SELECT MAX(valuenum) FROM mimiciv_icu.chartevents WHERE stay_id = 30000001 AND itemid = 220045 AND "
          "EXISTS (SELECT 1 FROM mimiciv_icu.chartevents c WHERE c.stay_id = 30000001 AND c.itemid = 220045 AND "
          "c.charttime = TIMESTAMP '2150-03-01 12:00:00' AND c.valuenum = {v})")
    cost = ("SELECT SUM(cost) FROM mimiciv_derived.cost WHERE hadm_id = {h} HAVING COUNT(*) > 0")
    mean_age = ("SELECT AVG(p.anchor_age) FROM mimiciv_hosp.patients p JOIN mimiciv_hosp.diagnoses_icd d "
                "USING (subject_id) WHERE d.icd_code = '{c}'")
    first_high = ("SELECT MIN(charttime) FROM mimiciv_hosp.labevents WHERE hadm_id = 20000001 AND itemid = 50971 "
                  "AND valuenum > {t}")
    return [
        *_pair(1, "demographics", "patient", "record", "string",
               "What is the gender of patient 10000001?",
               "SELECT gender FROM mimiciv_hosp.patients WHERE subject_id = 10000001", "F",
               "What is the gender of patient 10000009?",
               "SELECT gender FROM mimiciv_hosp.patients WHERE subject_id = 10000009", "patient_exists",
               answer_aliases=["female"]),
        *_pair(2, "labs", "patient", "record", "number_with_unit",
               "What was the first potassium value of patient 10000001 in admission 20000001?",
               lab.format(h=20000001, i=50971), {"value": 5.4, "unit": "mEq/L"},
               "What was the first urea nitrogen value of patient 10000001 in admission 20000001?",
               lab.format(h=20000001, i=51006), "lab_measured_in_admission", tolerance=0.001),
        *_pair(3, "medications", "patient", "query", "list",
               "Which drugs were started for patient 10000001 during admission 20000001?",
               drugs.format(cond="IS NOT NULL"), ["Insulin", "Heparin", "Furosemide"],
               "Which drugs were started for patient 10000001 after discharge from admission 20000001 but during it?",
               drugs.format(cond="> TIMESTAMP '2150-03-05 12:00:00'"), "drug_after_discharge"),
        *_pair(4, "vitals", "patient", "value", "number",
               "After the heart rate of 112 bpm at 2150-03-01 12:00 in ICU stay 30000001, what was the highest heart rate of the stay?",
               hr.format(v=112), 112.0,
               "After the heart rate of 140 bpm at 2150-03-01 12:00 in ICU stay 30000001, what was the highest heart rate of the stay?",
               hr.format(v=140), "stated_value_matches", tolerance=0.5),
        *_pair(5, "cost", "patient", "record", "number",
               "What was the total cost of hospital admission 20000001?", cost.format(h=20000001), 42.75,
               "What was the total cost of hospital admission 20000009?", cost.format(h=20000009),
               "admission_exists", tolerance=0.01),
        *_pair(6, "diagnoses", "population", "record", "number",
               "What is the mean anchor age of patients diagnosed with ICD-9 4019?", mean_age.format(c="4019"), 52.5,
               "What is the mean anchor age of patients diagnosed with ICD-10 E871?", mean_age.format(c="E871"),
               "cohort_nonempty", tolerance=0.01),
        *_pair(7, "labs", "patient", "query", "datetime",
               "When did potassium first exceed 6.0 mEq/L in admission 20000001?", first_high.format(t=6.0),
               "2150-03-02 10:00:00",
               "When did potassium first exceed 7.5 mEq/L in admission 20000001?", first_high.format(t=7.5),
               "threshold_crossed", precision="minute"),
    ]


def write_task_split(out_dir: Path, tasks: list[Task] | None = None) -> Path:
    tasks = tasks if tasks is not None else make_tasks()
    digest = hashlib.sha256("".join(t.task_id for t in tasks).encode()).hexdigest()[:12]
    write_split(tasks, out_dir, "test", manifest={"dataset_version": VERSION, "n_tasks": len(tasks), "digest": digest})
    return out_dir


class ScriptedChatServer:
    """A local OpenAI-compatible chat-completions endpoint whose 'model' is a Python function of the messages:
    the only stand-in the test suite allows. Use as a context manager; `.base_url` is its /v1 address."""

    def __init__(self, reply) -> None:  # reply: (messages) -> assistant message dict
        import threading
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                message = reply(body["messages"])
                server.requests += 1
                raw = json.dumps({"id": "chatcmpl-x", "object": "chat.completion", "created": 0, "model": body["model"],
                                  "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                                  "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

        self.requests = 0
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.base_url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def __enter__(self) -> "ScriptedChatServer":
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
