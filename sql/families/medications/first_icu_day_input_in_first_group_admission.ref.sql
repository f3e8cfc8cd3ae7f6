-- Total amount of an ICU input given in the first 24 hours of the first ICU stay of the patient's first admission
-- coded with a diagnosis group (first-day aggregate).
--   group_adm   the patient's admissions coded with the group (ICD-9 or ICD-10 pattern)
--   index_adm   the earliest of them, admitted on the stated date
--   first_stay  that admission's first ICU stay (ROW_NUMBER by intime)
--   day_one     rows of the input (named by its label) started within 24 h of ICU admission
WITH group_adm AS (
  SELECT DISTINCT a.hadm_id, a.admittime
  FROM mimiciv_hosp.admissions a
  JOIN mimiciv_hosp.diagnoses_icd d ON d.hadm_id = a.hadm_id
  WHERE a.subject_id = {{subject_id}}
    AND ((d.icd_version = 9 AND d.icd_code LIKE {{icd9_pattern}}) OR (d.icd_version = 10 AND d.icd_code LIKE {{icd10_pattern}}))
), index_adm AS (
  SELECT g.hadm_id
  FROM group_adm g
  WHERE g.admittime = (SELECT MIN(g2.admittime) FROM group_adm g2)
    AND CAST(g.admittime AS DATE) = {{admit_date}}
), first_stay AS (
  SELECT s.stay_id, s.intime, ROW_NUMBER() OVER (ORDER BY s.intime, s.stay_id) AS rn
  FROM mimiciv_icu.icustays s
  JOIN index_adm i ON i.hadm_id = s.hadm_id
), day_one AS (
  SELECT ie.amount, ie.amountuom
  FROM mimiciv_icu.inputevents ie
  JOIN first_stay fs ON fs.stay_id = ie.stay_id AND fs.rn = 1
  JOIN mimiciv_icu.d_items di ON di.itemid = ie.itemid
  WHERE ie.itemid = {{itemid}} AND di.label = {{input_label}} AND ie.amount IS NOT NULL
    AND ie.starttime >= fs.intime AND ie.starttime < fs.intime + INTERVAL '24 hours'
)
SELECT ROUND(CAST(SUM(d1.amount) AS NUMERIC), 2) AS total_amount, MIN(d1.amountuom) AS amountuom
FROM day_one d1
HAVING COUNT(*) > 0 AND COUNT(DISTINCT d1.amountuom) = 1
