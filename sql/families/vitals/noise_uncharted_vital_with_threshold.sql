-- Record noise: a vital sign of the family's list charted in other ICU stays but never in this one (arterial
-- pressure without an arterial line), stated with one of its own standard cut-offs (1, 1.1, 1.25 or 1.5 × its
-- high-normal limit, as Clean twins of that vital use: match_clean). Not a temperature: the unit charted is a
-- reading (°C ↔ °F), and the unit nobody charted put "Temperature Celsius above 38" in 16 twins and 1 Clean question
SELECT d.itemid, d.label AS vital_label,
       CAST(ROUND(CAST(d.highnormalvalue * k.k AS NUMERIC), 0) AS DOUBLE PRECISION) AS threshold
FROM mimiciv_icu.d_items d
CROSS JOIN (VALUES (1.0), (1.1), (1.25), (1.5)) AS k(k)
WHERE d.itemid IN (220045, 220179, 220180, 220181, 220210, 220050, 220051, 220052)
  AND d.itemid <> {{itemid}} AND d.highnormalvalue IS NOT NULL
  AND EXISTS (SELECT 1 FROM mimiciv_icu.chartevents e WHERE e.itemid = d.itemid AND e.valuenum IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.chartevents c WHERE c.stay_id = {{stay_id}} AND c.itemid = d.itemid)
