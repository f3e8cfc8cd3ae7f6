-- the medication was administered (eMAR) in the admission
SELECT EXISTS (SELECT 1 FROM mimiciv_hosp.emar e
               WHERE e.hadm_id = {{hadm_id}} AND e.medication = {{drug}} AND e.event_txt = 'Administered') AS holds
