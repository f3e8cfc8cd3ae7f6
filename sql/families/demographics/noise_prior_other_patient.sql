-- Record noise: the admission ids nearest to the stated one that belong to other patients. Only where the Clean
-- earlier stay is not the later admission's immediate predecessor: there "readmitted after an earlier stay" read as
-- the stay just before still finds the Clean interval, so a reader corrects the id (reviews e670575d1268e056,
-- 94c7fd99276347af); otherwise that reading gives another interval than the Clean one
SELECT o.hadm_id AS prior_hadm_id
FROM mimiciv_hosp.admissions o
WHERE o.subject_id <> {{subject_id}}
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.admissions a
              JOIN mimiciv_hosp.admissions p ON p.hadm_id = {{prior_hadm_id}}
              JOIN mimiciv_hosp.admissions m ON m.subject_id = a.subject_id AND m.hadm_id <> a.hadm_id
               AND m.dischtime > p.dischtime AND m.dischtime < a.admittime
              WHERE a.hadm_id = {{hadm_id}})
ORDER BY ABS(o.hadm_id - {{prior_hadm_id}}), o.hadm_id
LIMIT 5
