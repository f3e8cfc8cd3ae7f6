-- Query noise: a lab drawn (and charged) in the patient's first admission coded with the group, but only after its
-- first 48 hours: the lab and the admission exist, the window holds none of it
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
SELECT x.itemid,
-- include: fragments/lab_label.sql alias=x
FROM first_adm f
JOIN mimiciv_hosp.labevents l ON l.hadm_id = f.hadm_id
JOIN mimiciv_derived.cost c ON c.event_type = 'labevents' AND c.event_id = l.labevent_id
JOIN mimiciv_hosp.d_labitems x ON x.itemid = l.itemid
WHERE f.rk = 1 AND l.itemid <> {{itemid}} AND x.label || '|' || x.fluid || '|' || x.category IN (
      SELECT q.label || '|' || q.fluid || '|' || q.category FROM mimiciv_hosp.d_labitems q
      GROUP BY q.label, q.fluid, q.category HAVING COUNT(*) = 1)
GROUP BY x.itemid, x.label, x.fluid, x.category, f.admittime
HAVING MIN(c.chargetime) > f.admittime + INTERVAL '48 hours'
