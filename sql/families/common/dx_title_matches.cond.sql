-- the title the question states is the dictionary title of the stated code
SELECT EXISTS (
  SELECT 1 FROM mimiciv_hosp.d_icd_diagnoses d
  WHERE d.icd_code = {{icd_code}} AND d.icd_version = {{icd_version}} AND d.long_title = {{icd_title}}
) AS holds
