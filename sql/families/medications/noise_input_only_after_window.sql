-- Query noise: another input of this stay (a medication or fluid given as an infusion or bolus) that was first
-- given only after the question's window, while the stay had other inputs inside it, so the window selects: the
-- twin's input exists in the stay but not within its first {hours} hours, and without the input the window's
-- first start (or total) is not the Clean item's. Replaces the shorter-window twin, which restated the Clean item's
-- first start (the first X overall is the first X in any window containing it: 47 of 47 were correctable).
--   later  the stay's other inputs whose every start lies after the window
SELECT i.itemid, d.label AS input_label
FROM mimiciv_icu.inputevents i
JOIN mimiciv_icu.icustays s ON s.stay_id = i.stay_id
JOIN mimiciv_icu.d_items d ON d.itemid = i.itemid
WHERE i.stay_id = {{stay_id}} AND i.itemid <> {{itemid}} AND i.amount IS NOT NULL
  AND i.itemid NOT IN (
    -- include: fragments/not_given_iv_items.sql
  )
  AND EXISTS (SELECT 1 FROM mimiciv_icu.inputevents o
              WHERE o.stay_id = {{stay_id}} AND o.itemid <> {{itemid}} AND o.amount IS NOT NULL
                AND o.starttime >= s.intime AND EXTRACT(EPOCH FROM (o.starttime - s.intime)) <= {{hours}} * 3600)
GROUP BY i.itemid, d.label, s.intime
HAVING MIN(i.starttime) > s.intime + {{hours}} * INTERVAL '1 hour'
