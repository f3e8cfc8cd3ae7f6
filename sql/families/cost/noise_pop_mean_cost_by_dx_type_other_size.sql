-- Value noise: the size of a sibling cohort stated for this one — the admissions of another type coded with the same
-- diagnosis (a real count, so the number says nothing by itself)
SELECT COUNT(DISTINCT x.hadm_id) AS n_adm
FROM mimiciv_hosp.diagnoses_icd x
JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}} AND a.admission_type <> {{admission_type}}
  AND EXISTS (SELECT 1 FROM mimiciv_derived.cost c WHERE c.hadm_id = a.hadm_id)
GROUP BY a.admission_type
HAVING COUNT(DISTINCT x.hadm_id) <> {{n_adm}}
