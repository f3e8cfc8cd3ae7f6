-- Record noise: an ICU input of the same category given in other stays but never in that first ICU stay
-- include: fragments/first_adm_ranked.sql
), first_stay AS (
  SELECT s.stay_id, s.intime, RANK() OVER (ORDER BY s.intime) AS rk
  FROM mimiciv_icu.icustays s
  JOIN first_adm f ON f.hadm_id = s.hadm_id AND f.rk = 1
)
SELECT d.itemid, d.label AS input_label
FROM mimiciv_icu.d_items d
JOIN mimiciv_icu.d_items d0 ON d0.itemid = {{itemid}} AND d0.category = d.category
WHERE d.itemid <> {{itemid}} AND d.linksto = 'inputevents'
  AND EXISTS (SELECT 1 FROM mimiciv_icu.inputevents e WHERE e.itemid = d.itemid)
  AND NOT EXISTS (SELECT 1 FROM first_stay fs JOIN mimiciv_icu.inputevents ie ON ie.stay_id = fs.stay_id
                  WHERE fs.rk = 1 AND ie.itemid = d.itemid)
