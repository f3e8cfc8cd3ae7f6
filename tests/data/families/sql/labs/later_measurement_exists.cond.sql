SELECT EXISTS (
    SELECT 1 FROM mimiciv_hosp.labevents l
    WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.charttime > {{charttime}} AND l.valuenum IS NOT NULL
) AS holds
