-- some admission coded with the diagnosis is of a patient in the age band (vacuous when nobody has the diagnosis)
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x
                   WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}})
    OR EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x
               JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
               JOIN mimiciv_hosp.patients pt ON pt.subject_id = a.subject_id
               WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}}
                 AND pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year BETWEEN {{age_lo}} AND {{age_hi}}) AS holds
