-- the lab was drawn in the patient's first admission coded with the group (vacuous without such an admission)
--   first_adm  the patient's admissions coded with the group, ranked by admission time
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), first_adm AS (
  SELECT a.hadm_id, a.admittime, RANK() OVER (ORDER BY a.admittime) AS rk
  FROM mimiciv_hosp.admissions a
  WHERE a.subject_id = {{subject_id}}
    AND EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
                WHERE d.hadm_id = a.hadm_id
                  AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = {{dx_group}}
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code))
)
SELECT NOT EXISTS (SELECT 1 FROM first_adm)
    OR EXISTS (SELECT 1 FROM first_adm f JOIN mimiciv_hosp.labevents l ON l.hadm_id = f.hadm_id
               WHERE f.rk = 1 AND l.itemid = {{itemid}}) AS holds
