-- Reading: the drug named by any spelling that shares its first five letters ("Heparin" / "Heparin Flush"),
-- prescribed in the stated admission (its stated date included)
SELECT p.starttime
FROM mimiciv_hosp.prescriptions p
JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND LOWER(SUBSTRING(p.drug, 1, 5)) = LOWER(SUBSTRING({{drug}}, 1, 5))
