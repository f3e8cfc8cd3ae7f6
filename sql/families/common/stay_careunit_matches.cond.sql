-- the question names the unit the ICU stay started in
SELECT EXISTS (
  SELECT 1 FROM mimiciv_icu.icustays s
  WHERE s.stay_id = {{stay_id}} AND s.first_careunit = {{careunit}}
) AS holds
