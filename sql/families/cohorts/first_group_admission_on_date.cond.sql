-- the stated date is a day of the patient's first admission coded with the group: from its ED registration (or
-- admission) date to its discharge date (vacuous without such an admission). Clean questions state the admission
-- date; a Noise date must fall outside that stay, since a date inside it still names the admission under a
-- reasonable reading (an audit of 2,000 pairs found 9 such twins when only the admission date counted).
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
)
SELECT COALESCE(BOOL_OR({{admit_date}} BETWEEN CAST(LEAST(a.admittime, COALESCE(a.edregtime, a.admittime)) AS DATE)
                                            AND CAST(a.dischtime AS DATE)), TRUE) AS holds
FROM mimiciv_hosp.admissions a
WHERE a.subject_id = {{subject_id}}
  AND a.admittime = (SELECT MIN(fa.admittime)
                     FROM mimiciv_hosp.admissions fa
                     WHERE fa.subject_id = {{subject_id}}
                       AND EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d
                                   WHERE d.hadm_id = fa.hadm_id
                                     AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = {{dx_group}}
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)))
