-- (cohort floor: 20 admissions, or 0.5 % of all admissions in an EHR under 4,000 admissions such as the test EHRs)
-- (first care unit, ICU input with a single amount unit) given in ≥ 20 stays starting in that unit (a maximum over a
-- handful does not discriminate); the count is not a slot (the question names
-- the cohort by its unit and input only)
WITH u AS (
  SELECT i.itemid FROM mimiciv_icu.inputevents i WHERE i.amount IS NOT NULL
  GROUP BY i.itemid HAVING COUNT(DISTINCT i.amountuom) = 1
)
SELECT s.first_careunit AS careunit, i.itemid, d.label AS input_label, MIN(i.amountuom) AS unit
FROM mimiciv_icu.inputevents i
JOIN u ON u.itemid = i.itemid
JOIN mimiciv_icu.icustays s ON s.stay_id = i.stay_id
JOIN mimiciv_icu.d_items d ON d.itemid = i.itemid
WHERE s.first_careunit IS NOT NULL AND i.amount IS NOT NULL AND i.amountuom <> 'dose'
GROUP BY s.first_careunit, i.itemid, d.label
HAVING COUNT(DISTINCT s.stay_id) >= LEAST(20, (SELECT COUNT(*) / 200 FROM mimiciv_hosp.admissions))
