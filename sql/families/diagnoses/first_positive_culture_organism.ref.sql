SELECT DISTINCT m.org_name
FROM mimiciv_hosp.microbiologyevents m
JOIN mimiciv_hosp.admissions a ON a.hadm_id = m.hadm_id
WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND m.spec_type_desc = {{specimen}} AND m.org_name IS NOT NULL
  AND COALESCE(m.charttime, m.chartdate) = (
    SELECT MIN(COALESCE(m2.charttime, m2.chartdate)) FROM mimiciv_hosp.microbiologyevents m2
    WHERE m2.hadm_id = a.hadm_id AND m2.spec_type_desc = {{specimen}} AND m2.org_name IS NOT NULL)
