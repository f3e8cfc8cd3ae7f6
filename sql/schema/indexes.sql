-- Indexes in the spirit of mimic-code index.sql: every event table is reached by patient, admission or stay,
-- and the big ones by item. Created after the data is loaded (PostgreSQL only; DuckDB relies on zone maps
-- over data written in subject_id order).
CREATE INDEX admissions_subject_idx ON mimiciv_hosp.admissions (subject_id);
CREATE INDEX transfers_hadm_idx ON mimiciv_hosp.transfers (hadm_id);
CREATE INDEX transfers_subject_idx ON mimiciv_hosp.transfers (subject_id);
CREATE INDEX diagnoses_icd_subject_idx ON mimiciv_hosp.diagnoses_icd (subject_id);
CREATE INDEX diagnoses_icd_code_idx ON mimiciv_hosp.diagnoses_icd (icd_code, icd_version);
CREATE INDEX procedures_icd_subject_idx ON mimiciv_hosp.procedures_icd (subject_id);
CREATE INDEX drgcodes_hadm_idx ON mimiciv_hosp.drgcodes (hadm_id);
CREATE INDEX services_subject_idx ON mimiciv_hosp.services (subject_id);
CREATE INDEX hcpcsevents_subject_idx ON mimiciv_hosp.hcpcsevents (subject_id);
CREATE INDEX labevents_subject_idx ON mimiciv_hosp.labevents (subject_id, charttime);
CREATE INDEX labevents_hadm_item_idx ON mimiciv_hosp.labevents (hadm_id, itemid);
-- (itemid, valueuom): "is this lab ever reported in unit U" (unit noise candidates) is one index probe, not a scan
-- of every result of the lab (a 40-binding candidate query on PostgreSQL: 9.5 s -> 0.26 s)
CREATE INDEX labevents_item_idx ON mimiciv_hosp.labevents (itemid, valueuom);
CREATE INDEX microbiologyevents_hadm_idx ON mimiciv_hosp.microbiologyevents (hadm_id);
CREATE INDEX microbiologyevents_subject_idx ON mimiciv_hosp.microbiologyevents (subject_id);
CREATE INDEX omr_subject_idx ON mimiciv_hosp.omr (subject_id, chartdate);
CREATE INDEX poe_hadm_idx ON mimiciv_hosp.poe (hadm_id);
CREATE INDEX poe_subject_idx ON mimiciv_hosp.poe (subject_id);
CREATE INDEX pharmacy_hadm_idx ON mimiciv_hosp.pharmacy (hadm_id);
CREATE INDEX prescriptions_hadm_idx ON mimiciv_hosp.prescriptions (hadm_id);
CREATE INDEX prescriptions_drug_idx ON mimiciv_hosp.prescriptions (drug);
CREATE INDEX emar_hadm_idx ON mimiciv_hosp.emar (hadm_id, charttime);
CREATE INDEX emar_subject_idx ON mimiciv_hosp.emar (subject_id);
CREATE INDEX emar_medication_idx ON mimiciv_hosp.emar (medication);
CREATE INDEX emar_detail_emar_idx ON mimiciv_hosp.emar_detail (emar_id);
CREATE INDEX icustays_hadm_idx ON mimiciv_icu.icustays (hadm_id);
CREATE INDEX icustays_subject_idx ON mimiciv_icu.icustays (subject_id);
CREATE INDEX chartevents_stay_item_idx ON mimiciv_icu.chartevents (stay_id, itemid, charttime);
CREATE INDEX chartevents_hadm_idx ON mimiciv_icu.chartevents (hadm_id);
CREATE INDEX chartevents_subject_idx ON mimiciv_icu.chartevents (subject_id);
CREATE INDEX datetimeevents_hadm_idx ON mimiciv_icu.datetimeevents (hadm_id);
CREATE INDEX inputevents_stay_idx ON mimiciv_icu.inputevents (stay_id, itemid);
CREATE INDEX inputevents_hadm_idx ON mimiciv_icu.inputevents (hadm_id);
CREATE INDEX ingredientevents_stay_idx ON mimiciv_icu.ingredientevents (stay_id);
CREATE INDEX outputevents_hadm_idx ON mimiciv_icu.outputevents (hadm_id);
CREATE INDEX procedureevents_hadm_idx ON mimiciv_icu.procedureevents (hadm_id);
-- A charge is found by its admission and source row: both orders end in the third key, so whichever the planner
-- picks, a seq_num lookup is one probe (with (event_type, event_id) alone it scanned ~1,900 charges of other
-- admissions: a binding query 44.8 s -> 1.5 s on PostgreSQL)
CREATE INDEX cost_hadm_idx ON mimiciv_derived.cost (hadm_id, event_type, event_id);
CREATE INDEX cost_event_idx ON mimiciv_derived.cost (event_type, event_id, hadm_id);
CREATE INDEX cost_subject_idx ON mimiciv_derived.cost (subject_id);
