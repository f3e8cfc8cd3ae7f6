-- The cells of pop_mean_by_dx_careunit (matched for swaps by fragments/cross_pairs.sql): a cell is a (diagnosis, first
-- care unit) with ≥ 5 ICU stays of admissions coded with the diagnosis starting in the unit that chart one of the
-- family's vitals (or 0.125 % of all admissions in an EHR under 4,000 admissions such as the test EHRs), of a diagnosis
-- whose stays began in ≥ 2 units (so the unit selects the stays: else a twin naming a unit the cohort lacks is answered
-- by dropping the unit). Ends with the CTEs cv (the (diagnosis, unit, vital) cohorts at the floor), rg_have and
-- rg_cell, closed.
WITH st AS (
  SELECT DISTINCT x.icd_code, x.icd_version, s.stay_id, s.first_careunit
  FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_icu.icustays s ON s.hadm_id = x.hadm_id
  WHERE s.first_careunit IS NOT NULL
), multi AS (
  SELECT st.icd_code, st.icd_version FROM st GROUP BY st.icd_code, st.icd_version
  HAVING COUNT(DISTINCT st.first_careunit) >= 2
), charted AS (
  -- each (stay, vital) charted once: joined row by row, every diagnosis of a stay met every vital result of it (44M
  -- rows that PostgreSQL sorted on disk at 30,000 patients), where the cells only ask whether the stay charted it
  SELECT DISTINCT c.stay_id, c.itemid FROM mimiciv_icu.chartevents c
  WHERE c.itemid IN (220045, 220179, 220180, 220181, 220210, 220277, 223761) AND c.valuenum IS NOT NULL
), cv AS (
  SELECT st.icd_code, st.icd_version, st.first_careunit, c.itemid
  FROM st JOIN charted c ON c.stay_id = st.stay_id
  WHERE EXISTS (SELECT 1 FROM multi m WHERE m.icd_code = st.icd_code AND m.icd_version = st.icd_version)
  GROUP BY st.icd_code, st.icd_version, st.first_careunit, c.itemid
  HAVING COUNT(DISTINCT st.stay_id) >= LEAST(5, (SELECT COUNT(*) / 800 FROM mimiciv_hosp.admissions))
), rg_have AS (
  SELECT DISTINCT CAST(st.icd_version AS VARCHAR) || ':' || TRIM(st.icd_code) AS rg_d, st.first_careunit AS rg_s
  FROM st
), rg_cell AS (
  SELECT CAST(cv.icd_version AS VARCHAR) || ':' || TRIM(cv.icd_code) AS rg_d, cv.first_careunit AS rg_s FROM cv
)
