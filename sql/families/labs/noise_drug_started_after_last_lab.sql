-- Query noise: another drug of this admission (match_clean keeps it to drugs Clean questions of the family name),
-- first started only after the lab's last result (filed under the admission, or drawn unfiled during its stay, which
-- a reader could take as the answer): both exist in the admission, only "after" cannot hold
SELECT f.drug
FROM (SELECT p.drug, MIN(p.starttime) AS first_start FROM mimiciv_hosp.prescriptions p
      WHERE p.hadm_id = {{hadm_id}} AND p.drug <> {{drug}} AND p.starttime IS NOT NULL
      GROUP BY p.drug) f
WHERE f.first_start >= (SELECT MAX(l.charttime) FROM mimiciv_hosp.labevents l
                        WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents u JOIN mimiciv_hosp.admissions a ON a.hadm_id = {{hadm_id}}
                  WHERE u.subject_id = a.subject_id AND u.itemid = {{itemid}} AND u.hadm_id IS NULL
                    AND u.valuenum IS NOT NULL AND u.charttime BETWEEN a.admittime AND a.dischtime
                    AND u.charttime > f.first_start)
