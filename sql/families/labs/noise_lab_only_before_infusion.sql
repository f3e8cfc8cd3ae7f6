-- Query noise: another lab test of the admission (a label no other item shares) whose results all precede the
-- infusion's first start, drawn (inverse CDF over the stay's hash) in proportion to the ICU stays with ≥ 2 results
-- of the lab after the stay's first ICU input, as the family's Clean labs are (the binding needs a result before
-- and one after the start): a uniform draw named the tests drawn once at admission (ferritin, iron, NT-proBNP,
-- Specific Gravity) in 70 of 126 twins against 22 of 487 Clean questions, a tell. The drawn lab is then kept in
-- proportion to its weight against a third of the largest (a second hash): the admissions whose only early-only
-- tests are the rare ones would still name them; the thinned pairs take another twin.
--   first_any  each ICU stay's first input
--   weights    per lab item, the ICU stays with ≥ 2 results after that first input (+ 1: none is excluded)
--   before     the admission's labs whose results all precede the infusion's first start, with cumulative weights
WITH first_any AS (
  SELECT i.stay_id, MIN(i.starttime) AS t_any FROM mimiciv_icu.inputevents i GROUP BY i.stay_id
), weights AS (
  SELECT r.itemid, COUNT(*) + 1 AS w
  FROM (SELECT l.itemid, fa.stay_id
        FROM first_any fa
        JOIN mimiciv_icu.icustays s ON s.stay_id = fa.stay_id
        JOIN mimiciv_hosp.labevents l ON l.hadm_id = s.hadm_id AND l.charttime > fa.t_any AND l.valuenum IS NOT NULL
        GROUP BY l.itemid, fa.stay_id HAVING COUNT(*) >= 2) r
  GROUP BY r.itemid
), before AS (
  SELECT b.lab_itemid, b.lab_label, b.w, SUM(b.w) OVER (ORDER BY b.lab_itemid) AS hi, SUM(b.w) OVER () AS total,
         (SELECT MAX(wt.w) FROM weights wt) AS max_w
  FROM (SELECT l.itemid AS lab_itemid, li.label AS lab_label, COALESCE(MAX(wt.w), 1) AS w
        FROM mimiciv_hosp.labevents l
        JOIN mimiciv_hosp.d_labitems li ON li.itemid = l.itemid
        LEFT JOIN weights wt ON wt.itemid = l.itemid
        WHERE l.hadm_id = {{hadm_id}} AND l.itemid <> {{lab_itemid}} AND l.valuenum IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.d_labitems li2
                          WHERE li2.label = li.label AND li2.itemid <> li.itemid)
        GROUP BY l.itemid, li.label
        HAVING MAX(l.charttime) < (SELECT MIN(i.starttime) FROM mimiciv_icu.inputevents i
                                   WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}})) b
)
SELECT bf.lab_itemid, bf.lab_label
FROM before bf
WHERE ({{stay_id}} * 2654435761 + {{itemid}}) % bf.total >= bf.hi - bf.w
  AND ({{stay_id}} * 2654435761 + {{itemid}}) % bf.total < bf.hi
  AND ((CAST({{stay_id}} AS BIGINT) * 40503 + bf.lab_itemid) % 997) * bf.max_w < bf.w * 997 * 3
