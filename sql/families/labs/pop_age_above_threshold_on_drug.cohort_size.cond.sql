-- the stated cohort size is right: admissions with the drug and a result of the lab above the threshold in the
-- stated unit (vacuous when there are none: that is threshold_crossed_in_cohort's failure)
SELECT COUNT(DISTINCT p.hadm_id) = 0 OR COUNT(DISTINCT p.hadm_id) = {{n_adm}} AS holds
FROM mimiciv_hosp.prescriptions p
JOIN mimiciv_hosp.labevents l ON l.hadm_id = p.hadm_id
WHERE p.drug = {{drug}} AND l.itemid = {{itemid}} AND l.valueuom = {{unit}} AND l.valuenum > {{threshold}}
