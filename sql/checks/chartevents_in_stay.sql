-- chartevents lie inside their ICU stay and agree with its hadm_id / subject_id; units match d_items
SELECT COUNT(*) AS violations
FROM mimiciv_icu.chartevents c
JOIN mimiciv_icu.icustays i ON i.stay_id = c.stay_id
LEFT JOIN mimiciv_icu.d_items d ON d.itemid = c.itemid
WHERE c.charttime < i.intime OR c.charttime > i.outtime OR c.hadm_id <> i.hadm_id OR c.subject_id <> i.subject_id
   OR COALESCE(c.valueuom, '') <> COALESCE(d.unitname, '') OR d.linksto <> 'chartevents'
