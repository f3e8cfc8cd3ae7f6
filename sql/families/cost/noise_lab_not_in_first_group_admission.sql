-- Record noise: a numeric lab of the EHR never drawn in the patient's first admission coded with the group, drawn
-- three times in proportion to how many admissions had the lab, capped at 40 (the binding caps a lab at 12 Clean
-- questions, so the everyday labs are alike there): a uniform pick named the rarely drawn labs (bands, globulin, CRP,
-- ESR) in most twins against one or two Clean questions each, a wording tell
--   freq       admissions with a numeric result of each lab, capped (slot-free: hoisted)
--   first_adm  the patient's admissions coded with the group, ranked by admission time
--   allowed    the labs the twin may name, with their weights; cum: cumulative weights for the draws
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), freq AS (
  SELECT l0.itemid, LEAST(COUNT(DISTINCT l0.hadm_id), 40) AS n
  FROM mimiciv_hosp.labevents l0
  WHERE l0.valuenum IS NOT NULL AND l0.hadm_id IS NOT NULL
  GROUP BY l0.itemid
), first_adm AS (
  SELECT a.hadm_id, a.admittime, RANK() OVER (ORDER BY a.admittime) AS rk
  FROM mimiciv_hosp.admissions a
  WHERE a.subject_id = {{subject_id}}
    AND EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
                WHERE d.hadm_id = a.hadm_id
                  AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = {{dx_group}}
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code))
), allowed AS (
  SELECT x.itemid, fq.n,
-- include: fragments/lab_label.sql alias=x
  FROM mimiciv_hosp.d_labitems x
  JOIN freq fq ON fq.itemid = x.itemid
  WHERE x.itemid <> {{itemid}} AND x.label || '|' || x.fluid || '|' || x.category IN (
        SELECT q.label || '|' || q.fluid || '|' || q.category FROM mimiciv_hosp.d_labitems q
        GROUP BY q.label, q.fluid, q.category HAVING COUNT(*) = 1)
    AND NOT EXISTS (SELECT 1 FROM first_adm f JOIN mimiciv_hosp.labevents l ON l.hadm_id = f.hadm_id
                    WHERE f.rk = 1 AND l.itemid = x.itemid)
), cum AS (
  SELECT a.itemid, a.lab_label, a.n, SUM(a.n) OVER (ORDER BY a.itemid) AS hi, SUM(a.n) OVER () AS total
  FROM allowed a
)
SELECT c.itemid, c.lab_label
FROM cum c
CROSS JOIN (VALUES (1), (2), (3)) AS k(k)
WHERE (c.hi - c.n) * 10007 <= ((CAST({{subject_id}} AS BIGINT) * 7919 + {{itemid}} * k.k * 131) % 10007) * c.total
  AND ((CAST({{subject_id}} AS BIGINT) * 7919 + {{itemid}} * k.k * 131) % 10007) * c.total < c.hi * 10007
