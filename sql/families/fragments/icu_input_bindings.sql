-- (ICU stay, input item) bindings with one amount unit, first started 1-24 h after ICU admission (the query of
-- medications/icu_input.bind.sql, whose header says why each step); a whole query.
-- Only medications and fluids given as infusions or boluses (no oral intake, free water or "Solution").
-- Holes: where (more conditions on the inputevents row i, e.g. " AND i.amountuom <> 'dose'"; may be empty).
-- A stay that charted two items of one drug ("Heparin Sodium" and "Heparin Sodium (Prophylaxis)", fragments/
-- input_drug_word.sql) binds neither: a question naming one reads as either (review 7e, 1366a2def7b74e0c: the first
-- heparin "infusion or dose" was the prophylaxis item's, 3 h before the gold's drip).
WITH drug_word AS (
  SELECT dw.itemid,
    -- include: fragments/input_drug_word.sql label=dw.label
    AS word
  FROM mimiciv_icu.d_items dw
  WHERE dw.linksto = 'inputevents'
), twin_drugs AS (
  SELECT i.stay_id, w.word
  FROM mimiciv_icu.inputevents i
  JOIN drug_word w ON w.itemid = i.itemid
  GROUP BY i.stay_id, w.word
  HAVING COUNT(DISTINCT i.itemid) > 1
), f AS (
  SELECT i.stay_id, i.itemid, MIN(i.starttime) AS t0, COUNT(DISTINCT i.amountuom) AS n_units
  FROM mimiciv_icu.inputevents i
  WHERE i.stay_id IS NOT NULL AND i.amount IS NOT NULL${where}
    AND i.itemid NOT IN (
      -- include: fragments/not_given_iv_items.sql
    )
  GROUP BY i.stay_id, i.itemid
), g AS (
  SELECT s.subject_id, s.hadm_id, s.stay_id, s.first_careunit, f.itemid,
         EXTRACT(EPOCH FROM (f.t0 - s.intime)) / 3600.0 AS off_h
  FROM f JOIN mimiciv_icu.icustays s ON s.stay_id = f.stay_id
  JOIN drug_word fw ON fw.itemid = f.itemid
  WHERE f.n_units = 1 AND s.first_careunit IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM twin_drugs td WHERE td.stay_id = f.stay_id AND td.word = fw.word)
), pick AS (
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.stay_id ORDER BY (g.itemid * 7919 + g.stay_id) % 1097, g.itemid) AS rn
  FROM g WHERE g.off_h >= 1 AND g.off_h <= 24 AND (g.off_h > 4 OR (g.stay_id * 31 + g.itemid) % 5 = 0)
), per_item AS (
  SELECT pick.*, ROW_NUMBER() OVER (PARTITION BY pick.itemid ORDER BY (pick.stay_id * 17 + pick.itemid) % 10009,
      pick.stay_id) AS rn_item
  FROM pick WHERE pick.rn <= 2
)
SELECT p.subject_id, p.hadm_id, p.stay_id, p.first_careunit AS careunit, p.itemid, d.label AS input_label,
       CASE WHEN p.off_h <= 4 THEN 4 WHEN p.off_h <= 6 THEN 6 WHEN p.off_h <= 12 THEN 12 ELSE 24 END AS hours
FROM per_item p JOIN mimiciv_icu.d_items d ON d.itemid = p.itemid
WHERE p.rn_item <= 25
ORDER BY (p.stay_id * 31 + p.itemid) % 10007, p.stay_id, p.itemid
LIMIT 20000
