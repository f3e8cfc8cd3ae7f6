-- Record noise: an ICU unit where other stays start, with no ICU stay of this admission
SELECT s.first_careunit AS careunit
FROM (SELECT DISTINCT s0.first_careunit FROM mimiciv_icu.icustays s0) s
WHERE s.first_careunit IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.icustays x WHERE x.hadm_id = {{hadm_id}} AND x.first_careunit = s.first_careunit)
