-- Record noise: a drug ordered beside the Clean drug in other patients' admissions (a clinically plausible
-- companion) but never prescribed to this patient, under any form sharing its first word (the condition's reading)
-- (the companions made distinct before they are tested: a common drug's admissions hold some 300,000 orders of a few
-- hundred drugs at 30,000 patients, each tested on PostgreSQL; and the admissions made distinct before their orders
-- are read: a drug is ordered several times in one admission)
SELECT z.drug
FROM (SELECT DISTINCT z.drug
      FROM (SELECT DISTINCT w.hadm_id FROM mimiciv_hosp.prescriptions w
            WHERE w.drug = {{drug}} AND w.subject_id <> {{subject_id}}) w
      JOIN mimiciv_hosp.prescriptions z ON z.hadm_id = w.hadm_id AND z.drug <> {{drug}}) z
WHERE LOWER(SPLIT_PART(z.drug, ' ', 1)) <> LOWER(SPLIT_PART({{drug}}, ' ', 1))
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions q
                  WHERE q.subject_id = {{subject_id}}
                    AND LOWER(SPLIT_PART(q.drug, ' ', 1)) = LOWER(SPLIT_PART(z.drug, ' ', 1)))
