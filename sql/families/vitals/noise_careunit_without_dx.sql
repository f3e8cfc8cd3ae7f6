-- Value noise: the stated first care unit is one where ICU stays exist, but none of an admission coded with the
-- diagnosis (the cohort has no stay of that unit); drawn from the Clean questions' units (match_clean)
SELECT s.first_careunit AS careunit
FROM (SELECT DISTINCT s0.first_careunit FROM mimiciv_icu.icustays s0) s
WHERE s.first_careunit IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_icu.icustays s2 ON s2.hadm_id = x.hadm_id
                  WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}}
                    AND s2.first_careunit = s.first_careunit)
