-- somebody coded with the diagnosis had the lab in that admission (vacuous when nobody has the diagnosis)
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x
                   WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}})
    OR EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x
               JOIN mimiciv_hosp.labevents l ON l.hadm_id = x.hadm_id
               WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}}
                 AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL) AS holds
