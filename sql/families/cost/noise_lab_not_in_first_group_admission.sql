-- Record noise: a numeric lab of the EHR never drawn in the patient's first admission coded with the group
--   first_adm  the patient's admissions coded with the group, ranked by admission time
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), first_adm AS (
  SELECT a.hadm_id, a.admittime, RANK() OVER (ORDER BY a.admittime) AS rk
  FROM mimiciv_hosp.admissions a
  WHERE a.subject_id = {{subject_id}}
    AND EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
                WHERE d.hadm_id = a.hadm_id
                  AND {{dx_group}} IN (SELECT gc.dx_group FROM dx_group_codes gc
      WHERE gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code))
)
SELECT x.itemid,
-- include: fragments/lab_label.sql alias=x
FROM mimiciv_hosp.d_labitems x
WHERE x.itemid <> {{itemid}} AND x.label || '|' || x.fluid || '|' || x.category IN (
      SELECT q.label || '|' || q.fluid || '|' || q.category FROM mimiciv_hosp.d_labitems q
      GROUP BY q.label, q.fluid, q.category HAVING COUNT(*) = 1)
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.labevents e WHERE e.itemid = x.itemid AND e.valuenum IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM first_adm f JOIN mimiciv_hosp.labevents l ON l.hadm_id = f.hadm_id
                  WHERE f.rk = 1 AND l.itemid = x.itemid)
