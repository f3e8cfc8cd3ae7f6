-- Record noise: a lab test with numeric results elsewhere in the EHR (a label no other item shares) that was never
-- measured in this admission
WITH unique_labels AS (
  SELECT li.itemid, li.label
  FROM mimiciv_hosp.d_labitems li
  WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.d_labitems li2 WHERE li2.label = li.label AND li2.itemid <> li.itemid)
    AND EXISTS (SELECT 1 FROM mimiciv_hosp.labevents e WHERE e.itemid = li.itemid AND e.valuenum IS NOT NULL)
)
SELECT u.itemid AS lab_itemid, u.label AS lab_label
FROM unique_labels u
WHERE u.itemid <> {{lab_itemid}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l WHERE l.hadm_id = {{hadm_id}} AND l.itemid = u.itemid)
