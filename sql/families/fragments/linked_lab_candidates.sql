-- Fragment: the linked labs a Noise twin of medications.first_dose_after_lab_threshold may name instead of the
-- stated one: labs linked to the stated drug (fragments/linked_lab_drug_pairs.sql), each with its display label,
-- upper reference limit and single unit as the binding states them, other than the stated lab. The including file
-- adds the condition that makes the twin Noise (never drawn, never above the limit) and the CTE legend; adm_labs is
-- this admission's results, with those filed without an admission but drawn during it; adm_top, per lab, the
-- highest of its and its siblings' results and whether the lab itself was drawn and filed with the admission (one
-- pass over the admission's results). The admission joins the results on the patient too: joined on its id alone,
-- the set-based form paired every result filed without an admission with every admission in a nested loop before
-- it applied the bindings (3,000 patients: 2.3 s of a 110-binding query; at 100,000 each query ran minutes).
WITH linked AS (
  SELECT * FROM (VALUES
    -- include: fragments/linked_lab_drug_pairs.sql
), siblings AS (
  SELECT * FROM (VALUES (50971, 50971), (50971, 50822), (50931, 50931), (50931, 50809), (50889, 50889),
                        (50889, 51652), (50868, 50868), (51301, 51301), (50813, 50813), (50912, 50912),
                        (51006, 51006), (50963, 50963), (51003, 51003), (50885, 50885), (50960, 50960)) AS s(itemid,
                            same_itemid)
), lab_info AS (
  SELECT l.itemid, CAST(MIN(l.ref_range_upper) AS DOUBLE PRECISION) AS threshold, MIN(l.valueuom) AS unit
  FROM mimiciv_hosp.labevents l
  WHERE l.valuenum IS NOT NULL AND l.ref_range_upper IS NOT NULL AND l.valueuom IS NOT NULL
    AND l.itemid IN (SELECT s.itemid FROM siblings s)
  GROUP BY l.itemid
  HAVING MIN(l.valueuom) = MAX(l.valueuom) AND MIN(l.ref_range_upper) > 0
), adm_labs AS (
  SELECT l.itemid, l.valuenum, 1 AS filed FROM mimiciv_hosp.labevents l WHERE l.hadm_id = {{hadm_id}}
  UNION ALL
  SELECT l.itemid, l.valuenum, 0 AS filed
  FROM mimiciv_hosp.labevents l JOIN mimiciv_hosp.admissions a ON a.hadm_id = {{hadm_id}}
      AND a.subject_id = l.subject_id
  WHERE l.subject_id = {{subject_id}} AND l.hadm_id IS NULL AND l.charttime BETWEEN a.admittime AND a.dischtime
), adm_top AS (
  SELECT s.itemid, MAX(l.valuenum) AS top,
         MAX(CASE WHEN l.itemid = s.itemid AND l.filed = 1 AND l.valuenum IS NOT NULL THEN 1 ELSE 0 END) AS drawn
  FROM siblings s JOIN adm_labs l ON l.itemid = s.same_itemid
  GROUP BY s.itemid
)
SELECT li.itemid,
-- include: fragments/lab_label.sql alias=d
     , li.threshold, li.unit
FROM lab_info li
JOIN mimiciv_hosp.d_labitems d ON d.itemid = li.itemid
WHERE li.itemid <> {{itemid}}
  AND EXISTS (SELECT 1 FROM linked k WHERE k.itemid = li.itemid AND LOWER({{drug}}) LIKE k.med_pattern)
