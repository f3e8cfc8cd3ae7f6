-- Query noise: another lab test (unambiguous label) with exactly one numeric result in the first admission with the
-- group: no change from first to last can be computed
WITH first_adm AS (
  SELECT a.hadm_id, RANK() OVER (ORDER BY a.admittime) AS rk
  FROM mimiciv_hosp.admissions a
  WHERE a.subject_id = {{subject_id}}
    AND EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
                WHERE d.hadm_id = a.hadm_id
                  AND ((d.icd_version = 9 AND d.icd_code LIKE {{icd9_pattern}}) OR (d.icd_version = 10 AND d.icd_code LIKE {{icd10_pattern}})))
)
SELECT l.itemid AS lab_itemid, li.label AS lab_label
FROM first_adm f
JOIN mimiciv_hosp.labevents l ON l.hadm_id = f.hadm_id
JOIN mimiciv_hosp.d_labitems li ON li.itemid = l.itemid
WHERE f.rk = 1 AND l.itemid <> {{lab_itemid}} AND l.valuenum IS NOT NULL
  AND li.label NOT IN (SELECT li2.label FROM mimiciv_hosp.d_labitems li2 WHERE li2.itemid <> li.itemid)
GROUP BY l.itemid, li.label
HAVING COUNT(*) = 1
