-- Query noise: a drug of this admission first started only after the lab's last result
SELECT p.drug
FROM mimiciv_hosp.prescriptions p
WHERE p.hadm_id = {{hadm_id}} AND p.drug <> {{drug}}
GROUP BY p.drug
HAVING MIN(p.starttime) >= (SELECT MAX(l.charttime) FROM mimiciv_hosp.labevents l
                            WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL)
