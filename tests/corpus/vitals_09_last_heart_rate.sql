-- intent: vitals; level: patient
SELECT valuenum, valueuom, charttime FROM mimiciv_icu.chartevents
WHERE stay_id = (SELECT MIN(stay_id) FROM mimiciv_icu.icustays) AND itemid = 220045 AND valuenum IS NOT NULL
ORDER BY charttime DESC, valuenum DESC LIMIT 1;
