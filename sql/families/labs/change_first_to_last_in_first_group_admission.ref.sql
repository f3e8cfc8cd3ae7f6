-- Change of a lab test from its first to its last result in the patient's first admission coded with a diagnosis
-- group (last minus first).
--   group_adm  the patient's admissions coded with the group (its ICD-9 and ICD-10 codes)
--   index_adm  the earliest of them (the group is the one handle on it)
--   results    that admission's numeric results of the lab (named by its label) with their rank from the first
--              and from the last charttime (a tie at either end surfaces as several rows)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
),
-- include: fragments/first_group_admission.sql
), results AS (
  SELECT l.valuenum,
         RANK() OVER (ORDER BY l.charttime) AS from_first,
         RANK() OVER (ORDER BY l.charttime DESC) AS from_last
  FROM mimiciv_hosp.labevents l
  JOIN index_adm i ON i.hadm_id = l.hadm_id
  JOIN mimiciv_hosp.d_labitems li ON li.itemid = l.itemid
  WHERE l.itemid = {{lab_itemid}} AND li.label = {{lab_label}} AND l.valuenum IS NOT NULL
)
SELECT ROUND(CAST(lst.valuenum - fst.valuenum AS NUMERIC), 3) AS change_last_minus_first
FROM results fst
JOIN results lst ON lst.from_last = 1
WHERE fst.from_first = 1 AND (SELECT COUNT(*) FROM results) >= 2
