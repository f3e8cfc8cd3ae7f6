-- Record noise: a lab test with numeric results elsewhere in the EHR (a label no other item shares) that was never
-- measured in this admission, drawn (inverse CDF over the admission's hash) in proportion to how often the family's
-- Clean questions name it: the ICU stays with ≥ 2 results of the lab after the stay's first ICU input (the Clean
-- binding needs a result before and one after the infusion's start), divided by the share of ICU admissions
-- without the lab (a lab is a candidate only where it was not measured, so a rarely measured test is a candidate in
-- most admissions; without the division Specific Gravity, ferritin, iron and NT-proBNP were 93 of 154 twins against
-- 22 of 487 Clean questions, a tell of the family's question-only AUROC, 0.72). An admission that had every
-- common test can only lack the rare ones, so the drawn lab is then kept in proportion to its repeated stays
-- against a third of the most repeated lab's (a second hash); the thinned pairs take another twin.
--   first_any  each ICU stay's first input
--   repeated   per lab item (unique label), the ICU stays with ≥ 2 results after that first input
--   measured   per lab item, the ICU admissions with any result, and the number of ICU admissions
--   weights    the two combined
--   seen       the lab items measured in this admission, and the names they go by (fragments/lab_label_stem.sql)
--   valid      labs never measured in this admission (nor one of the same name), with cumulative weights
WITH first_any AS (
  SELECT i.stay_id, MIN(i.starttime) AS t_any FROM mimiciv_icu.inputevents i GROUP BY i.stay_id
), repeated AS (
  SELECT r.itemid, COUNT(*) AS n_stays
  FROM (SELECT l.itemid, fa.stay_id
        FROM first_any fa
        JOIN mimiciv_icu.icustays s ON s.stay_id = fa.stay_id
        JOIN mimiciv_hosp.labevents l ON l.hadm_id = s.hadm_id AND l.charttime > fa.t_any AND l.valuenum IS NOT NULL
        GROUP BY l.itemid, fa.stay_id HAVING COUNT(*) >= 2) r
  JOIN mimiciv_hosp.d_labitems li ON li.itemid = r.itemid
  WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.d_labitems li2 WHERE li2.label = li.label AND li2.itemid <> li.itemid)
  GROUP BY r.itemid
), measured AS (
  SELECT e.itemid, COUNT(DISTINCT e.hadm_id) AS n_adm,
         (SELECT COUNT(DISTINCT s2.hadm_id) FROM mimiciv_icu.icustays s2) AS n_icu_adm
  FROM mimiciv_hosp.labevents e
  WHERE e.valuenum IS NOT NULL AND e.hadm_id IN (SELECT s1.hadm_id FROM mimiciv_icu.icustays s1)
  GROUP BY e.itemid
), weights AS (
  SELECT rp.itemid, CAST(rp.n_stays * m.n_icu_adm / (m.n_icu_adm - m.n_adm + 1) AS BIGINT) + 1 AS w, rp.n_stays,
         MAX(rp.n_stays) OVER () AS max_stays
  FROM repeated rp JOIN measured m ON m.itemid = rp.itemid
), seen AS (
  SELECT DISTINCT l.itemid,
-- include: fragments/lab_label_stem.sql label=li.label
         AS stem
  FROM mimiciv_hosp.labevents l JOIN mimiciv_hosp.d_labitems li ON li.itemid = l.itemid
  WHERE l.hadm_id = {{hadm_id}}
), valid AS (
  SELECT wt.itemid, li.label AS lab_label, wt.w, wt.n_stays, wt.max_stays,
         SUM(wt.w) OVER (ORDER BY wt.itemid) AS hi, SUM(wt.w) OVER () AS total
  FROM weights wt
  JOIN mimiciv_hosp.d_labitems li ON li.itemid = wt.itemid
  WHERE wt.itemid <> {{lab_itemid}}
    AND NOT EXISTS (SELECT 1 FROM seen s WHERE s.itemid = wt.itemid)
    AND NOT EXISTS (SELECT 1 FROM seen s WHERE
-- include: fragments/lab_label_stem.sql label=li.label
                    = s.stem)
)
SELECT v.itemid AS lab_itemid, v.lab_label
FROM valid v
WHERE ({{hadm_id}} * 2654435761 + {{itemid}}) % v.total >= v.hi - v.w
  AND ({{hadm_id}} * 2654435761 + {{itemid}}) % v.total < v.hi
  AND ((CAST({{hadm_id}} AS BIGINT) * 40503 + v.itemid) % 997) * v.max_stays < v.n_stays * 997 * 3
