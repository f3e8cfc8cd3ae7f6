-- Record noise: another diagnosis the Clean questions can name (coded in >= 5 admissions; match_clean keeps the
-- Clean ones) that never occurs together
-- with an insurance of the question, so the cohort the question presupposes is empty; only where ≥ 5
-- qualify (the one or two diagnoses lacking a common payer recurred over the Noise: a tell)
SELECT q.icd_code, q.icd_title
FROM (
  SELECT DISTINCT TRIM(t.icd_code) AS icd_code, t.long_title AS icd_title, COUNT(*) OVER () AS n_cand
  FROM (SELECT x0.icd_code, x0.icd_version FROM mimiciv_hosp.diagnoses_icd x0 GROUP BY x0.icd_code, x0.icd_version
        HAVING COUNT(DISTINCT x0.hadm_id) >= LEAST(5, (SELECT COUNT(*) / 800 FROM mimiciv_hosp.admissions))) c
  JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = c.icd_code AND t.icd_version = c.icd_version
  WHERE c.icd_version = {{icd_version}} AND TRIM(c.icd_code) <> {{icd_code}}
    AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
                    WHERE x.icd_code = c.icd_code AND x.icd_version = c.icd_version AND a.insurance = {{insurance}})
) q
WHERE q.n_cand >= 5
