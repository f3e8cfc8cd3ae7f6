-- Record noise: a lab test with numeric results elsewhere in the EHR (a label no other item shares) that was never
-- measured in this admission, drawn in proportion to how many admissions had it at least twice (inverse CDF over
-- the admission's hash), as the family's Clean labs are (the binding keeps a lab only when a result lies between the
-- stay's first ICU input and the infusion's start): a uniform draw named rarely drawn tests (GGT, iron, NT-proBNP)
-- in 30 to 60 times as many twins as Clean questions, a tell.
--   weights  admissions per lab item with ≥ 2 numeric results, over items with a label no other item shares
--   valid    those never measured in this admission, with cumulative weights
WITH weights AS (
  SELECT r.itemid, COUNT(*) AS w
  FROM (SELECT e.itemid, e.hadm_id FROM mimiciv_hosp.labevents e
        WHERE e.valuenum IS NOT NULL AND e.hadm_id IS NOT NULL
        GROUP BY e.itemid, e.hadm_id HAVING COUNT(*) >= 2) r
  JOIN mimiciv_hosp.d_labitems li ON li.itemid = r.itemid
  WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.d_labitems li2 WHERE li2.label = li.label AND li2.itemid <> li.itemid)
  GROUP BY r.itemid
), valid AS (
  SELECT wt.itemid, li.label AS lab_label, wt.w,
         SUM(wt.w) OVER (ORDER BY wt.itemid) AS hi, SUM(wt.w) OVER () AS total
  FROM weights wt
  JOIN mimiciv_hosp.d_labitems li ON li.itemid = wt.itemid
  WHERE wt.itemid <> {{lab_itemid}}
    AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l WHERE l.hadm_id = {{hadm_id}} AND l.itemid = wt.itemid)
)
SELECT v.itemid AS lab_itemid, v.lab_label
FROM valid v
WHERE ({{hadm_id}} * 2654435761 + {{itemid}}) % v.total >= v.hi - v.w
  AND ({{hadm_id}} * 2654435761 + {{itemid}}) % v.total < v.hi
