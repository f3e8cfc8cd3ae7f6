-- the lab test (or one of the same name in another fluid: fragments/lab_named_alike.sql) has a numeric result in
-- the admission
SELECT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l
               WHERE l.hadm_id = {{hadm_id}} AND l.valuenum IS NOT NULL AND l.itemid IN
-- include: fragments/lab_named_alike.sql itemid={{lab_itemid}}
              ) AS holds
