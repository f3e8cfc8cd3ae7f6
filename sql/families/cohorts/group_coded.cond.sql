-- somebody in the EHR was coded with a diagnosis of the group (ICD-9 or ICD-10 pattern)
SELECT EXISTS (
  SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
  WHERE (d.icd_version = 9 AND d.icd_code LIKE {{icd9_pattern}})
     OR (d.icd_version = 10 AND d.icd_code LIKE {{icd10_pattern}})
) AS holds
