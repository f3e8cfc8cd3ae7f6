-- (cohort floor: 20 stays, or 0.5 % of all admissions in an EHR under 4,000 admissions such as the test EHRs)
-- (first care unit, 5-year age band, vital sign) where ≥ 20 stays of that age started in that unit (a cohort over a
-- handful does not discriminate) and the vital was charted in at least one of them. The list includes the pressures
-- that need a catheter (arterial, central venous, intracranial): charted in some cohorts and not in others, they are
-- what the Record twin asks about, so Clean questions ask about them too (with every vital charted in every cohort,
-- all 60 contracts of the default EHR had no twin)
-- Kept: the (cohort, vital) bindings a Record twin can be built from, as before only those became pairs (28 of 96 on
-- the default EHR): the cohort lacks some listed vital another cohort has (the twin asks about it), or this vital is
-- missing from another cohort (the twin names that cohort's age band). n_stays: the cohort's ICU stays, which the
-- question states (the Value twin misstates it)
WITH st AS (
  SELECT s.stay_id, s.first_careunit,
         CAST(FLOOR((pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year) / 5.0) * 5 AS INTEGER) AS age_lo
  FROM mimiciv_icu.icustays s
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
  JOIN mimiciv_hosp.patients pt ON pt.subject_id = s.subject_id
  WHERE s.first_careunit IS NOT NULL
), coh AS (
  SELECT st.first_careunit, st.age_lo
  FROM st
  WHERE st.age_lo BETWEEN 20 AND 85
  GROUP BY st.first_careunit, st.age_lo
  HAVING COUNT(DISTINCT st.stay_id) >= LEAST(20, (SELECT COUNT(*) / 200 FROM mimiciv_hosp.admissions))
), n AS (
  SELECT st.first_careunit, st.age_lo, COUNT(DISTINCT st.stay_id) AS n_stays
  FROM st GROUP BY st.first_careunit, st.age_lo
), cv AS (
  SELECT DISTINCT st.first_careunit, st.age_lo, c.itemid
  FROM st
  JOIN coh ON coh.first_careunit = st.first_careunit AND coh.age_lo = st.age_lo
  JOIN mimiciv_icu.chartevents c ON c.stay_id = st.stay_id
  WHERE c.itemid IN (220045, 220179, 220180, 220181, 220210, 220277, 223761, 220050, 220051, 220052, 220074, 220765)
    AND c.valuenum IS NOT NULL
)
SELECT cv.first_careunit AS careunit, cv.age_lo, cv.age_lo + 4 AS age_hi, cv.itemid, d.label AS vital_label, n.n_stays
FROM cv
JOIN mimiciv_icu.d_items d ON d.itemid = cv.itemid
JOIN n ON n.first_careunit = cv.first_careunit AND n.age_lo = cv.age_lo
WHERE EXISTS (SELECT 1 FROM cv o WHERE NOT EXISTS (SELECT 1 FROM cv h WHERE h.first_careunit = cv.first_careunit
                                                   AND h.age_lo = cv.age_lo AND h.itemid = o.itemid))
   OR EXISTS (SELECT 1 FROM coh o WHERE NOT EXISTS (SELECT 1 FROM cv h WHERE h.first_careunit = o.first_careunit
                                                    AND h.age_lo = o.age_lo AND h.itemid = cv.itemid))
