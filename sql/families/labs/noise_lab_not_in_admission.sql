-- Record noise: a lab test with numeric results elsewhere in the EHR (unambiguous label) never measured in this admission
SELECT li.itemid AS lab_itemid, li.label AS lab_label
FROM mimiciv_hosp.d_labitems li
WHERE li.itemid <> {{lab_itemid}}
  AND li.label NOT IN (SELECT li2.label FROM mimiciv_hosp.d_labitems li2 WHERE li2.itemid <> li.itemid)
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.labevents e WHERE e.itemid = li.itemid AND e.valuenum IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l WHERE l.hadm_id = {{hadm_id}} AND l.itemid = li.itemid)
