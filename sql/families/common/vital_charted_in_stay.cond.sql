SELECT EXISTS (
  SELECT 1 FROM mimiciv_icu.chartevents c
  WHERE c.stay_id = {{stay_id}} AND c.itemid = {{itemid}} AND c.valuenum IS NOT NULL
) AS holds
