-- the stated number of admissions coded with the diagnosis that had the lab charged is right (vacuous when there
-- are none: that is lab_measured_in_cohort's failure)
SELECT COUNT(DISTINCT x.hadm_id) = 0 OR COUNT(DISTINCT x.hadm_id) = {{n_adm}} AS holds
FROM mimiciv_hosp.diagnoses_icd x
JOIN mimiciv_hosp.labevents l ON l.hadm_id = x.hadm_id AND l.itemid = {{itemid}}
JOIN mimiciv_derived.cost c ON c.event_type = 'labevents' AND c.event_id = l.labevent_id
WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}}
