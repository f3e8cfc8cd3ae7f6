SELECT DISTINCT d.drg_code AS alias
FROM mimiciv_hosp.drgcodes d
WHERE d.hadm_id = {{hadm_id}} AND TRIM(d.drg_type) = {{drg_type}}
