SELECT EXISTS (
    SELECT 1 FROM mimiciv_hosp.labevents l
    WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.charttime = {{charttime}}
      AND ABS(l.valuenum - {{stated_value}}) < 0.0005
) AS holds
