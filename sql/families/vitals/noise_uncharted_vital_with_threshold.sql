-- Record noise: a vital sign of the family's list charted in other ICU stays but never in this one (arterial
-- pressure without an arterial line), stated with its own value of the Clean twin's standard cut-off (k × its
-- high-normal limit, k the Clean threshold's multiple of 1, 1.1 or 1.25), so the twins' cut-offs are spread like the
-- Clean questions' (match_clean keeps them to ones Clean questions state). Not a temperature: the unit charted is a
-- reading (°C ↔ °F), and the unit nobody charted put "Temperature Celsius above 38" in 16 twins and 1 Clean question
--   clean    the Clean twin's cut-off multiple k
--   charted  the vitals of the list charted with a value in some stay (once per query: as an EXISTS per item and
--            binding, 149 bindings took 29.5 s at 3,000 patients)
--   in_stay  the vitals of the list charted in this stay
WITH clean AS (
  SELECT k.k
  FROM mimiciv_icu.d_items d0 CROSS JOIN (VALUES (1.0), (1.1), (1.25)) AS k(k)
  WHERE d0.itemid = {{itemid}} AND d0.highnormalvalue IS NOT NULL
    AND CAST(ROUND(CAST(d0.highnormalvalue * k.k AS NUMERIC), 0) AS DOUBLE PRECISION) = {{threshold}}
), charted AS (
  SELECT DISTINCT e.itemid FROM mimiciv_icu.chartevents e
  WHERE e.itemid IN (220045, 220179, 220180, 220181, 220210, 220050, 220051, 220052) AND e.valuenum IS NOT NULL
), in_stay AS (
  SELECT DISTINCT c.itemid FROM mimiciv_icu.chartevents c
  WHERE c.stay_id = {{stay_id}} AND c.itemid IN (220045, 220179, 220180, 220181, 220210, 220050, 220051, 220052)
)
SELECT d.itemid, d.label AS vital_label,
       CAST(ROUND(CAST(d.highnormalvalue * clean.k AS NUMERIC), 0) AS DOUBLE PRECISION) AS threshold
FROM mimiciv_icu.d_items d
CROSS JOIN clean
WHERE d.itemid IN (SELECT ch.itemid FROM charted ch)
  AND d.itemid <> {{itemid}} AND d.highnormalvalue IS NOT NULL
  AND d.itemid NOT IN (SELECT s.itemid FROM in_stay s)
