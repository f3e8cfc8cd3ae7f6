-- Record noise: another specimen type cultured elsewhere in the EHR but never in this admission
SELECT v.spec_type_desc AS specimen
FROM (SELECT DISTINCT m0.spec_type_desc FROM mimiciv_hosp.microbiologyevents m0 WHERE m0.spec_type_desc IS NOT NULL) v
WHERE v.spec_type_desc <> {{specimen}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.microbiologyevents m WHERE m.hadm_id = {{hadm_id}} AND m.spec_type_desc = v.spec_type_desc)
