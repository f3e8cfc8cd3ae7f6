-- an administration follows the first lab result above the threshold
-- (vacuous when the lab never exceeds it or the medication was never administered: other conditions)
SELECT COALESCE((
    SELECT MAX(e.charttime) FROM mimiciv_hosp.emar e
    WHERE e.hadm_id = {{hadm_id}} AND e.medication = {{drug}} AND e.event_txt = 'Administered'
  ) > (
    SELECT MIN(l.charttime) FROM mimiciv_hosp.labevents l
    WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum > {{threshold}}
  ), TRUE) AS holds
