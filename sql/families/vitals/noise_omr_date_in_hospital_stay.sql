-- Value noise: a day the patient spent in hospital (the day after an admission's start, before its discharge date),
-- so no outpatient (OMR) measurement exists on it: the question names the visit by its date only, and the Clean
-- result took several values over the patient's visits, so without the date the question has several answers
SELECT DISTINCT CAST(CAST(a.admittime AS DATE) + 1 AS DATE) AS chart_date
FROM mimiciv_hosp.admissions a
WHERE a.subject_id = {{subject_id}}
  AND CAST(CAST(a.admittime AS DATE) + 1 AS DATE) < CAST(a.dischtime AS DATE)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.omr o
                  WHERE o.subject_id = {{subject_id}} AND o.chartdate = CAST(CAST(a.admittime AS DATE) + 1 AS DATE))
