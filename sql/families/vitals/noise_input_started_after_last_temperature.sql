-- Query noise: another input of this stay first given after the stay's last temperature reading
SELECT i.itemid, d.label AS input_label
FROM mimiciv_icu.inputevents i
JOIN mimiciv_icu.d_items d ON d.itemid = i.itemid
WHERE i.stay_id = {{stay_id}} AND i.itemid <> {{itemid}}
GROUP BY i.itemid, d.label
HAVING MIN(i.starttime) >= (SELECT MAX(ce.charttime) FROM mimiciv_icu.chartevents ce
                            WHERE ce.stay_id = {{stay_id}} AND ce.itemid IN (223761, 223762)
                                AND ce.valuenum IS NOT NULL)
