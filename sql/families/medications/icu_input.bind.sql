-- (ICU stay, input item) with one amount unit, first started 1–48 h after ICU admission; window = the smallest of 12/24/48 h containing it
WITH f AS (
  SELECT i.stay_id, i.itemid, MIN(i.starttime) AS t0, COUNT(DISTINCT i.amountuom) AS n_units
  FROM mimiciv_icu.inputevents i
  WHERE i.stay_id IS NOT NULL AND i.amount IS NOT NULL
  GROUP BY i.stay_id, i.itemid
), g AS (
  SELECT s.subject_id, s.hadm_id, s.stay_id, s.first_careunit, f.itemid,
         EXTRACT(EPOCH FROM (f.t0 - s.intime)) / 3600.0 AS off_h
  FROM f JOIN mimiciv_icu.icustays s ON s.stay_id = f.stay_id
  WHERE f.n_units = 1 AND s.first_careunit IS NOT NULL
), pick AS (
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.stay_id ORDER BY (g.itemid * 7919 + g.stay_id) % 1097, g.itemid) AS rn
  FROM g WHERE g.off_h >= 1 AND g.off_h <= 48
)
SELECT p.subject_id, p.hadm_id, p.stay_id, p.first_careunit AS careunit, p.itemid, d.label AS input_label,
       CASE WHEN p.off_h <= 12 THEN 12 WHEN p.off_h <= 24 THEN 24 ELSE 48 END AS hours
FROM pick p JOIN mimiciv_icu.d_items d ON d.itemid = p.itemid
WHERE p.rn <= 2
ORDER BY (p.stay_id * 31 + p.itemid) % 10007, p.stay_id, p.itemid
LIMIT 20000
