SELECT EXISTS (
  SELECT 1 FROM mimiciv_hosp.procedures_icd p
  WHERE p.icd_code = {{icd_code}} AND p.icd_version = {{icd_version}}
) AS holds
