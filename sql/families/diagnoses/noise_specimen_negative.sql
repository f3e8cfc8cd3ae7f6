-- Query noise: a specimen type cultured in this admission that never grew anything
SELECT m.spec_type_desc AS specimen
FROM mimiciv_hosp.microbiologyevents m
WHERE m.hadm_id = {{hadm_id}}
GROUP BY m.spec_type_desc
HAVING COUNT(m.org_name) = 0
