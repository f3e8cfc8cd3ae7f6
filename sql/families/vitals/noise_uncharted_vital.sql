-- Record noise: a vital sign charted in other ICU stays but never in this one (e.g. arterial pressure without an
--   arterial line)
SELECT d.itemid, d.label AS vital_label
FROM mimiciv_icu.d_items d
WHERE d.itemid IN (220045, 220179, 220180, 220181, 220210, 220277, 220050, 220051, 220052, 223761, 223762)
  AND d.itemid <> {{itemid}}
  AND EXISTS (SELECT 1 FROM mimiciv_icu.chartevents e WHERE e.itemid = d.itemid AND e.valuenum IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.chartevents c WHERE c.stay_id = {{stay_id}} AND c.itemid = d.itemid)
