-- (patient, diagnosis group), admitted again later, with the date of the patient's first admission coded with the group (no tie at
-- that first admittime), where that admission is not the patient's first: the group then selects the admission (without
-- it, "the patient's first admission" is another one), so a twin naming a group the patient lacks is no restatement
-- (the drop-one reading, pipeline/construction/noise/drop_one.py)
WITH dx_groups(dx_group, icd9_pattern, icd10_pattern) AS (VALUES
  -- include: fragments/dx_groups.sql
), per AS (
  SELECT g.dx_group, g.icd9_pattern, g.icd10_pattern, a.subject_id, a.hadm_id, a.admittime,
         RANK() OVER (PARTITION BY g.dx_group, a.subject_id ORDER BY a.admittime) AS rk
  FROM dx_groups g
  JOIN mimiciv_hosp.diagnoses_icd d
    ON (d.icd_version = 9 AND d.icd_code LIKE g.icd9_pattern) OR (d.icd_version = 10 AND d.icd_code LIKE g.icd10_pattern)
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  GROUP BY g.dx_group, g.icd9_pattern, g.icd10_pattern, a.subject_id, a.hadm_id, a.admittime
)
SELECT p.subject_id, p.dx_group, p.icd9_pattern, p.icd10_pattern, CAST(p.admittime AS DATE) AS admit_date
FROM per p
WHERE p.rk = 1
  AND NOT EXISTS (SELECT 1 FROM per q WHERE q.dx_group = p.dx_group AND q.subject_id = p.subject_id
                                         AND q.rk = 1 AND q.hadm_id <> p.hadm_id)
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.admissions n WHERE n.subject_id = p.subject_id AND n.admittime > p.admittime)
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.admissions e WHERE e.subject_id = p.subject_id AND e.admittime < p.admittime)
