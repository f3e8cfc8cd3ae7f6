-- when the highest value of the vital was charted in the patient's ICU stay that began on the stated day (the stay
-- selected by that day alone; the maximum taken per stay; several times → several rows)
SELECT DISTINCT c.charttime
FROM mimiciv_icu.icustays s
JOIN mimiciv_icu.chartevents c ON c.stay_id = s.stay_id
WHERE s.subject_id = {{subject_id}} AND CAST(s.intime AS DATE) = {{stay_date}}
  AND c.itemid = {{itemid}} AND c.valuenum IS NOT NULL
  AND c.valuenum = (SELECT MAX(c2.valuenum) FROM mimiciv_icu.chartevents c2
                    WHERE c2.stay_id = s.stay_id AND c2.itemid = {{itemid}} AND c2.valuenum IS NOT NULL)
