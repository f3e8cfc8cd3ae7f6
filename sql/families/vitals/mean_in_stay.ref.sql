-- the mean of the vital over the patient's ICU stay that began on the stated day (the stay selected by that day
-- alone; one mean per stay)
SELECT ROUND(CAST(AVG(c.valuenum) AS NUMERIC), 1) AS mean_value, MIN(c.valueuom) AS valueuom
FROM mimiciv_icu.icustays s
JOIN mimiciv_icu.chartevents c ON c.stay_id = s.stay_id
WHERE s.subject_id = {{subject_id}} AND CAST(s.intime AS DATE) = {{stay_date}}
  AND c.itemid = {{itemid}} AND c.valuenum IS NOT NULL
GROUP BY s.stay_id
