-- (admission, lab) whose first numeric result comes 2–48 h after admission; the window is the smallest of
-- 12/24/48 h that contains it (the Query twin uses a shorter one of the same set, so no window exists only in Noise)
-- Labs drawn in ≥ 80 % of admissions (the routine panels) are picked only after the admission's other labs: the
-- Record twin asks about a lab the admission never had, which is never a routine one, so Clean questions that asked
-- mostly about routine labs left the swapped lab names (fibrinogen, D-dimer, CK-MB) to the twins, a wording tell
-- The question names the admission by its start date only, so the date must select it among the patient's
-- admissions: the lab was drawn in the same first hours of another admission of the patient too, with another
-- maximum (without the date the question has several answers, so a twin's false date is not a restatement a reader
-- can correct; "drawn in the first 48 hours" of another admission left 27 of 83 value twins correctable)
-- and the window must select the value: a later result of the admission is higher than the window's maximum (else a
-- twin whose window holds no result is answered by the admission's maximum)
WITH routine AS (
  -- include: fragments/routine_labs.sql
), f AS (
  SELECT l.hadm_id, l.itemid, MIN(l.charttime) AS t0,
         CASE WHEN MIN(l.valueuom) IS NULL THEN 0 WHEN MIN(l.valueuom) = MAX(l.valueuom) THEN 1 ELSE 2 END AS n_units
  FROM mimiciv_hosp.labevents l
  WHERE l.valuenum IS NOT NULL AND l.hadm_id IS NOT NULL
  GROUP BY l.hadm_id, l.itemid
), g AS (
  SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date, f.itemid,
         EXTRACT(EPOCH FROM (f.t0 - a.admittime)) / 3600.0 AS off_h
  FROM f JOIN mimiciv_hosp.admissions a ON a.hadm_id = f.hadm_id
  WHERE f.n_units <= 1
), pick AS (
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.hadm_id ORDER BY CASE WHEN g.itemid IN (SELECT r.itemid FROM routine r)
      THEN 1 ELSE 0 END,
                                  (g.itemid * 7919 + g.hadm_id) % 1013, g.itemid) AS rn
  FROM g WHERE g.off_h >= 2 AND g.off_h <= 48
)
SELECT p.subject_id, p.hadm_id, p.admit_date, p.itemid,
-- include: fragments/lab_label.sql alias=d
     , CASE WHEN p.off_h <= 12 THEN 12 WHEN p.off_h <= 24 THEN 24 ELSE 48 END AS hours
FROM pick p JOIN mimiciv_hosp.d_labitems d ON d.itemid = p.itemid
JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
WHERE p.rn <= 2
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.admissions ao
              WHERE ao.subject_id = p.subject_id AND ao.hadm_id <> p.hadm_id
                AND (SELECT MAX(l.valuenum) FROM mimiciv_hosp.labevents l
                     WHERE l.hadm_id = ao.hadm_id AND l.itemid = p.itemid AND l.valuenum IS NOT NULL
                       AND l.charttime >= ao.admittime
                       AND EXTRACT(EPOCH FROM (l.charttime - ao.admittime)) <= 3600.0
                           * CASE WHEN p.off_h <= 12 THEN 12 WHEN p.off_h <= 24 THEN 24 ELSE 48 END)
                    <> (SELECT MAX(l.valuenum) FROM mimiciv_hosp.labevents l
                        WHERE l.hadm_id = p.hadm_id AND l.itemid = p.itemid AND l.valuenum IS NOT NULL
                          AND l.charttime >= a.admittime
                          AND EXTRACT(EPOCH FROM (l.charttime - a.admittime)) <= 3600.0
                              * CASE WHEN p.off_h <= 12 THEN 12 WHEN p.off_h <= 24 THEN 24 ELSE 48 END))
  AND (SELECT MAX(l.valuenum) FROM mimiciv_hosp.labevents l
       WHERE l.hadm_id = p.hadm_id AND l.itemid = p.itemid AND l.valuenum IS NOT NULL
         AND EXTRACT(EPOCH FROM (l.charttime - a.admittime)) > 3600.0
             * CASE WHEN p.off_h <= 12 THEN 12 WHEN p.off_h <= 24 THEN 24 ELSE 48 END)
      > (SELECT MAX(l.valuenum) FROM mimiciv_hosp.labevents l
         WHERE l.hadm_id = p.hadm_id AND l.itemid = p.itemid AND l.valuenum IS NOT NULL
           AND l.charttime >= a.admittime
           AND EXTRACT(EPOCH FROM (l.charttime - a.admittime)) <= 3600.0
               * CASE WHEN p.off_h <= 12 THEN 12 WHEN p.off_h <= 24 THEN 24 ELSE 48 END)
-- include: fragments/lab_named_once.sql kw=AND alias=d
ORDER BY (p.hadm_id * 31 + p.itemid) % 10007, p.hadm_id, p.itemid
LIMIT 20000
