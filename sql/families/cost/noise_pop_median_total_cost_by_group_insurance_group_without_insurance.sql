-- Query noise: another group of the family's list that no admission under this insurance was ever coded with (by its
-- ICD patterns, or by a code whose title names the group): the group and the insurance both exist, but the cohort the
-- median is taken over is empty
WITH dx_groups(dx_group, icd9_pattern, icd10_pattern) AS (VALUES
  -- include: fragments/dx_groups.sql
  , ('migraine', '346%', 'G43%'), ('pneumococcal pneumonia', '481%', 'J13%'), ('infectious arthritis', '711%', 'M00%')
)
SELECT g.dx_group, g.icd9_pattern, g.icd10_pattern
FROM dx_groups g
WHERE g.dx_group <> {{dx_group}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
                  WHERE a.insurance = {{insurance}}
                    AND ((d.icd_version = 9 AND d.icd_code LIKE g.icd9_pattern) OR (d.icd_version = 10
                        AND d.icd_code LIKE g.icd10_pattern)))
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
                  JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = d.icd_code AND t.icd_version = d.icd_version
                  WHERE a.insurance = {{insurance}} AND LOWER(t.long_title) LIKE '%' || LOWER(g.dx_group) || '%')
