-- Reading: the first result after the drug was started under any spelling sharing its first five letters
SELECT l.valuenum, l.valueuom
FROM mimiciv_hosp.labevents l
WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum IS NOT NULL
  AND l.charttime > (SELECT MIN(p.starttime) FROM mimiciv_hosp.prescriptions p
                     WHERE p.hadm_id = {{hadm_id}} AND LOWER(SUBSTRING(p.drug, 1, 5)) = LOWER(SUBSTRING({{drug}}, 1,
                         5)))
