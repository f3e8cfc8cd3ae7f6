SELECT EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions p
               JOIN mimiciv_hosp.labevents l ON l.hadm_id = p.hadm_id
               WHERE p.drug = {{drug}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL) AS holds
