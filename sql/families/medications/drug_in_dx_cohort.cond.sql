-- some admission coded with the diagnosis has the drug (vacuous when nobody has the diagnosis)
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x
                   WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}})
    OR EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.prescriptions p ON p.hadm_id = x.hadm_id
               WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}} AND p.drug = {{drug}}) AS holds
