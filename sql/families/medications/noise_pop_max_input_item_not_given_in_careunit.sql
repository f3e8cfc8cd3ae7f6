-- Query noise: another ICU input with a single amount unit (one Clean questions of the family also name, in its own
-- unit: match_clean), that no ICU stay starting in this care unit received (the CVICU's valve-surgery patients get no
-- sepsis fluids, the Neuro SICU's stroke patients no infarction heparin): the care unit and the input both exist,
-- but the stays the maximum is taken over do not
--   u  inputs charted in one amount unit, with that unit
WITH u AS (
  SELECT i.itemid, MIN(i.amountuom) AS unit
  FROM mimiciv_icu.inputevents i
  WHERE i.amount IS NOT NULL
  GROUP BY i.itemid
  HAVING COUNT(DISTINCT i.amountuom) = 1
)
SELECT u.itemid, d.label AS input_label, u.unit
FROM u
JOIN mimiciv_icu.d_items d ON d.itemid = u.itemid
WHERE u.itemid <> {{itemid}} AND u.unit <> 'dose'
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i JOIN mimiciv_icu.icustays s ON s.stay_id = i.stay_id
                  WHERE s.first_careunit = {{careunit}} AND i.itemid = u.itemid AND i.amount IS NOT NULL)
