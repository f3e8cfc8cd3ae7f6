-- some result of the lab in the admission exceeds the threshold (vacuous when never measured there)
SELECT NOT EXISTS (
         SELECT 1 FROM mimiciv_hosp.labevents l
         WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL)
    OR EXISTS (
         SELECT 1 FROM mimiciv_hosp.labevents l
         WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum > {{threshold}}) AS holds
