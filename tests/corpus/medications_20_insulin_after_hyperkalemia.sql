-- intent: medications; level: population
SELECT COUNT(DISTINCT l.hadm_id) AS admissions
FROM mimiciv_hosp.labevents l JOIN mimiciv_hosp.prescriptions p ON p.hadm_id = l.hadm_id
WHERE l.itemid IN (50971, 50822) AND l.valuenum > 5.5 AND p.drug ILIKE '%insulin%'
  AND p.starttime BETWEEN l.charttime AND l.charttime + INTERVAL '1 day';
