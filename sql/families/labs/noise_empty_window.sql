-- Query noise: the next shorter window of the Clean set (24 h of a 48 h question, 12 h of a 24 h one) in which no
-- result of the lab falls (it exists, later). Only 24 h from 48 h put 71 of 160 Noise questions at 24 h against 39
-- Clean ones, a wording tell, and 12 h from 48 h as well put 102 at 12 h against 71; the next shorter window moves
-- each twin one step (12 h alone had been 132 of 160 twins against 88 Clean questions). Still every such twin moves
-- Noise one window shorter and a 12 h question has none, so they are kept for half the admissions (a hash; the others
-- take another twin): kept for all, 75 Noise against 48 Clean questions named 12 h and 10 against 42 named 48 h, and
-- the window alone gave the family's question-only AUROC 0.66 (review 7 build t3)
SELECT w.hours
FROM (VALUES (12, 24), (24, 48)) AS w(hours, clean_hours)
WHERE w.clean_hours = {{hours}} AND (CAST({{hadm_id}} AS BIGINT) * 40503 + {{itemid}}) % 2 = 0
  AND NOT EXISTS (
    SELECT 1 FROM mimiciv_hosp.labevents l
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = l.hadm_id
    WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
      AND EXTRACT(EPOCH FROM (l.charttime - a.admittime)) <= w.hours * 3600)
