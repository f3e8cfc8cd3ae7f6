-- charttime <= storetime; rows with hadm_id are inside that admission (and belong to its patient); outpatient rows
-- (NULL hadm_id) fall outside every admission of the patient
SELECT COUNT(*) AS violations
FROM mimiciv_hosp.labevents l
LEFT JOIN mimiciv_hosp.admissions a ON a.hadm_id = l.hadm_id
WHERE l.charttime IS NULL OR l.storetime < l.charttime
   OR (l.hadm_id IS NOT NULL AND (a.hadm_id IS NULL OR l.charttime < a.admittime OR l.charttime > a.dischtime
                                  OR a.subject_id <> l.subject_id))
   OR (l.hadm_id IS NULL AND EXISTS (SELECT 1 FROM mimiciv_hosp.admissions a2 WHERE a2.subject_id = l.subject_id
                                     AND l.charttime BETWEEN a2.admittime AND a2.dischtime))
