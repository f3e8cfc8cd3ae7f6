SELECT EXISTS (
    SELECT 1 FROM mimiciv_hosp.admissions a
    WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}}
) AS holds
