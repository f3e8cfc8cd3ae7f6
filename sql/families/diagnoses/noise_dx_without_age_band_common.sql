-- Query noise: one of the three most often coded diagnoses (same ICD version, coded in >= 20 admissions) that
-- never occurs together with the age band of the question, so the cohort the question presupposes is empty. The
-- most common such codes are taken because Clean cohorts need >= 20 admissions inside one band: a rarer absent code
-- (the first qualifying one at random) read as a different, rarer vocabulary than the Clean titles (a wording tell)
SELECT x.icd_code, x.icd_title
FROM (
  SELECT TRIM(t.icd_code) AS icd_code, t.long_title AS icd_title, c.n
  FROM (SELECT x0.icd_code, x0.icd_version, COUNT(DISTINCT x0.hadm_id) AS n
        FROM mimiciv_hosp.diagnoses_icd x0 GROUP BY x0.icd_code, x0.icd_version
        HAVING COUNT(DISTINCT x0.hadm_id) >= LEAST(20, (SELECT COUNT(*) / 200 FROM mimiciv_hosp.admissions))) c
  JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = c.icd_code AND t.icd_version = c.icd_version
  WHERE c.icd_version = {{icd_version}} AND c.icd_code <> {{icd_code}}
    AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x
                    JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
                    JOIN mimiciv_hosp.patients pt ON pt.subject_id = a.subject_id
                    WHERE x.icd_code = c.icd_code AND x.icd_version = c.icd_version
                      AND pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year BETWEEN {{age_lo}}
                          AND {{age_hi}})
) x
ORDER BY x.n DESC, x.icd_code ASC
LIMIT 3
