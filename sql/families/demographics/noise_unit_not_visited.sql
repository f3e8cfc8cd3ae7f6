-- Record noise: a care unit other admissions pass through, never visited in this admission
SELECT t.careunit
FROM (SELECT DISTINCT t0.careunit FROM mimiciv_hosp.transfers t0) t
WHERE t.careunit IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.transfers x WHERE x.hadm_id = {{hadm_id}} AND x.careunit = t.careunit)
