-- Record noise: another ICU procedure with a duration that other stays had but this one never did
SELECT d.itemid, d.label AS procedure_label
FROM mimiciv_icu.d_items d
WHERE d.itemid <> {{itemid}} AND d.linksto = 'procedureevents'
  AND EXISTS (SELECT 1 FROM mimiciv_icu.procedureevents e WHERE e.itemid = d.itemid AND e.endtime > e.starttime + INTERVAL '1 hour')
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.procedureevents i WHERE i.stay_id = {{stay_id}} AND i.itemid = d.itemid)
