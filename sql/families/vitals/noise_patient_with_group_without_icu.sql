-- Query noise: another patient coded with the same diagnosis group, but only in admissions without an ICU stay: the
-- patient and the group exist and go together, yet there is no ICU stay whose first day could be scored
SELECT DISTINCT d.subject_id
FROM mimiciv_hosp.diagnoses_icd d
WHERE d.subject_id <> {{subject_id}}
  AND ((d.icd_version = 9 AND d.icd_code LIKE {{icd9_pattern}}) OR (d.icd_version = 10
      AND d.icd_code LIKE {{icd10_pattern}}))
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d2 JOIN mimiciv_icu.icustays s ON s.hadm_id = d2.hadm_id
                  WHERE d2.subject_id = d.subject_id
                    AND ((d2.icd_version = 9 AND d2.icd_code LIKE {{icd9_pattern}})
                         OR (d2.icd_version = 10 AND d2.icd_code LIKE {{icd10_pattern}})))
