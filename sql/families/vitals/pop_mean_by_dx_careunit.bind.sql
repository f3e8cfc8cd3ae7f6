-- (cohort floor: 5 ICU stays, or 0.125 % of all admissions in an EHR under 4,000 admissions such as the test EHRs)
-- (diagnosis, first care unit, vital) with ≥ 5 ICU stays of admissions coded with the diagnosis (a mean over a handful
--   does not discriminate); ≤ 3 per diagnosis. The floor was 20: Clean questions then named only the big units and
--   the commonest diagnoses, while the Noise's units and diagnoses (those a cohort lacks) are the rarer ones.
--   The diagnosis's stays began in ≥ 2 units, so the unit selects the stays (else a twin naming a unit the cohort
--   lacks is answered by dropping the unit: all the diagnosis's stays are the Clean ones)
WITH st AS (
  SELECT DISTINCT x.icd_code, x.icd_version, s.stay_id, s.first_careunit
  FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_icu.icustays s ON s.hadm_id = x.hadm_id
  WHERE s.first_careunit IS NOT NULL
), cv AS (
  SELECT st.icd_code, st.icd_version, st.first_careunit, c.itemid
  FROM st JOIN mimiciv_icu.chartevents c ON c.stay_id = st.stay_id
  WHERE c.itemid IN (220045, 220179, 220180, 220181, 220210, 220277, 223761) AND c.valuenum IS NOT NULL
  GROUP BY st.icd_code, st.icd_version, st.first_careunit, c.itemid
  HAVING COUNT(DISTINCT st.stay_id) >= LEAST(5, (SELECT COUNT(*) / 800 FROM mimiciv_hosp.admissions))
), multi AS (
  SELECT st.icd_code, st.icd_version FROM st GROUP BY st.icd_code, st.icd_version
  HAVING COUNT(DISTINCT st.first_careunit) >= 2
), pick AS (
  SELECT cv.*, ROW_NUMBER() OVER (PARTITION BY cv.icd_code, cv.icd_version
         ORDER BY (cv.itemid * 7919 + LENGTH(cv.first_careunit) * 13 + LENGTH(cv.icd_code)) % 1069,
                                           cv.first_careunit, cv.itemid) AS rn
  FROM cv JOIN multi m ON m.icd_code = cv.icd_code AND m.icd_version = cv.icd_version
)
SELECT TRIM(p.icd_code) AS icd_code, p.icd_version, t.long_title AS icd_title, p.first_careunit AS careunit,
       p.itemid, d.label AS vital_label
FROM pick p
JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
JOIN mimiciv_icu.d_items d ON d.itemid = p.itemid
WHERE p.rn <= 3
