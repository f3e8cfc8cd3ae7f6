-- Reading: the diagnosis group under its broad definition (fragments/dx_group_codes_broad.sql: heart failure with
-- the cardiomyopathies, AF with flutter, any diabetes, ...), otherwise the reference.
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes_broad.sql
),
-- include: fragments/first_group_admission.sql
), first_stay AS (
  SELECT s.stay_id, s.intime, RANK() OVER (ORDER BY s.intime) AS rn,
         COUNT(*) OVER (PARTITION BY s.intime) AS n_at_intime
  FROM mimiciv_icu.icustays s
  JOIN index_adm i ON i.hadm_id = s.hadm_id
), day_one AS (
  SELECT ie.amount, ie.amountuom
  FROM mimiciv_icu.inputevents ie
  JOIN first_stay fs ON fs.stay_id = ie.stay_id AND fs.rn = 1 AND fs.n_at_intime = 1
  JOIN mimiciv_icu.d_items di ON di.itemid = ie.itemid
  WHERE ie.itemid = {{itemid}} AND di.label = {{input_label}} AND ie.amount IS NOT NULL
    AND ie.starttime >= fs.intime AND ie.starttime < fs.intime + INTERVAL '24 hours'
)
SELECT ROUND(CAST(SUM(d1.amount) AS NUMERIC), 2) AS total_amount, MIN(d1.amountuom) AS amountuom
FROM day_one d1
HAVING COUNT(*) > 0 AND COUNT(DISTINCT d1.amountuom) = 1
