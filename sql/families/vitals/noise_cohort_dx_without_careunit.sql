-- Record noise: another diagnosis of the kind Clean questions of the family ask about (≥ 5 ICU stays starting in
-- some unit, the binding's cohort floor), none of whose ICU stays started in this unit: the diagnosis and the unit
-- both exist, the cohort the question presupposes is empty. Drawn from the Clean questions' population of
-- diagnoses, not from every diagnosis coded ≥ 5 times (rare titles only twins named: a wording tell)
--   dx_unit  ICU stays per (diagnosis, first care unit)
WITH dx_unit AS (
  SELECT x.icd_code, x.icd_version, s.first_careunit, COUNT(DISTINCT s.stay_id) AS n
  FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_icu.icustays s ON s.hadm_id = x.hadm_id
  WHERE s.first_careunit IS NOT NULL
  GROUP BY x.icd_code, x.icd_version, s.first_careunit
)
SELECT DISTINCT TRIM(t.icd_code) AS icd_code, t.long_title AS icd_title
FROM dx_unit c
JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = c.icd_code AND t.icd_version = c.icd_version
WHERE c.icd_version = {{icd_version}} AND TRIM(c.icd_code) <> {{icd_code}}
  AND c.n >= LEAST(5, (SELECT COUNT(*) / 800 FROM mimiciv_hosp.admissions))
  AND NOT EXISTS (SELECT 1 FROM dx_unit u
                  WHERE u.icd_code = c.icd_code AND u.icd_version = c.icd_version AND u.first_careunit = {{careunit}})
