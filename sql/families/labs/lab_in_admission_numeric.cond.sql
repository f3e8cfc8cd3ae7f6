-- the lab test has a numeric result in the admission
SELECT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l
               WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{lab_itemid}} AND l.valuenum IS NOT NULL) AS holds
