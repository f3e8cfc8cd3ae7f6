-- (ICU stay, vital sign) where the vital exceeded a standard cut-off: 1, 1.1 or 1.25 × its high-normal limit from
-- d_items, rounded; the threshold is the highest cut-off the stay crossed and the Query twin's is the lowest one it
-- never crossed, so both come from the same set and sit next to each other (a random crossed cut-off against a random
-- uncrossed one put the 1.5 × cut-offs, e.g. respiratory rate above 30, in 50 of 105 twins and 2 of 156 Clean
-- questions: a wording tell); ≤ 2 per stay. The bindings are spread evenly over each vital's three cut-offs (≤ 40 per
-- vital and cut-off: the Query twin states the next one up, the Record twin's vital, arterial pressure most often,
-- its own value of the same one), and
-- 1.5 × is no cut-off: 22 of 1,636 stays cross it, so it was the Query twin of every 1.25 × Clean question and named
-- in 13 twins against 2 Clean questions ("above 30", "above 175")
-- A stay crossed a cut-off when its highest value of the vital is above it: each stay's peak is taken once, then
-- compared with the cut-offs (comparing every charted value with every cut-off was most of the query on PostgreSQL)
WITH peak AS (
  SELECT c.stay_id, c.itemid, MAX(c.valuenum) AS peak
  FROM mimiciv_icu.chartevents c
  WHERE c.itemid IN (220045, 220179, 220180, 220181, 220210, 220050, 220051, 220052, 223761, 223762)
  GROUP BY c.stay_id, c.itemid
), hi AS (
  SELECT m.stay_id, m.itemid, ROUND(CAST(d.highnormalvalue * k.k AS NUMERIC), 0) AS threshold, k.k
  FROM peak m JOIN mimiciv_icu.d_items d ON d.itemid = m.itemid
  CROSS JOIN (VALUES (1.0), (1.1), (1.25)) AS k(k)
  WHERE d.highnormalvalue IS NOT NULL AND m.peak > ROUND(CAST(d.highnormalvalue * k.k AS NUMERIC), 0)
), top AS (
  SELECT w.stay_id, w.itemid, w.threshold, w.k
  FROM (SELECT hi.*, MAX(hi.k) OVER (PARTITION BY hi.stay_id, hi.itemid) AS k_top FROM hi) w
  WHERE w.k = w.k_top
), pick AS (
  SELECT hi.*, ROW_NUMBER() OVER (PARTITION BY hi.stay_id
                                  ORDER BY (hi.itemid * 7919 + hi.stay_id + CAST(hi.k * 100 AS INTEGER) * 13) % 1061,
                                           hi.itemid, hi.k) AS rn
  FROM top hi
), even AS (
  SELECT pick.*, ROW_NUMBER() OVER (PARTITION BY pick.itemid, pick.k ORDER BY (pick.stay_id * 31 + pick.itemid) % 10007,
                                                                            pick.stay_id) AS rn_k
  FROM pick WHERE pick.rn <= 2
)
SELECT s.subject_id, s.hadm_id, s.stay_id, s.first_careunit AS careunit, p.itemid, d.label AS vital_label,
       CAST(p.threshold AS DOUBLE PRECISION) AS threshold
FROM even p
JOIN mimiciv_icu.icustays s ON s.stay_id = p.stay_id
JOIN mimiciv_icu.d_items d ON d.itemid = p.itemid
WHERE p.rn_k <= 40 AND s.first_careunit IS NOT NULL
ORDER BY (s.stay_id * 31 + p.itemid) % 10007, s.stay_id, p.itemid
LIMIT 20000
