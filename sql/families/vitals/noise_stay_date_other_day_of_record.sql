-- Value noise: the stay is said to have begun on another real day of its record — the day its hospital admission
-- began or the day the ICU stay ended — when no ICU stay of the patient began that day (a date a reader could take
-- from the chart, but not the one the stay began on)
SELECT DISTINCT g.stay_date
FROM (
  SELECT CAST(a.admittime AS DATE) AS stay_date
  FROM mimiciv_icu.icustays s JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
  WHERE s.stay_id = {{stay_id}}
  UNION ALL
  SELECT CAST(s.outtime AS DATE) AS stay_date FROM mimiciv_icu.icustays s WHERE s.stay_id = {{stay_id}}
) g
WHERE NOT EXISTS (SELECT 1 FROM mimiciv_icu.icustays o
                  WHERE o.subject_id = {{subject_id}} AND CAST(o.intime AS DATE) = g.stay_date)
