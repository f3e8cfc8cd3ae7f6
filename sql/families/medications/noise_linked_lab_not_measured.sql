-- Record noise: another lab clinically linked to this medication (the same linked pairs as the binding; insulin →
-- potassium, glucose, anion gap; vancomycin → white cells, C-reactive protein; ...), named with its own upper
-- reference limit and unit, that was never drawn in this admission, nor an item a reader would take for it
-- (whole-blood potassium, blood-gas glucose, high-sensitivity CRP), counting results filed without the admission
-- but drawn during it
--   linked     (lab, medication pattern) pairs, as in medications/first_dose_after_lab_threshold.bind.sql
--   siblings   items a careful reader counts as the same lab
--   lab_info   each lab's display label, threshold (upper reference limit) and unit, as the binding states them
--   adm_labs   the admission's results, with those filed without an admission but drawn during this one
WITH linked AS (
  SELECT * FROM (VALUES
    (50971, 'insulin%'), (50971, 'calcium gluconate%'), (50971, 'sodium polystyrene%'), (50971, 'dextrose 50%'),
    (50971, 'furosemide%'), (50931, 'insulin%'), (50931, 'glargine%'), (50868, 'insulin%'),
    (50868, 'sodium bicarbonate%'), (51301, 'vancomycin%'), (51301, 'piperacillin%'), (51301, 'cefepime%'),
    (51301, 'ceftriaxone%'), (51301, 'meropenem%'), (51301, 'acetaminophen%'), (50889, 'vancomycin%'),
    (50889, 'ceftriaxone%'), (50813, 'sodium chloride 0.9%'), (50813, 'lactated ringer%'),
    (50813, 'norepinephrine%'), (50912, 'sodium bicarbonate%'), (50912, 'sodium chloride 0.9%'),
    (51006, 'sodium chloride 0.9%'), (50963, 'furosemide%'), (51003, 'aspirin%'), (51003, 'heparin%'),
    (51003, 'clopidogrel%'), (51003, 'metoprolol%'), (51003, 'atorvastatin%'), (50885, 'lactulose%'),
    (50960, 'calcium gluconate%')) AS v(itemid, med_pattern)
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
  AND NOT EXISTS (SELECT 1 FROM siblings s JOIN adm_labs l ON l.itemid = s.same_itemid WHERE s.itemid = li.itemid)
