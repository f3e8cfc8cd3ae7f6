-- Value noise: the size of a sibling cohort stated for this one — the same group under another insurance, or another
-- group under the same insurance (real counts of the family's cohorts, so the number says nothing by itself)
WITH dx_groups(dx_group, icd9_pattern, icd10_pattern) AS (VALUES
  -- include: fragments/dx_groups.sql
  , ('migraine', '346%', 'G43%'), ('pneumococcal pneumonia', '481%', 'J13%'), ('infectious arthritis', '711%', 'M00%')
), cohort AS (
  SELECT DISTINCT g.dx_group, a.insurance, a.hadm_id
  FROM dx_groups g
  JOIN mimiciv_hosp.diagnoses_icd d
    ON ((d.icd_version = 9 AND d.icd_code LIKE g.icd9_pattern) OR (d.icd_version = 10
        AND d.icd_code LIKE g.icd10_pattern))
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  WHERE a.insurance IS NOT NULL AND (g.dx_group = {{dx_group}} OR a.insurance = {{insurance}})
)
SELECT COUNT(*) AS n_adm
FROM cohort c
WHERE NOT (c.dx_group = {{dx_group}} AND c.insurance = {{insurance}})
GROUP BY c.dx_group, c.insurance
HAVING COUNT(*) <> {{n_adm}}
