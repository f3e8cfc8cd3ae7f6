-- the unit the question states is the unit this lab item is reported in (anywhere in the EHR)
SELECT EXISTS (
  SELECT 1 FROM mimiciv_hosp.labevents l
  WHERE l.itemid = {{itemid}} AND l.valueuom = {{unit}}
) AS holds
