-- Reading: a temperature threshold in one unit is crossed when the other unit's charting, converted, exceeds it
SELECT c.charttime
FROM mimiciv_icu.chartevents c
WHERE c.stay_id = {{stay_id}} AND {{itemid}} IN (223761, 223762) AND c.itemid IN (223761, 223762)
  AND c.valuenum IS NOT NULL
  AND (CASE WHEN c.itemid = {{itemid}} THEN c.valuenum
            WHEN c.itemid = 223762 THEN c.valuenum * 9.0 / 5.0 + 32
            ELSE (c.valuenum - 32) * 5.0 / 9.0 END) > {{threshold}}
