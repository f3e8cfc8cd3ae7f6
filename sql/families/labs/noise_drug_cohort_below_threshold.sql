-- Query noise: another drug (Clean questions of the family ask about it: match_clean) whose admissions had this lab
-- drawn, but never above the threshold in the stated unit: the cohort of the drug exists and was tested, yet no
-- admission meets both conditions
--   rx_lab  per (drug, lab): whether an admission with the drug had the lab, and its highest result in each unit
WITH rx_lab AS (
  SELECT rx.drug, lab.itemid, lab.valueuom, MAX(lab.max_value) AS max_value
  FROM (SELECT DISTINCT p.hadm_id, p.drug FROM mimiciv_hosp.prescriptions p) rx
  JOIN (SELECT l.hadm_id, l.itemid, l.valueuom, MAX(l.valuenum) AS max_value FROM mimiciv_hosp.labevents l
        WHERE l.hadm_id IS NOT NULL AND l.valuenum IS NOT NULL
        GROUP BY l.hadm_id, l.itemid, l.valueuom) lab ON lab.hadm_id = rx.hadm_id
  GROUP BY rx.drug, lab.itemid, lab.valueuom
)
SELECT r.drug
FROM rx_lab r
WHERE r.itemid = {{itemid}} AND r.drug <> {{drug}}
GROUP BY r.drug
HAVING MAX(r.max_value) <= {{threshold}}
