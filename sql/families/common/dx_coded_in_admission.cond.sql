SELECT EXISTS (
  SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
  WHERE d.hadm_id = {{hadm_id}} AND d.icd_code = {{icd_code}} AND d.icd_version = {{icd_version}}
) AS holds
