-- intent: diagnoses; level: patient
SELECT d.hadm_id, d.seq_num, t.long_title
FROM mimiciv_hosp.diagnoses_icd d LEFT JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = d.icd_code AND t.icd_version = d.icd_version
WHERE d.subject_id = (SELECT MIN(subject_id) FROM mimiciv_hosp.admissions) AND d.seq_num <= 3;
