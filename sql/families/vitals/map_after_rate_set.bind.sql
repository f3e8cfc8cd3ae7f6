-- (ICU stay, continuous infusion, a rate it was later set to, window of 2, 4 or 6 hours) with a MAP charted in the
-- window after the infusion was first set to that rate: a titration, the haemodynamic response a clinician reads.
-- The rate selects the window: the first row at the rate is not the infusion's first row, and the lowest MAP in the
-- same window after the infusion's first start differs, so a twin stating a rate the infusion never ran at is not
-- answered by its start (the stay's care unit, this family's former Value detail, restated the stay id: 257 of 257
-- such twins were correctable). Only items given as infusions (no oral intake, free water or "Solution"); rates to
-- 3 decimals, as the question states them.
--   rows_    the stay's rate-charted rows of each infusion, with the infusion's first start
--   setting  the first row at each later rate of each infusion
--   lows     per setting the lowest MAP in the window after it and in the same window after the first start
--   pick     ≤ 1 setting per infusion and ≤ 2 per stay, by a seeded hash; ≤ 40 per item (saline and dextrose
--            carrier rates were half of the settings)
WITH rows_ AS (
  SELECT i.stay_id, i.itemid, i.starttime, ROUND(CAST(i.rate AS NUMERIC), 3) AS rate, i.rateuom,
         MIN(i.starttime) OVER (PARTITION BY i.stay_id, i.itemid) AS first_start
  FROM mimiciv_icu.inputevents i
  WHERE i.rate > 0 AND i.rateuom IS NOT NULL AND i.itemid NOT IN (
    -- include: fragments/not_given_iv_items.sql
  )
), setting AS (
  SELECT r.stay_id, r.itemid, r.rate, r.rateuom, MIN(r.starttime) AS set_time, MIN(r.first_start) AS first_start,
         CASE (r.stay_id + r.itemid) % 3 WHEN 0 THEN 2 WHEN 1 THEN 4 ELSE 6 END AS hours
  FROM rows_ r
  GROUP BY r.stay_id, r.itemid, r.rate, r.rateuom
  HAVING MIN(r.starttime) > MIN(r.first_start)
), lows AS (
  -- each window read alone through the (stay, item, time) index, once per setting (a LATERAL aggregate: as scalar
  -- subqueries, PostgreSQL evaluated each once per mention in pick's filter). Joined to every MAP result of the stay,
  -- each of the stay's rate settings met them all (71 s in PostgreSQL at 30,000 patients). A setting without a MAP in
  -- its window gets a NULL low_set, which pick drops as that join did
  SELECT st.stay_id, st.itemid, st.rate, st.rateuom, st.hours, ws.low_set, wf.low_first
  FROM setting st
  CROSS JOIN LATERAL (
    SELECT MIN(ce.valuenum) AS low_set FROM mimiciv_icu.chartevents ce
    WHERE ce.stay_id = st.stay_id AND ce.itemid IN (220052, 220181) AND ce.valuenum IS NOT NULL
      AND ce.charttime > st.set_time AND ce.charttime <= st.set_time + st.hours * INTERVAL '1 hour') ws
  CROSS JOIN LATERAL (
    SELECT MIN(ce.valuenum) AS low_first FROM mimiciv_icu.chartevents ce
    WHERE ce.stay_id = st.stay_id AND ce.itemid IN (220052, 220181) AND ce.valuenum IS NOT NULL
      AND ce.charttime > st.first_start AND ce.charttime <= st.first_start + st.hours * INTERVAL '1 hour') wf
), pick AS (
  SELECT l.*,
         ROW_NUMBER() OVER (PARTITION BY l.stay_id, l.itemid
                            ORDER BY (CAST(l.rate * 1000 AS BIGINT) * 7919 + l.stay_id) % 1097, l.rate) AS rn_item
  FROM lows l
  WHERE l.low_set IS NOT NULL AND (l.low_first IS NULL OR l.low_first <> l.low_set)
), per_stay AS (
  SELECT p.*, ROW_NUMBER() OVER (PARTITION BY p.stay_id ORDER BY (p.itemid * 7919 + p.stay_id) % 1097, p.itemid) AS rn
  FROM pick p WHERE p.rn_item = 1
), per_item AS (
  SELECT q.*, ROW_NUMBER() OVER (PARTITION BY q.itemid ORDER BY (q.stay_id * 17 + q.itemid) % 10009, q.stay_id) AS rn_i
  FROM per_stay q WHERE q.rn <= 2
)
SELECT s.subject_id, s.hadm_id, s.stay_id, s.first_careunit AS careunit, p.itemid, di.label AS input_label,
       CAST(p.rate AS DOUBLE PRECISION) AS rate, p.rateuom, p.hours
FROM per_item p
JOIN mimiciv_icu.icustays s ON s.stay_id = p.stay_id
JOIN mimiciv_icu.d_items di ON di.itemid = p.itemid
WHERE p.rn_i <= 40 AND s.first_careunit IS NOT NULL
