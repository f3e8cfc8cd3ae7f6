-- (cohort floor: 20 admissions, or 0.5 % of all admissions in an EHR under 4,000 admissions such as the test EHRs)
-- (diagnosis, first care unit, vital) with ≥ 20 ICU stays of admissions coded with the diagnosis (a mean over a handful
--   does not discriminate); ≤ 3 per diagnosis
-- n_stays: the ICU stays of the cohort (every stay starting in the unit of an admission coded with the diagnosis),
-- which the question states
WITH st AS (
  SELECT DISTINCT x.icd_code, x.icd_version, s.stay_id, s.first_careunit
  FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_icu.icustays s ON s.hadm_id = x.hadm_id
  WHERE s.first_careunit IS NOT NULL
), cv AS (
  SELECT st.icd_code, st.icd_version, st.first_careunit, c.itemid
  FROM st JOIN mimiciv_icu.chartevents c ON c.stay_id = st.stay_id
  WHERE c.itemid IN (220045, 220179, 220180, 220181, 220210, 220277, 223761) AND c.valuenum IS NOT NULL
  GROUP BY st.icd_code, st.icd_version, st.first_careunit, c.itemid
  HAVING COUNT(DISTINCT st.stay_id) >= LEAST(20, (SELECT COUNT(*) / 200 FROM mimiciv_hosp.admissions))
), pick AS (
  SELECT cv.*, ROW_NUMBER() OVER (PARTITION BY cv.icd_code, cv.icd_version
         ORDER BY (cv.itemid * 7919 + LENGTH(cv.first_careunit) * 13 + LENGTH(cv.icd_code)) % 1069,
                                           cv.first_careunit, cv.itemid) AS rn
  FROM cv
)
SELECT TRIM(p.icd_code) AS icd_code, p.icd_version, t.long_title AS icd_title, p.first_careunit AS careunit,
       p.itemid, d.label AS vital_label, n.n_stays
FROM pick p
JOIN (SELECT st.icd_code, st.icd_version, st.first_careunit, COUNT(DISTINCT st.stay_id) AS n_stays
      FROM st GROUP BY st.icd_code, st.icd_version, st.first_careunit) n
  ON n.icd_code = p.icd_code AND n.icd_version = p.icd_version AND n.first_careunit = p.first_careunit
JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
JOIN mimiciv_icu.d_items d ON d.itemid = p.itemid
WHERE p.rn <= 3
