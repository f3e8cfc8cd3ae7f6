-- the lab has results at two or more different times in the admission
SELECT (SELECT COUNT(DISTINCT l.charttime) FROM mimiciv_hosp.labevents l
        WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL) >= 2 AS holds
