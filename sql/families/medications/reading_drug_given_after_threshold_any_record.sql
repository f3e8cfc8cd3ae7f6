-- Reading: the drug given after the lab first exceeded the threshold, by any record of giving it (eMAR statuses
-- meaning given under any spelling of the drug, ICU inputevents)
SELECT g.t
FROM (
  SELECT e.charttime AS t
  FROM mimiciv_hosp.emar e
  WHERE e.hadm_id = {{hadm_id}}
    AND e.event_txt IN ('Administered', 'Delayed Administered', 'Started', 'Confirmed')
    AND LOWER(SUBSTRING(e.medication, 1, 5)) = LOWER(SUBSTRING({{drug}}, 1, 5))
  UNION ALL
  SELECT i.starttime
  FROM mimiciv_icu.inputevents i JOIN mimiciv_icu.d_items d ON d.itemid = i.itemid
  WHERE i.hadm_id = {{hadm_id}} AND LOWER(SUBSTRING(d.label, 1, 5)) = LOWER(SUBSTRING({{drug}}, 1, 5))
) g
WHERE g.t > (SELECT MIN(l.charttime) FROM mimiciv_hosp.labevents l
             WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valueuom = {{unit}}
               AND l.valuenum > {{threshold}})
