-- accepted spellings: the principal diagnosis' code with and without the ICD version
SELECT TRIM(x1.icd_code) AS alias
FROM mimiciv_hosp.diagnoses_icd x1
WHERE x1.hadm_id = {{hadm_id}} AND x1.seq_num = 1
