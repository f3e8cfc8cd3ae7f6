-- Record noise: the DRG type (MS-DRG 'HCFA' or 'APR') this admission was not grouped with
SELECT k.drg_type
FROM (VALUES ('HCFA'), ('APR')) AS k(drg_type)
WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.drgcodes d WHERE d.hadm_id = {{hadm_id}} AND TRIM(d.drg_type) = k.drg_type)
