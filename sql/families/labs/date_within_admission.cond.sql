-- the stated day lies within the admission (admission day to discharge day)
SELECT EXISTS (SELECT 1 FROM mimiciv_hosp.admissions a
               WHERE a.hadm_id = {{hadm_id}}
                 AND {{chart_date}} BETWEEN CAST(a.admittime AS DATE) AND CAST(COALESCE(a.dischtime, a.admittime) AS DATE)) AS holds
