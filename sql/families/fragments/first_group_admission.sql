-- The patient's first admission coded with a diagnosis group (slots subject_id, dx_group): CTEs dx_group_codes
-- (fragments/dx_group_codes${codes}.sql; hole codes: empty for the reference, _broad for the broad-group reading),
-- group_adm (the patient's admissions coded with the group) and index_adm (the
-- earliest of them; a tie surfaces as two rows), opening the query's WITH; a CTE after them starts with
-- `), name AS (`. The group is the one handle on the admission: the question does not restate its date.
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes${codes}.sql
), group_adm AS (
  SELECT DISTINCT a.hadm_id, a.admittime
  FROM mimiciv_hosp.admissions a
  JOIN mimiciv_hosp.diagnoses_icd d ON d.hadm_id = a.hadm_id
  WHERE a.subject_id = {{subject_id}}
    AND {{dx_group}} IN (SELECT gc.dx_group FROM dx_group_codes gc
      WHERE gc.icd_version = d.icd_version AND d.icd_code LIKE gc.prefix || '%')
), index_adm AS (
  SELECT g.hadm_id, g.admittime
  FROM group_adm g
  WHERE g.admittime = (SELECT MIN(g2.admittime) FROM group_adm g2)
