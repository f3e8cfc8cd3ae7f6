-- intent: diagnoses; level: population
SELECT p.anchor_year_group, d.icd_version, COUNT(*) AS n
FROM mimiciv_hosp.diagnoses_icd d JOIN mimiciv_hosp.patients p ON p.subject_id = d.subject_id
GROUP BY p.anchor_year_group, d.icd_version;
