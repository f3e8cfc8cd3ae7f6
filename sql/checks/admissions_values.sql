-- admission value classes as in MIMIC-IV; ED admissions carry edregtime <= edouttime <= ... ; provider ids exist
SELECT COUNT(*) AS violations
FROM mimiciv_hosp.admissions a
WHERE a.admission_type NOT IN ('EW EMER.', 'EU OBSERVATION', 'OBSERVATION ADMIT', 'URGENT', 'SURGICAL SAME DAY ADMISSION',
                               'DIRECT EMER.', 'DIRECT OBSERVATION', 'ELECTIVE', 'AMBULATORY OBSERVATION')
   OR a.insurance NOT IN ('Medicare', 'Private', 'Medicaid', 'Other', 'No charge')
   OR (a.marital_status IS NOT NULL AND a.marital_status NOT IN ('MARRIED', 'SINGLE', 'WIDOWED', 'DIVORCED'))
   OR a.race IS NULL
   OR (a.admission_location = 'EMERGENCY ROOM') <> (a.edregtime IS NOT NULL)
   OR a.edregtime > a.edouttime OR a.edregtime > a.admittime
   OR (a.admit_provider_id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.provider pr WHERE pr.provider_id = a.admit_provider_id))
