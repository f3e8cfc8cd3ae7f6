-- The patient's first admission coded with a diagnosis group (slots subject_id, dx_group): CTEs group_adm (the
-- patient's admissions coded with the group) and index_adm (the earliest of them, with its admission time; a tie
-- surfaces as two rows), continuing a WITH list whose first CTE is dx_group_codes (fragments/dx_group_codes.sql, or
-- fragments/dx_group_codes_broad.sql for the broad-group reading); a CTE after them starts with `), name AS (`.
-- The group is the one handle on the admission: the question does not restate its date.
group_adm AS (
  SELECT DISTINCT a.hadm_id, a.admittime
  FROM mimiciv_hosp.admissions a
  JOIN mimiciv_hosp.diagnoses_icd d ON d.hadm_id = a.hadm_id
  WHERE a.subject_id = {{subject_id}}
    AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = {{dx_group}}
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
), index_adm AS (
  SELECT g.hadm_id, g.admittime
  FROM group_adm g
  WHERE g.admittime = (SELECT MIN(g2.admittime) FROM group_adm g2)
