SELECT EXISTS (
  SELECT 1 FROM mimiciv_hosp.prescriptions p
  WHERE p.hadm_id = {{hadm_id}} AND p.drug = {{drug}}
) AS holds
