-- (cohort floor: 20 admissions, or 0.5 % of all admissions in an EHR under 4,000 admissions such as the test EHRs)
-- (first care unit, 5-year age band, vital sign) with ≥ 20 stays of that age in that unit charting the vital (a cohort over a handful does not discriminate)
WITH st AS (
  SELECT s.stay_id, s.first_careunit,
         CAST(FLOOR((pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year) / 5.0) * 5 AS INTEGER) AS age_lo
  FROM mimiciv_icu.icustays s
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
  JOIN mimiciv_hosp.patients pt ON pt.subject_id = s.subject_id
  WHERE s.first_careunit IS NOT NULL
), cv AS (
  SELECT st.first_careunit, st.age_lo, c.itemid
  FROM st JOIN mimiciv_icu.chartevents c ON c.stay_id = st.stay_id
  WHERE c.itemid IN (220045, 220179, 220180, 220181, 220210, 220277, 223761, 220050, 220051, 220052)
    AND c.valuenum IS NOT NULL AND st.age_lo BETWEEN 20 AND 85
  GROUP BY st.first_careunit, st.age_lo, c.itemid
  HAVING COUNT(DISTINCT st.stay_id) >= LEAST(20, (SELECT COUNT(*) / 200 FROM mimiciv_hosp.admissions))
)
SELECT cv.first_careunit AS careunit, cv.age_lo, cv.age_lo + 4 AS age_hi, cv.itemid, d.label AS vital_label
FROM cv JOIN mimiciv_icu.d_items d ON d.itemid = cv.itemid
