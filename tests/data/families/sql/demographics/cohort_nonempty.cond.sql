SELECT EXISTS (
    SELECT 1 FROM mimiciv_hosp.admissions a
    WHERE a.admission_type = {{admission_type}} AND EXTRACT(YEAR FROM a.admittime) = {{year}}
) AS holds
