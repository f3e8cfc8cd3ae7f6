-- Query-noise candidates of the population-by-group families: the values of a stratum column (insurance,
-- admission_type, admission_location) under which no admission of the group lies (the presupposed cohort is
-- empty), other than the stated one and other than a clinically implausible one for the group
-- (fragments/implausible_group_strata.sql). After CTE group_adm (fragments/group_admissions.sql); ends the query.
-- Holes: stratum (the admissions column and its slot), where (more conditions on the admission a; may be empty).
), cohort AS (
  SELECT a.${stratum}, a.hadm_id, a.subject_id, a.admittime, a.dischtime, a.deathtime, a.hospital_expire_flag
  FROM mimiciv_hosp.admissions a
  JOIN group_adm g ON g.hadm_id = a.hadm_id
  WHERE a.${stratum} IS NOT NULL${where}
)
SELECT v.${stratum}
FROM (SELECT DISTINCT a0.${stratum} FROM mimiciv_hosp.admissions a0 WHERE a0.${stratum} IS NOT NULL) v
WHERE v.${stratum} <> {{${stratum}}}
  AND NOT EXISTS (SELECT 1 FROM cohort c WHERE c.${stratum} = v.${stratum})
  AND NOT EXISTS (SELECT 1 FROM (VALUES
    -- include: fragments/implausible_group_strata.sql
    ) AS i (dx_group, stratum_value) WHERE i.dx_group = {{dx_group}} AND i.stratum_value = v.${stratum})
