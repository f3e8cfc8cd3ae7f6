-- (Within the chapter the candidates are few by design: ≥ 2 suffice here, not the 5 of the general swap.)
-- The related variant: the other diagnosis is of the same ICD chapter (first character) as the Clean one.
-- Record noise: another diagnosis the Clean questions can name (same ICD version, coded in ≥ 10 admissions;
-- match_clean keeps the Clean ones) that no admission from the question's location was coded with, so the cohort the
-- question presupposes is empty; only where ≥ 5 qualify (under a location most diagnoses have, the one or two that
-- lack it recurred over the Noise: a tell)
SELECT q.icd_code, q.icd_title
FROM (
  SELECT TRIM(t.icd_code) AS icd_code, t.long_title AS icd_title, COUNT(*) OVER () AS n_cand
  FROM (SELECT x0.icd_code, x0.icd_version FROM mimiciv_hosp.diagnoses_icd x0 GROUP BY x0.icd_code, x0.icd_version
        HAVING COUNT(DISTINCT x0.hadm_id) >= LEAST(10, (SELECT COUNT(*) / 400 FROM mimiciv_hosp.admissions))) c
  JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = c.icd_code AND t.icd_version = c.icd_version
  WHERE c.icd_version = {{icd_version}} AND TRIM(c.icd_code) <> {{icd_code}}
    AND SUBSTRING(TRIM(t.icd_code), 1, 1) = SUBSTRING({{icd_code}}, 1, 1)
    AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
                    WHERE x.icd_code = c.icd_code AND x.icd_version = c.icd_version
                      AND a.admission_location = {{admission_location}})
) q
WHERE q.n_cand >= 2
