SELECT CASE {{attribute}} WHEN 'insurance' THEN a.insurance WHEN 'marital status' THEN a.marital_status
         WHEN 'language' THEN a.language WHEN 'race' THEN a.race WHEN 'admission type' THEN a.admission_type
         WHEN 'admission location' THEN a.admission_location WHEN 'discharge location' THEN a.discharge_location
         WHEN 'gender' THEN pt.gender END AS value
FROM mimiciv_hosp.admissions a
JOIN mimiciv_hosp.patients pt ON pt.subject_id = a.subject_id
WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
