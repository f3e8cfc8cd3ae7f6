SELECT l.subject_id, l.hadm_id, l.itemid, d.label AS lab_label, l.valuenum AS stated_value, l.charttime
FROM mimiciv_hosp.labevents l
JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid
WHERE l.hadm_id IS NOT NULL AND l.valuenum IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM mimiciv_hosp.labevents l2
    WHERE l2.hadm_id = l.hadm_id AND l2.itemid = l.itemid AND l2.charttime > l.charttime AND l2.valuenum IS NOT NULL
  )
  AND NOT EXISTS (
    SELECT 1 FROM mimiciv_hosp.labevents l3
    WHERE l3.hadm_id = l.hadm_id AND l3.itemid = l.itemid AND l3.charttime = l.charttime AND l3.labevent_id <> l.labevent_id
  )
