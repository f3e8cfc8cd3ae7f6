SELECT d.itemid, d.label AS lab_label
FROM mimiciv_hosp.d_labitems d
WHERE d.itemid IN (50971, 50983, 50912, 50931, 50882, 51006, 50902, 50893, 50960, 50970, 51222, 51221, 51265, 51301)
  AND d.itemid <> {{itemid}}
  AND NOT EXISTS (
    SELECT 1 FROM mimiciv_hosp.labevents l
    WHERE l.hadm_id = {{hadm_id}} AND l.itemid = d.itemid AND l.valuenum IS NOT NULL
  )
