-- Value noise for a question that names the admission by its start date: a date a few days to weeks after this
-- admission's discharge on which no admission of the patient began and which lies outside every one of the
-- patient's stays (and their ED visits), so "the admission that began on D" names none (a plausible date for a
-- readmission the record does not hold; the Clean slots' shift operator moves the date backwards instead)
SELECT CAST(CAST(a.dischtime AS DATE) + g.d AS DATE) AS admit_date
FROM mimiciv_hosp.admissions a
CROSS JOIN (VALUES (3), (5), (8), (12), (17), (23)) AS g(d)
WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}}
  AND NOT EXISTS (
    SELECT 1 FROM mimiciv_hosp.admissions o
    WHERE o.subject_id = a.subject_id
      AND CAST(CAST(a.dischtime AS DATE) + g.d AS DATE)
          BETWEEN CAST(LEAST(o.admittime, COALESCE(o.edregtime, o.admittime)) AS DATE)
              AND CAST(GREATEST(o.dischtime, o.admittime) AS DATE))
