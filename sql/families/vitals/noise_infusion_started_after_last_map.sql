-- Query noise: another infusion of this stay first started after the stay's last MAP reading (the window holds no
-- reading)
SELECT i.itemid, d.label AS input_label
FROM mimiciv_icu.inputevents i
JOIN mimiciv_icu.d_items d ON d.itemid = i.itemid
WHERE i.stay_id = {{stay_id}} AND i.itemid <> {{itemid}} AND i.rate IS NOT NULL
GROUP BY i.itemid, d.label
HAVING MIN(i.starttime) >= (SELECT MAX(ce.charttime) FROM mimiciv_icu.chartevents ce
                            WHERE ce.stay_id = {{stay_id}} AND ce.itemid IN (220052, 220181)
                                AND ce.valuenum IS NOT NULL)
