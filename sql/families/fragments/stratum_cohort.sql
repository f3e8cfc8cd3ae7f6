-- The group's admissions in one stratum (an admissions column, stated by the slot of the same name): CTE cohort,
-- after CTE group_adm (fragments/group_admissions.sql).
-- Holes: stratum (the admissions column and its slot: insurance, admission_type, admission_location).
-- A reference reads each cohort admission's own measure with a LATERAL subquery, not from a CTE grouped by admission
-- and joined back to cohort: PostgreSQL estimates cohort at a row or so, joined the two by a nested loop, and so
-- compared every cohort admission with every other (a set-based query over the largest cohorts timed out).
), cohort AS (
  SELECT a.hadm_id, a.subject_id, a.admittime, a.dischtime, a.deathtime, a.hospital_expire_flag
  FROM mimiciv_hosp.admissions a
  JOIN group_adm g ON g.hadm_id = a.hadm_id
  WHERE a.${stratum} = {{${stratum}}}
