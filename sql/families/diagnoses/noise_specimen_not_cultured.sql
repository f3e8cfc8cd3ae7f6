-- Record noise: a specimen type cultured for other patients but never in this admission
SELECT m.spec_type_desc AS specimen
FROM (SELECT DISTINCT m0.spec_type_desc FROM mimiciv_hosp.microbiologyevents m0) m
WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.microbiologyevents x
                  WHERE x.hadm_id = {{hadm_id}} AND x.spec_type_desc = m.spec_type_desc)
