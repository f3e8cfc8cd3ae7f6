-- (ICU stay, continuous infusion item) with the time it was first started; ≤ 2 items per stay. Only medications and
-- fluids given as infusions (no oral intake, free water or "Solution": 50 of 300 Clean questions were these)
WITH f AS (
  SELECT i.stay_id, i.itemid, MIN(i.starttime) AS first_start, COUNT(*) AS n_rows
  FROM mimiciv_icu.inputevents i
  WHERE i.rate IS NOT NULL AND i.endtime > i.starttime AND i.itemid NOT IN (
    -- include: fragments/not_given_iv_items.sql
  )
  GROUP BY i.stay_id, i.itemid
), pick AS (
  SELECT f.*, ROW_NUMBER() OVER (PARTITION BY f.stay_id ORDER BY (f.itemid * 7919 + f.stay_id) % 1097, f.itemid) AS rn
  FROM f
)
SELECT s.subject_id, s.hadm_id, s.stay_id, s.first_careunit AS careunit, p.itemid, d.label AS input_label,
       p.first_start AS start_time
FROM pick p
JOIN mimiciv_icu.icustays s ON s.stay_id = p.stay_id
JOIN mimiciv_icu.d_items d ON d.itemid = p.itemid
WHERE p.rn <= 2 AND s.first_careunit IS NOT NULL
