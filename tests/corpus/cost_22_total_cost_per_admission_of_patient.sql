-- intent: cost; level: patient
SELECT hadm_id, ROUND(SUM(cost)::numeric, 2) AS total_cost
FROM mimiciv_derived.cost WHERE subject_id = (SELECT MIN(subject_id) FROM mimiciv_hosp.admissions) GROUP BY hadm_id;
