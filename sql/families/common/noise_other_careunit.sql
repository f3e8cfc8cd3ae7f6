-- Value noise: another ICU unit that stays in this EHR start in (not this stay's first unit)
SELECT s.first_careunit AS careunit
FROM (SELECT DISTINCT s0.first_careunit FROM mimiciv_icu.icustays s0) s
WHERE s.first_careunit IS NOT NULL AND s.first_careunit <> {{careunit}}
