SELECT EXISTS (
  SELECT 1 FROM mimiciv_hosp.procedures_icd p
  WHERE p.hadm_id = {{hadm_id}} AND p.icd_code = {{icd_code}} AND p.icd_version = {{icd_version}}
) AS holds
