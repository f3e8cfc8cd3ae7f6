SELECT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x
               WHERE x.subject_id = {{subject_id}} AND x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}}) AS holds
