-- (admission, specimen type) whose first positive culture grew a single organism, at most 40 per organism: E. coli
-- is the commonest isolate (394 of 1,943 such cultures in the default EHR), so unstratified it was 23.5% of the
-- family's answers and a constant guess scored; 40 per organism leaves it ≈ 5%
-- The question names the admission by its start date and the specimen by its type, and at least one of them must
-- select the answer: another admission of the patient had a positive culture of that specimen that first grew
-- another organism (the date selects; the same organism again left one answer without the date), or
-- an earlier or simultaneous positive culture of another specimen in this admission grew another organism (the
-- specimen selects). Each twin perturbs a handle that selects (the value twin's date only where the date selects,
-- the record and query twins' specimen only where the specimen does: the noise files check it).
WITH pos AS (
  SELECT m.hadm_id, m.spec_type_desc, MIN(COALESCE(m.charttime, m.chartdate)) AS t0
  FROM mimiciv_hosp.microbiologyevents m
  WHERE m.hadm_id IS NOT NULL AND m.org_name IS NOT NULL
  GROUP BY m.hadm_id, m.spec_type_desc
), u AS (
  SELECT pos.hadm_id, pos.spec_type_desc, MIN(m.org_name) AS org_name, MIN(pos.t0) AS t0
  FROM pos JOIN mimiciv_hosp.microbiologyevents m
    ON m.hadm_id = pos.hadm_id AND m.spec_type_desc = pos.spec_type_desc AND COALESCE(m.charttime, m.chartdate) = pos.t0
   AND m.org_name IS NOT NULL
  GROUP BY pos.hadm_id, pos.spec_type_desc HAVING COUNT(DISTINCT m.org_name) = 1
), strat AS (
  SELECT u.*, ROW_NUMBER() OVER (PARTITION BY u.org_name
                                 ORDER BY (u.hadm_id * 31 + LENGTH(u.spec_type_desc)) % 10007, u.hadm_id,
                                     u.spec_type_desc) AS rn
  FROM u
), contradicted AS (
  -- (admission, specimen) whose organism another positive culture contradicts: of that specimen in another admission
  -- of the patient, or of another specimen earlier or at once in this admission. Joins: as correlated EXISTS under
  -- OR, PostgreSQL scanned CTE u once per candidate for each
  SELECT s.hadm_id, s.spec_type_desc
  FROM strat s
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
  JOIN mimiciv_hosp.admissions ao ON ao.subject_id = a.subject_id AND ao.hadm_id <> a.hadm_id
  JOIN u o ON o.hadm_id = ao.hadm_id AND o.spec_type_desc = s.spec_type_desc AND o.org_name <> s.org_name
  WHERE s.rn <= 40
  UNION
  SELECT s.hadm_id, s.spec_type_desc
  FROM strat s
  JOIN u o ON o.hadm_id = s.hadm_id AND o.t0 <= s.t0 AND o.org_name <> s.org_name
  WHERE s.rn <= 40
)
SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date, s.spec_type_desc AS specimen
FROM strat s
JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
JOIN contradicted x ON x.hadm_id = s.hadm_id AND x.spec_type_desc = s.spec_type_desc
WHERE s.rn <= 40
ORDER BY (a.hadm_id * 31 + LENGTH(s.spec_type_desc)) % 10007, a.hadm_id, s.spec_type_desc
