-- (patient with ≥ 2 ICU stays that began on different days, one of those stays named by the day it began, vital
-- sign) with a single value at the first charting time and at the maximum, the vital charted in ≥ 2 of the
-- patient's stays; ≤ 2 vitals per stay. The day is the only handle: it selects the stay among the patient's stays,
-- so a twin stating a day no stay began on names none (named by its stay id, unit and admission, every care-unit
-- twin of these families was a correctable restatement: 383 of 383). In every other stay with an arterial line its
-- arterial pressures are picked first: the Record twin asks about an arterial pressure in a stay without the line,
-- so with a uniform pick arterial pressures were 50 % of the twins' vitals and 25 % of the Clean questions', a
-- wording tell
--   multi  patients whose ICU stays began on ≥ 2 different days, and no two of their stays on one day
--   v, u   per stay and vital its first charting time and maximum, kept when each is a single value / time
--   pick   ≤ 2 vitals per stay charted in ≥ 2 of the patient's stays
WITH multi AS (
  SELECT s.subject_id
  FROM mimiciv_icu.icustays s
  GROUP BY s.subject_id
  HAVING COUNT(DISTINCT CAST(s.intime AS DATE)) >= 2 AND COUNT(DISTINCT CAST(s.intime AS DATE)) = COUNT(*)
), v AS (  -- stay by stay through the (stay, item, time) index: a join read all of chartevents, twice (v, u)
  SELECT s.stay_id, x.itemid, x.t0, x.vmax
  FROM mimiciv_icu.icustays s
  JOIN multi m ON m.subject_id = s.subject_id
  CROSS JOIN LATERAL (
    SELECT c.itemid, MIN(c.charttime) AS t0, MAX(c.valuenum) AS vmax
    FROM mimiciv_icu.chartevents c
    WHERE c.stay_id = s.stay_id AND c.valuenum IS NOT NULL
      AND c.itemid IN (220045, 220179, 220180, 220181, 220210, 220277, 220050, 220051, 220052, 223761, 223762)
    GROUP BY c.itemid
  ) x
), u AS (
  SELECT v.stay_id, v.itemid
  FROM v
  CROSS JOIN LATERAL (
    SELECT COUNT(DISTINCT CASE WHEN c.charttime = v.t0 THEN c.valuenum END) AS n_first,
           COUNT(DISTINCT CASE WHEN c.valuenum = v.vmax THEN c.charttime END) AS n_max
    FROM mimiciv_icu.chartevents c
    WHERE c.stay_id = v.stay_id AND c.itemid = v.itemid AND c.valuenum IS NOT NULL
  ) k
  WHERE k.n_first = 1 AND k.n_max = 1
), charted_twice AS (
  -- (patient, vital) charted in ≥ 2 of the patient's stays: a join, not a per-row count over v, which PostgreSQL
  -- ran once per (stay, vital)
  SELECT s2.subject_id, v2.itemid
  FROM v v2
  JOIN mimiciv_icu.icustays s2 ON s2.stay_id = v2.stay_id
  GROUP BY s2.subject_id, v2.itemid HAVING COUNT(DISTINCT v2.stay_id) >= 2
), pick AS (
  SELECT u.*, ROW_NUMBER() OVER (PARTITION BY u.stay_id
                                 ORDER BY CASE WHEN u.itemid IN (220050, 220051, 220052) AND u.stay_id % 2 = 0 THEN 0
                                     ELSE 1 END,
                                          (u.itemid * 7919 + u.stay_id) % 1051, u.itemid) AS rn
  FROM u
  JOIN mimiciv_icu.icustays s ON s.stay_id = u.stay_id
  JOIN charted_twice w ON w.subject_id = s.subject_id AND w.itemid = u.itemid
)
SELECT s.subject_id, s.hadm_id, s.stay_id, CAST(s.intime AS DATE) AS stay_date, s.first_careunit AS careunit, p.itemid,
       d.label AS vital_label
FROM pick p
JOIN mimiciv_icu.icustays s ON s.stay_id = p.stay_id
JOIN mimiciv_icu.d_items d ON d.itemid = p.itemid
WHERE p.rn <= 2 AND s.first_careunit IS NOT NULL
ORDER BY (s.stay_id * 31 + p.itemid) % 10007, s.stay_id, p.itemid
LIMIT 20000
