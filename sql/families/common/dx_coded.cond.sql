-- somebody in the EHR was coded with this diagnosis
SELECT EXISTS (
  SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
  WHERE d.icd_code = {{icd_code}} AND d.icd_version = {{icd_version}}
) AS holds
