-- First result of a lab test after an ICU infusion was first started (labs follow-up of a new drip).
--   stay       the patient's ICU stay and its admission
--   drip       first start of the infusion in the stay (item named by its label), per item: without the drug the
--              request names no one infusion, so it reads as the first result after each infusion the stay had
--   lab_after  the admission's results of the lab test (named by its label) charted after that start, ranked by
--              time per infusion (a tie at the first time surfaces as several rows)
WITH stay AS (
  SELECT s.stay_id, s.hadm_id
  FROM mimiciv_icu.icustays s
  WHERE s.stay_id = {{stay_id}} AND s.subject_id = {{subject_id}}
), drip AS (
  SELECT i.itemid, MIN(i.starttime) AS first_start
  FROM mimiciv_icu.inputevents i
  JOIN stay ON stay.stay_id = i.stay_id
  JOIN mimiciv_icu.d_items d ON d.itemid = i.itemid
  WHERE i.itemid = {{itemid}} AND d.label = {{input_label}}
  GROUP BY i.itemid
), lab_after AS (
  SELECT l.valuenum, l.valueuom,
         RANK() OVER (PARTITION BY drip.itemid ORDER BY l.charttime) AS rk
  FROM mimiciv_hosp.labevents l
  JOIN stay ON stay.hadm_id = l.hadm_id
  JOIN mimiciv_hosp.d_labitems li ON li.itemid = l.itemid
  CROSS JOIN drip
  WHERE l.itemid = {{lab_itemid}} AND li.label = {{lab_label}}
    AND l.valuenum IS NOT NULL AND l.charttime > drip.first_start
)
SELECT DISTINCT la.valuenum, la.valueuom
FROM lab_after la
WHERE la.rk = 1
