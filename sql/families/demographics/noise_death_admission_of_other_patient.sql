-- Value noise: the admission id (with its own date) of another patient who died in hospital, nearest in id to the
-- stated one: the death, the date and the admission are real, but the admission is not this patient's,
-- and the date is no day of this patient's own stays
SELECT o.hadm_id, CAST(o.admittime AS DATE) AS admit_date
FROM mimiciv_hosp.admissions o
WHERE o.subject_id <> {{subject_id}} AND o.deathtime IS NOT NULL
  -- the date is no day of any of this patient's own stays (read by date, the question would be answerable)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.admissions m
                  WHERE m.subject_id = {{subject_id}}
                    AND CAST(o.admittime AS DATE) BETWEEN CAST(LEAST(m.admittime, COALESCE(m.edregtime,
                        m.admittime)) AS DATE)
                                                      AND CAST(GREATEST(m.dischtime, m.admittime) AS DATE))
ORDER BY ABS(o.hadm_id - {{hadm_id}}), o.hadm_id
LIMIT 3
