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
-- (hadm_id, itemid, charttime) with the value: an admission's results of a lab in time order are read from the index
-- alone, and a whole-EHR "per admission and lab" aggregate (first time, lowest and highest value) is a sorted
-- index-only scan PostgreSQL groups as it goes, where a scan of the table hashed two million groups
CREATE INDEX labevents_hadm_item_idx ON mimiciv_hosp.labevents (hadm_id, itemid, charttime) INCLUDE (valuenum);
-- The same with the unit: the per (admission, lab[, day]) groupings that check one unit (fragments/lab_days.sql,
-- the population-by-diagnosis cells) read it in index order, where a scan of the table hashed 6.4M day groups and
-- spilled to disk. A second index, not a wider first one: with the unit in it, PostgreSQL priced the wider index
-- above a sequential scan for queries that need no unit and hashed where they had merged (labs.first_value_after_drug;
-- BENCHMARKS.md, "PostgreSQL at 30,000 patients: index order for the per-time groupings")
CREATE INDEX labevents_hadm_item_unit_idx ON mimiciv_hosp.labevents (hadm_id, itemid, charttime)
    INCLUDE (valuenum, valueuom);
-- (itemid, valueuom): "is this lab ever reported in unit U" (unit noise candidates) is one index probe, not a scan
-- of every result of the lab (a 40-binding candidate query on PostgreSQL: 9.5 s -> 0.26 s)
CREATE INDEX labevents_item_idx ON mimiciv_hosp.labevents (itemid, valueuom);
-- (itemid, hadm_id) covering valuenum: "admissions with a numeric result, per lab" (COUNT(DISTINCT hadm_id) GROUP BY
-- itemid, which seven lab families' binding queries compute to find the routine labs) is an index-only scan in
-- group order instead of an index scan fetching every result from the heap (2.6 s -> 0.5 s per query; the 71
-- binding queries on the default EHR: 54.4 -> 46.2 CPU-s)
CREATE INDEX labevents_item_hadm_idx ON mimiciv_hosp.labevents (itemid, hadm_id) INCLUDE (valuenum);
-- A specimen's other results (the first-day SOFA's PaO2 counted only from an arterial specimen: `JOIN labevents spec
-- ON spec.specimen_id = po2.specimen_id AND spec.itemid = 52033`): without it PostgreSQL read all of the specimen-type
-- results per PaO2 (1.37 s -> 0.013 s per 24 bindings; 135 of PostgreSQL's 506 template-seconds at 30,000 patients)
CREATE INDEX labevents_specimen_idx ON mimiciv_hosp.labevents (specimen_id);
-- A lab's unit depends on the lab: without this PostgreSQL multiplies the two selectivities and estimates
-- `itemid = x AND valueuom = u` at ~300 rows where a routine lab has ~25,000, so correlated per-binding queries
-- (set-based conditions, readings) started from the lab and probed the drug's prescriptions per result instead of
-- the reverse (labs.pop_age_above_threshold_on_drug's conditions over 24 bindings: 1.2 s -> 0.2 s)
CREATE STATISTICS mimiciv_hosp.labevents_item_unit_stx (dependencies) ON itemid, valueuom FROM mimiciv_hosp.labevents;
CREATE INDEX microbiologyevents_hadm_idx ON mimiciv_hosp.microbiologyevents (hadm_id);
CREATE INDEX microbiologyevents_subject_idx ON mimiciv_hosp.microbiologyevents (subject_id);
CREATE INDEX omr_subject_idx ON mimiciv_hosp.omr (subject_id, chartdate);
CREATE INDEX poe_hadm_idx ON mimiciv_hosp.poe (hadm_id);
CREATE INDEX poe_subject_idx ON mimiciv_hosp.poe (subject_id);
CREATE INDEX pharmacy_hadm_idx ON mimiciv_hosp.pharmacy (hadm_id);
CREATE INDEX prescriptions_hadm_idx ON mimiciv_hosp.prescriptions (hadm_id);
-- "a drug this patient had in another admission" (three noise queries): without it each binding scanned every
-- prescription (cost.drug_charges' noise step at 30,000 patients: 137 s, 136 s of it in one such query)
CREATE INDEX prescriptions_subject_idx ON mimiciv_hosp.prescriptions (subject_id);
CREATE INDEX prescriptions_drug_idx ON mimiciv_hosp.prescriptions (drug);
-- (hadm_id, drug): "the drugs ordered in these admissions" (the co-prescription Record candidates: some 300,000
-- orders per common drug at 30,000 patients) read from the index alone, not fetched row by row from the table
-- (30 bindings: 13.5 -> 10.3 s on PostgreSQL)
CREATE INDEX prescriptions_hadm_drug_idx ON mimiciv_hosp.prescriptions (hadm_id, drug);
-- "the drug under any spelling sharing its first five letters" (a reading every Noise twin of a drug cohort must
-- also fail): one index probe per binding instead of a scan of every prescription (0.28 s -> 0.06 s per 3 bindings)
CREATE INDEX prescriptions_drug_prefix_idx ON mimiciv_hosp.prescriptions (LOWER(SUBSTRING(drug, 1, 5)));
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
CREATE INDEX procedureevents_stay_item_idx ON mimiciv_icu.procedureevents (stay_id, itemid);
-- A charge is found by its admission and source row: both orders end in the third key, so whichever the planner
-- picks, a seq_num lookup is one probe (with (event_type, event_id) alone it scanned ~1,900 charges of other
-- admissions: a binding query 44.8 s -> 1.5 s on PostgreSQL); with the amount, an admission's total is read from the
-- index alone
CREATE INDEX cost_hadm_idx ON mimiciv_derived.cost (hadm_id, event_type, event_id) INCLUDE (cost);
CREATE INDEX cost_event_idx ON mimiciv_derived.cost (event_type, event_id, hadm_id);
CREATE INDEX cost_subject_idx ON mimiciv_derived.cost (subject_id);
