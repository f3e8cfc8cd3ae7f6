SELECT EXISTS (SELECT 1 FROM mimiciv_hosp.admissions a
               WHERE a.hadm_id = {{hadm_id}} AND a.deathtime IS NOT NULL) AS holds
