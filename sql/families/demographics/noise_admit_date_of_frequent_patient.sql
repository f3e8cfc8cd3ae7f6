-- Value noise: a date 1–9 days before this admission, outside every stay of the patient and its ED visit, so "the
-- admission that began on D" names none. A patient dies once, so without the date the question still has one
-- answer: every such twin is a restatement a reader corrects (31 of 31 date shifts of main's build). It stays only
-- to give the family a second level, and only for patients with ≥ 3 admissions (about 11% of the family's
-- bindings), so it is a small share of the family's Noise; the honest Noise of this family is the patient who did
-- not die in hospital (record level). With ≥ 4 admissions (3-5% of the bindings) it fell under the operator floor
-- (3% of a family's Noise): 4 of 128 twins in the default split, 2 of 159 at 100,000 patients.
SELECT CAST(CAST(a.admittime AS DATE) + g.d AS DATE) AS admit_date
FROM mimiciv_hosp.admissions a
CROSS JOIN (VALUES (-9), (-6), (-4), (-3), (-2), (-1)) AS g(d)
WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}}
  AND (SELECT COUNT(*) FROM mimiciv_hosp.admissions n WHERE n.subject_id = a.subject_id) >= 3
  AND NOT EXISTS (
    SELECT 1 FROM mimiciv_hosp.admissions o
    WHERE o.subject_id = a.subject_id
      AND CAST(CAST(a.admittime AS DATE) + g.d AS DATE)
          BETWEEN CAST(LEAST(o.admittime, COALESCE(o.edregtime, o.admittime)) AS DATE)
              AND CAST(GREATEST(o.dischtime, o.admittime) AS DATE))
