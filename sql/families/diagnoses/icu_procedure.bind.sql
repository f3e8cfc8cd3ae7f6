-- (ICU stay, procedure with a duration of over an hour) with the time it first started; ≤ 2 per stay
WITH f AS (
  SELECT i.stay_id, i.itemid, MIN(i.starttime) AS first_start
  FROM mimiciv_icu.procedureevents i
  WHERE i.endtime > i.starttime + INTERVAL '1 hour'
  GROUP BY i.stay_id, i.itemid
), pick AS (
  SELECT f.*, ROW_NUMBER() OVER (PARTITION BY f.stay_id ORDER BY (f.itemid * 7919 + f.stay_id) % 1097, f.itemid) AS rn
  FROM f
)
SELECT s.subject_id, s.hadm_id, s.stay_id, s.first_careunit AS careunit, p.itemid, d.label AS procedure_label,
       p.first_start AS start_time
FROM pick p
JOIN mimiciv_icu.icustays s ON s.stay_id = p.stay_id
JOIN mimiciv_icu.d_items d ON d.itemid = p.itemid
WHERE p.rn <= 2 AND s.first_careunit IS NOT NULL
