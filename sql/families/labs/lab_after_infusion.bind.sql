-- (ICU stay, continuous infusion, lab test with an unambiguous label) where the lab has a numeric result after the
-- infusion's first start and one result at the first such time; ≤ 2 per stay
-- Labs drawn in ≥ 80 % of admissions (the routine panels) are picked only after the stay's other labs: the Record
-- twin asks about a lab the admission never had, which is never a routine one (a wording tell otherwise).
-- The infusion selects the lab: a result of the lab lies between the stay's first ICU input of any item and this
-- infusion's first start, so the first result after either differs (else a twin naming an infusion the stay never
-- had is answered by the stay's first input: 179 of 188 such twins were correctable restatements). Only items given
-- as infusions (no oral intake, free water or "Solution").
WITH routine AS (
  -- include: fragments/routine_labs.sql
), drip AS (
  SELECT i.stay_id, i.itemid, MIN(i.starttime) AS first_start
  FROM mimiciv_icu.inputevents i
  WHERE i.rate IS NOT NULL AND i.itemid NOT IN (
    -- include: fragments/not_given_iv_items.sql
  )
  GROUP BY i.stay_id, i.itemid
), first_any AS (
  SELECT i.stay_id, MIN(i.starttime) AS t_any FROM mimiciv_icu.inputevents i GROUP BY i.stay_id
), lab_times AS (
  -- include: fragments/lab_times.sql
), firsts AS (
  -- the lab's first time after the infusion's first start (after it, its previous time not) holds one result. Ranked
  -- over every (infusion, result after it) instead, PostgreSQL sorted 24.5M rows at 30,000 patients
  SELECT d.stay_id, d.itemid, t.itemid AS lab_itemid
  FROM drip d
  JOIN mimiciv_icu.icustays s ON s.stay_id = d.stay_id
  JOIN lab_times t ON t.hadm_id = s.hadm_id AND t.charttime > d.first_start
                  AND (t.prev_time IS NULL OR t.prev_time <= d.first_start)
  WHERE t.n = 1
), pick AS (
  SELECT f.*, ROW_NUMBER() OVER (PARTITION BY f.stay_id
                                 ORDER BY CASE WHEN f.lab_itemid IN (SELECT r.itemid FROM routine r) THEN 1 ELSE 0 END,
                                          (f.itemid * 7919 + f.lab_itemid * 31 + f.stay_id) % 1097, f.itemid,
                                              f.lab_itemid) AS rn
  FROM firsts f
  JOIN mimiciv_hosp.d_labitems li ON li.itemid = f.lab_itemid
  JOIN first_any fa ON fa.stay_id = f.stay_id
  JOIN drip dr ON dr.stay_id = f.stay_id AND dr.itemid = f.itemid
  WHERE EXISTS (SELECT 1 FROM mimiciv_icu.icustays s2
                JOIN mimiciv_hosp.labevents l2 ON l2.hadm_id = s2.hadm_id
                WHERE s2.stay_id = f.stay_id AND l2.itemid = f.lab_itemid AND l2.valuenum IS NOT NULL
                  AND l2.charttime > fa.t_any AND l2.charttime <= dr.first_start)
    -- no result of the lab drawn in the minute the infusion started: "reported after that start" reads it as after
    -- (review 7e, 54a5df79297c28a6: a lactate drawn at the start, reported 1 h 45 min later)
    AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.icustays s3
                    JOIN mimiciv_hosp.labevents l3 ON l3.hadm_id = s3.hadm_id
                    WHERE s3.stay_id = f.stay_id AND l3.itemid = f.lab_itemid AND l3.valuenum IS NOT NULL
                      AND l3.charttime = dr.first_start)
    AND li.label IN (SELECT li2.label FROM mimiciv_hosp.d_labitems li2 GROUP BY li2.label HAVING COUNT(*) = 1)
)
SELECT s.subject_id, s.hadm_id, s.stay_id, s.first_careunit AS careunit, p.itemid, d.label AS input_label,
       p.lab_itemid, li.label AS lab_label
FROM pick p
JOIN mimiciv_icu.icustays s ON s.stay_id = p.stay_id
JOIN mimiciv_icu.d_items d ON d.itemid = p.itemid
JOIN mimiciv_hosp.d_labitems li ON li.itemid = p.lab_itemid
WHERE p.rn <= 2 AND s.first_careunit IS NOT NULL
