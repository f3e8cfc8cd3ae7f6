-- Value noise for a question that names the admission by its start date, only where the date selects the answer:
-- another admission of the patient has a first order of the drug at another dose, so without the date the question
-- has several answers. A first dose is mostly the same in every admission (in the default EHR only insulin's
-- differs), and there a false date was a restatement a reader corrects (113 of 114 value twins of main's build), so
-- elsewhere this family has no value twin. The date lies 1–9 days before this admission or 3–23 days after its
-- discharge, outside every stay of the patient and its ED visit, so "the admission that began on D" names none.
--   firsts  the numeric first-order doses of the drug in the patient's other admissions
WITH firsts AS (
  SELECT p.hadm_id, CAST(p.dose_val_rx AS DOUBLE PRECISION) AS dose, COALESCE(p.dose_unit_rx, '') AS unit
  FROM mimiciv_hosp.prescriptions p
  WHERE p.subject_id = {{subject_id}} AND p.hadm_id <> {{hadm_id}} AND p.drug = {{drug}}
    AND p.dose_val_rx ~ '^[0-9]+(\.[0-9]+)?$'
    AND p.starttime = (SELECT MIN(p2.starttime) FROM mimiciv_hosp.prescriptions p2
                       WHERE p2.hadm_id = p.hadm_id AND p2.drug = {{drug}})
)
SELECT CAST(CASE WHEN g.d < 0 THEN CAST(a.admittime AS DATE) ELSE CAST(a.dischtime AS DATE) END + g.d AS DATE)
    AS admit_date
FROM mimiciv_hosp.admissions a
CROSS JOIN (VALUES (-9), (-6), (-4), (-3), (-2), (-1), (3), (5), (8), (12), (17), (23)) AS g(d)
WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}}
  AND EXISTS (
    SELECT 1 FROM firsts f
    WHERE NOT EXISTS (
      SELECT 1 FROM mimiciv_hosp.prescriptions c
      WHERE c.hadm_id = {{hadm_id}} AND c.drug = {{drug}} AND c.dose_val_rx ~ '^[0-9]+(\.[0-9]+)?$'
        AND CAST(c.dose_val_rx AS DOUBLE PRECISION) = f.dose AND COALESCE(c.dose_unit_rx, '') = f.unit
        AND c.starttime = (SELECT MIN(c2.starttime) FROM mimiciv_hosp.prescriptions c2
                           WHERE c2.hadm_id = {{hadm_id}} AND c2.drug = {{drug}})))
  AND NOT EXISTS (
    SELECT 1 FROM mimiciv_hosp.admissions o
    WHERE o.subject_id = a.subject_id
      AND CAST(CASE WHEN g.d < 0 THEN CAST(a.admittime AS DATE) ELSE CAST(a.dischtime AS DATE) END + g.d AS DATE)
          BETWEEN CAST(LEAST(o.admittime, COALESCE(o.edregtime, o.admittime)) AS DATE)
              AND CAST(GREATEST(o.dischtime, o.admittime) AS DATE))
