-- Value noise: the admission id (with its own date) of another patient nearest in id to the stated one, with the
-- attribute recorded: the admission and date are real, but the admission is not this patient's,
-- and the date is no day of this patient's own stays
SELECT o.hadm_id, CAST(o.admittime AS DATE) AS admit_date
FROM mimiciv_hosp.admissions o
WHERE o.subject_id <> {{subject_id}}
  AND CASE {{attribute}} WHEN 'insurance' THEN o.insurance WHEN 'marital status' THEN o.marital_status
        WHEN 'language' THEN o.language WHEN 'race' THEN o.race WHEN 'admission type' THEN o.admission_type
        WHEN 'admission location' THEN o.admission_location WHEN 'discharge location' THEN o.discharge_location
        ELSE 'recorded' END IS NOT NULL
  -- the date is no day of any of this patient's own stays (read by date, the question would be answerable)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.admissions m
                  WHERE m.subject_id = {{subject_id}}
                    AND CAST(o.admittime AS DATE) BETWEEN CAST(LEAST(m.admittime, COALESCE(m.edregtime,
                        m.admittime)) AS DATE)
                                                      AND CAST(GREATEST(m.dischtime, m.admittime) AS DATE))
ORDER BY ABS(o.hadm_id - {{hadm_id}}), o.hadm_id
LIMIT 3
