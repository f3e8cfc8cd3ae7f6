SELECT r.valuenum, r.valueuom
FROM (
    SELECT l.valuenum, l.valueuom, RANK() OVER (ORDER BY l.charttime) AS rk
    FROM mimiciv_hosp.labevents l
    WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
) r
WHERE r.rk = 1
