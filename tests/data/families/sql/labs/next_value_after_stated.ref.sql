SELECT r.valuenum
FROM (
    SELECT l.valuenum, RANK() OVER (ORDER BY l.charttime) AS rk
    FROM mimiciv_hosp.labevents l
    WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.charttime > {{charttime}} AND l.valuenum IS NOT NULL
      AND EXISTS (
        SELECT 1 FROM mimiciv_hosp.labevents s
        WHERE s.hadm_id = {{hadm_id}} AND s.itemid = {{itemid}} AND s.charttime = {{charttime}}
          AND ABS(s.valuenum - {{stated_value}}) < 0.0005
      )
) r
WHERE r.rk = 1
