-- Admissions per (diagnosis group, stratum value) over the family's groups: a CTE (dx_group, <stratum>, n) after
-- CTEs dx_group_codes and dx_groups (fragments/dx_groups.sql); a CTE after it starts with `), `.
-- Holes: cte (its name), stratum (the admissions column), dx (more conditions on the diagnosis row d; may be
-- empty), where (more conditions on the admission a; may be empty).
), ${cte} AS (
  SELECT g.dx_group, a.${stratum}, COUNT(DISTINCT a.hadm_id) AS n
  FROM dx_groups g
  JOIN mimiciv_hosp.diagnoses_icd d
    ON g.dx_group IN (SELECT gc.dx_group FROM dx_group_codes gc
      WHERE gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)${dx}
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  WHERE a.${stratum} IS NOT NULL${where}
  GROUP BY g.dx_group, a.${stratum}
