-- some admission with the drug had the lab above the threshold (vacuous when no such admission had the lab)
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions p
                   JOIN mimiciv_hosp.labevents l ON l.hadm_id = p.hadm_id
                   WHERE p.drug = {{drug}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL)
    OR EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions p
               JOIN mimiciv_hosp.labevents l ON l.hadm_id = p.hadm_id
               WHERE p.drug = {{drug}} AND l.itemid = {{itemid}} AND l.valuenum > {{threshold}}) AS holds
