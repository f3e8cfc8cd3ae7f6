SELECT DISTINCT l.subject_id, l.hadm_id, l.itemid, d.label AS lab_label
FROM mimiciv_hosp.labevents l
JOIN mimiciv_hosp.d_labitems d ON d.itemid = l.itemid
WHERE l.hadm_id IS NOT NULL AND l.valuenum IS NOT NULL
