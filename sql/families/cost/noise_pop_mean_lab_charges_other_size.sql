-- Value noise: the size of a sibling cohort stated for this one — the admissions with the same diagnosis that had
-- another lab charged (a real count of the family's cohorts, so the number says nothing by itself)
SELECT COUNT(DISTINCT x.hadm_id) AS n_adm
FROM mimiciv_hosp.diagnoses_icd x
JOIN mimiciv_hosp.labevents l ON l.hadm_id = x.hadm_id
JOIN mimiciv_derived.cost c ON c.event_type = 'labevents' AND c.event_id = l.labevent_id
WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}} AND l.itemid <> {{itemid}}
GROUP BY l.itemid
HAVING COUNT(DISTINCT x.hadm_id) <> {{n_adm}}
