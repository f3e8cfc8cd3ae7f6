-- Value noise for a question that names the admission by its start date, only where the date selects the answer:
-- another admission of the patient had a positive culture of the specimen that first grew another organism, so
-- without the date the question has several answers (elsewhere a false date was a restatement a reader corrects:
-- 29 of 37 value twins of main's build). The date lies 1–9 days before this admission or 3–23 days after its
-- discharge, outside every stay of the patient and its ED visit, so "the admission that began on D" names none.
--   firsts  the organisms of the first positive culture of the specimen in each admission of the patient
WITH firsts AS (
  SELECT m.hadm_id, m.org_name
  FROM mimiciv_hosp.microbiologyevents m
  WHERE m.subject_id = {{subject_id}} AND m.spec_type_desc = {{specimen}} AND m.org_name IS NOT NULL
    AND m.hadm_id IS NOT NULL
    AND COALESCE(m.charttime, m.chartdate) = (
      SELECT MIN(COALESCE(m2.charttime, m2.chartdate)) FROM mimiciv_hosp.microbiologyevents m2
      WHERE m2.hadm_id = m.hadm_id AND m2.spec_type_desc = {{specimen}} AND m2.org_name IS NOT NULL)
)
SELECT CAST(CASE WHEN g.d < 0 THEN CAST(a.admittime AS DATE) ELSE CAST(a.dischtime AS DATE) END + g.d AS DATE)
    AS admit_date
FROM mimiciv_hosp.admissions a
CROSS JOIN (VALUES (-9), (-6), (-4), (-3), (-2), (-1), (3), (5), (8), (12), (17), (23)) AS g(d)
WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}}
  AND EXISTS (SELECT 1 FROM firsts o
              WHERE o.hadm_id <> {{hadm_id}}
                AND o.org_name NOT IN (SELECT c.org_name FROM firsts c WHERE c.hadm_id = {{hadm_id}}))
  AND NOT EXISTS (
    SELECT 1 FROM mimiciv_hosp.admissions o
    WHERE o.subject_id = a.subject_id
      AND CAST(CASE WHEN g.d < 0 THEN CAST(a.admittime AS DATE) ELSE CAST(a.dischtime AS DATE) END + g.d AS DATE)
          BETWEEN CAST(LEAST(o.admittime, COALESCE(o.edregtime, o.admittime)) AS DATE)
              AND CAST(GREATEST(o.dischtime, o.admittime) AS DATE))
