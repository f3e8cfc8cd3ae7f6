-- Fragment: the linked labs a Noise twin of medications.first_dose_after_lab_threshold may name instead of the
-- stated one: labs linked to the stated drug (fragments/linked_lab_drug_pairs.sql), each with its display label,
-- upper reference limit and single unit as the binding states them, other than the stated lab. The including file
-- adds the condition that makes the twin Noise (never drawn, never above the limit) and the CTE legend; adm_labs is
-- this admission's results, with those filed without an admission but drawn during it.
WITH linked AS (
  SELECT * FROM (VALUES
    -- include: fragments/linked_lab_drug_pairs.sql
), siblings AS (
  SELECT * FROM (VALUES (50971, 50971), (50971, 50822), (50931, 50931), (50931, 50809), (50889, 50889),
                        (50889, 51652), (50868, 50868), (51301, 51301), (50813, 50813), (50912, 50912),
                        (51006, 51006), (50963, 50963), (51003, 51003), (50885, 50885), (50960, 50960)) AS s(itemid, same_itemid)
), lab_info AS (
  SELECT l.itemid, CAST(MIN(l.ref_range_upper) AS DOUBLE PRECISION) AS threshold, MIN(l.valueuom) AS unit
  FROM mimiciv_hosp.labevents l
  WHERE l.valuenum IS NOT NULL AND l.ref_range_upper IS NOT NULL AND l.valueuom IS NOT NULL
    AND l.itemid IN (SELECT s.itemid FROM siblings s)
  GROUP BY l.itemid
  HAVING COUNT(DISTINCT l.valueuom) = 1 AND MIN(l.ref_range_upper) > 0
), adm_labs AS (
  SELECT l.itemid, l.valuenum FROM mimiciv_hosp.labevents l WHERE l.hadm_id = {{hadm_id}}
  UNION ALL
  SELECT l.itemid, l.valuenum
  FROM mimiciv_hosp.labevents l JOIN mimiciv_hosp.admissions a ON a.hadm_id = {{hadm_id}}
  WHERE l.subject_id = {{subject_id}} AND l.hadm_id IS NULL AND l.charttime BETWEEN a.admittime AND a.dischtime
)
SELECT li.itemid,
       CASE WHEN d.label IN (SELECT q.label FROM mimiciv_hosp.d_labitems q GROUP BY q.label HAVING COUNT(*) = 1)
              THEN d.label
            WHEN d.label || '|' || d.fluid IN (SELECT q.label || '|' || q.fluid FROM mimiciv_hosp.d_labitems q
                                             GROUP BY q.label, q.fluid HAVING COUNT(*) = 1)
              THEN d.label || ' (' || LOWER(d.fluid) || ')'
            ELSE d.label || ' (' || LOWER(d.fluid) || ', ' || LOWER(d.category) || ')' END AS lab_label,
       li.threshold, li.unit
FROM lab_info li
JOIN mimiciv_hosp.d_labitems d ON d.itemid = li.itemid
WHERE li.itemid <> {{itemid}}
  AND EXISTS (SELECT 1 FROM linked k WHERE k.itemid = li.itemid AND LOWER({{drug}}) LIKE k.med_pattern)
