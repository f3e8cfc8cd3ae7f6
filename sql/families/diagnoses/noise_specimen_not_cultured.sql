-- Record noise: a specimen type cultured for other patients but never in this admission
SELECT DISTINCT m.spec_type_desc AS specimen
FROM mimiciv_hosp.microbiologyevents m
WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.microbiologyevents x
                  WHERE x.hadm_id = {{hadm_id}} AND x.spec_type_desc = m.spec_type_desc)
