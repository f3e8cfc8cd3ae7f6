-- some admission coded with the diagnosis had an ICU stay starting in the unit (vacuous when nobody has the diagnosis)
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x
                   WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}})
    OR EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_icu.icustays s ON s.hadm_id = x.hadm_id
               WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}}
                 AND s.first_careunit = {{careunit}}) AS holds
