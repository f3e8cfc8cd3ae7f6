-- Suspicion of infection (the MIMIC community's Sepsis-3 building block): hours from the admission's first culture
-- of a specimen type to the first order of an antibiotic started at or after that culture.
--   adm            the admission, checked against the patient
--   first_culture  earliest charted culture of the specimen type in the admission
--   abx_after      orders of the antibiotic that start at or after that culture
-- Answer: (first such start - first culture) in hours, one decimal.
WITH adm AS (
  SELECT a.hadm_id
  FROM mimiciv_hosp.admissions a
  WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}}
), first_culture AS (
  SELECT MIN(m.charttime) AS culture_time
  FROM mimiciv_hosp.microbiologyevents m
  JOIN adm ON adm.hadm_id = m.hadm_id
  WHERE m.spec_type_desc = {{specimen}}
), abx_after AS (
  SELECT p.starttime
  FROM mimiciv_hosp.prescriptions p
  JOIN adm ON adm.hadm_id = p.hadm_id
  CROSS JOIN first_culture fc
  WHERE p.drug = {{drug}} AND p.starttime >= fc.culture_time
)
SELECT ROUND(CAST(EXTRACT(EPOCH FROM (MIN(x.starttime) - fc.culture_time)) / 3600.0 AS NUMERIC), 1) AS hours_to_antibiotic
FROM abx_after x
CROSS JOIN first_culture fc
GROUP BY fc.culture_time
