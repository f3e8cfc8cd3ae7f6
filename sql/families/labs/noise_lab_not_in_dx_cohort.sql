-- Record noise: a real numeric lab that nobody coded with the diagnosis had in that admission
SELECT d.itemid, d.label AS lab_label
FROM mimiciv_hosp.d_labitems d
WHERE d.label IN (SELECT x.label FROM mimiciv_hosp.d_labitems x GROUP BY x.label HAVING COUNT(*) = 1)
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.labevents e WHERE e.itemid = d.itemid AND e.valuenum IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x
                  JOIN mimiciv_hosp.labevents l ON l.hadm_id = x.hadm_id
                  WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}} AND l.itemid = d.itemid)
