-- some result of the lab comes after the drug's first start (vacuous when either is absent from the admission)
SELECT COALESCE((
    SELECT MAX(l.charttime) FROM mimiciv_hosp.labevents l
    WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
  ) > (
    SELECT MIN(p.starttime) FROM mimiciv_hosp.prescriptions p
    WHERE p.hadm_id = {{hadm_id}} AND p.drug = {{drug}}
  ), TRUE) AS holds
