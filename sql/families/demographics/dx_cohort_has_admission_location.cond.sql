-- some admission coded with the diagnosis has that admission_location (vacuous when nobody has the diagnosis)
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x
                   WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}})
    OR EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
               WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}}
                 AND a.admission_location = {{admission_location}}) AS holds
