-- intent: medications; level: patient
SELECT DISTINCT drug FROM mimiciv_hosp.prescriptions
WHERE hadm_id = (SELECT MIN(hadm_id) FROM mimiciv_hosp.prescriptions);
