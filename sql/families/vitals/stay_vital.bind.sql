-- (ICU stay, vital sign) with a single value at the first charting time and at the maximum; ≤ 2 vitals per stay
-- In every other stay with an arterial line its arterial pressures are picked first: the Record twin asks about an
-- arterial pressure in a stay without the line, so with a uniform pick arterial pressures were 50 % of the twins'
-- vitals and 25 % of the Clean questions', a wording tell
WITH v AS (
  SELECT c.stay_id, c.itemid, MIN(c.charttime) AS t0, MAX(c.valuenum) AS vmax
  FROM mimiciv_icu.chartevents c
  WHERE c.valuenum IS NOT NULL
    AND c.itemid IN (220045, 220179, 220180, 220181, 220210, 220277, 220050, 220051, 220052, 223761, 223762)
  GROUP BY c.stay_id, c.itemid
), u AS (
  SELECT v.stay_id, v.itemid
  FROM v JOIN mimiciv_icu.chartevents c ON c.stay_id = v.stay_id AND c.itemid = v.itemid AND c.valuenum IS NOT NULL
  GROUP BY v.stay_id, v.itemid
  HAVING COUNT(DISTINCT CASE WHEN c.charttime = v.t0 THEN c.valuenum END) = 1
     AND COUNT(DISTINCT CASE WHEN c.valuenum = v.vmax THEN c.charttime END) = 1
), pick AS (
  SELECT u.*, ROW_NUMBER() OVER (PARTITION BY u.stay_id
                                 ORDER BY CASE WHEN u.itemid IN (220050, 220051, 220052) AND u.stay_id % 2 = 0 THEN 0
                                     ELSE 1 END,
                                          (u.itemid * 7919 + u.stay_id) % 1051, u.itemid) AS rn
  FROM u
)
SELECT s.subject_id, s.hadm_id, s.stay_id, s.first_careunit AS careunit, p.itemid, d.label AS vital_label
FROM pick p
JOIN mimiciv_icu.icustays s ON s.stay_id = p.stay_id
JOIN mimiciv_icu.d_items d ON d.itemid = p.itemid
WHERE p.rn <= 2 AND s.first_careunit IS NOT NULL
ORDER BY (s.stay_id * 31 + p.itemid) % 10007, s.stay_id, p.itemid
LIMIT 20000
