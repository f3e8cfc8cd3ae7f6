-- Query noise: another drug of this admission (match_clean keeps it to drugs Clean questions of the family name),
-- first ordered and started only after the lab's last result (filed under the admission, or drawn unfiled during its
-- stay, which a reader could take as the answer): both exist in the admission, only "after" cannot hold. The drug's
-- time is the earlier of its first start and its first order entry (pharmacy), since one question form says "after
-- the first ... order": an order entered before the last result (on average 45 min before the start) would let a
-- reader find a result after it
SELECT f.drug
FROM (SELECT p.drug, LEAST(MIN(p.starttime), MIN(COALESCE(ph.entertime, p.starttime))) AS first_start
      FROM mimiciv_hosp.prescriptions p
      LEFT JOIN mimiciv_hosp.pharmacy ph ON ph.pharmacy_id = p.pharmacy_id
      WHERE p.hadm_id = {{hadm_id}} AND p.drug <> {{drug}} AND p.starttime IS NOT NULL
      GROUP BY p.drug) f
WHERE f.first_start >= (SELECT MAX(l.charttime) FROM mimiciv_hosp.labevents l
                        WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents u JOIN mimiciv_hosp.admissions a ON a.hadm_id = {{hadm_id}}
                  WHERE u.subject_id = a.subject_id AND u.itemid = {{itemid}} AND u.hadm_id IS NULL
                    AND u.valuenum IS NOT NULL AND u.charttime BETWEEN a.admittime AND a.dischtime
                    AND u.charttime > f.first_start)
