-- Query noise: another lab test of the admission (a label no other item shares) whose results all precede the
-- infusion's first start
WITH unique_labels AS (
  SELECT li.itemid, li.label
  FROM mimiciv_hosp.d_labitems li
  WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.d_labitems li2 WHERE li2.label = li.label AND li2.itemid <> li.itemid)
)
SELECT l.itemid AS lab_itemid, u.label AS lab_label
FROM mimiciv_hosp.labevents l
JOIN unique_labels u ON u.itemid = l.itemid
WHERE l.hadm_id = {{hadm_id}} AND l.itemid <> {{lab_itemid}} AND l.valuenum IS NOT NULL
GROUP BY l.itemid, u.label
HAVING MAX(l.charttime) < (SELECT MIN(i.starttime) FROM mimiciv_icu.inputevents i
                           WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}})
