-- Record noise: another admission of the same patient in which the stated diagnosis was not coded: the patient,
-- the code and its title are the Clean question's, the admission is stated by its own start date, and only that
-- admission's record shows the diagnosis is absent; never one whose principal diagnosis is the Clean admission's, which
-- answers the question whichever admission a reader takes (review 7e, a63068c7c6df701c: both principal 4280 CHF)
SELECT o.hadm_id, CAST(o.admittime AS DATE) AS admit_date
FROM mimiciv_hosp.admissions o
WHERE o.subject_id = {{subject_id}} AND o.hadm_id <> {{hadm_id}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x
                  WHERE x.hadm_id = o.hadm_id AND x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}})
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd p1
                  JOIN mimiciv_hosp.diagnoses_icd p0
                    ON p0.hadm_id = {{hadm_id}} AND p0.seq_num = 1
                   AND p0.icd_code = p1.icd_code AND p0.icd_version = p1.icd_version
                  WHERE p1.hadm_id = o.hadm_id AND p1.seq_num = 1)
