-- Total amount of an ICU input given in the first 24 hours of the first ICU stay of the patient's first admission
-- coded with a diagnosis group (first-day aggregate).
--   group_adm   the patient's admissions coded with the group (its ICD-9 and ICD-10 codes)
--   index_adm   the earliest of them (the group is the one handle on it)
--   first_stay  that admission's first ICU stay (RANK by intime); two stays at its first intime leave it no
--               first stay (no row: the binding is rejected, not answered from an arbitrary pick)
--   day_one     rows of the input (named by its label) started within 24 h of ICU admission
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
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
