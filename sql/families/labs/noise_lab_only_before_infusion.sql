-- Query noise: another lab test of the admission whose results all precede the infusion's first start
SELECT l.itemid AS lab_itemid, li.label AS lab_label
FROM mimiciv_hosp.labevents l
JOIN mimiciv_hosp.d_labitems li ON li.itemid = l.itemid
WHERE l.hadm_id = {{hadm_id}} AND l.itemid <> {{lab_itemid}} AND l.valuenum IS NOT NULL
  AND li.label NOT IN (SELECT li2.label FROM mimiciv_hosp.d_labitems li2 WHERE li2.itemid <> l.itemid)
GROUP BY l.itemid, li.label
HAVING MAX(l.charttime) < (SELECT MIN(i.starttime) FROM mimiciv_icu.inputevents i
                           WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}})
