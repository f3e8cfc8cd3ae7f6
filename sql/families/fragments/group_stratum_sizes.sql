-- Admissions per (diagnosis group, stratum value) over the family's groups: a CTE (dx_group, icd9_pattern,
-- icd10_pattern, <stratum>, n) after CTE dx_groups (fragments/dx_groups.sql); a CTE after it starts with `), `.
-- Holes: cte (its name), stratum (the admissions column), dx (more conditions on the diagnosis row d; may be
-- empty), where (more conditions on the admission a; may be empty).
), ${cte} AS (
  SELECT g.dx_group, g.icd9_pattern, g.icd10_pattern, a.${stratum}, COUNT(DISTINCT a.hadm_id) AS n
  FROM dx_groups g
  JOIN mimiciv_hosp.diagnoses_icd d
    ON ((d.icd_version = 9 AND d.icd_code LIKE g.icd9_pattern) OR (d.icd_version = 10
        AND d.icd_code LIKE g.icd10_pattern))${dx}
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  WHERE a.${stratum} IS NOT NULL${where}
  GROUP BY g.dx_group, g.icd9_pattern, g.icd10_pattern, a.${stratum}
