SELECT EXISTS (
  SELECT 1 FROM mimiciv_icu.icustays s
  WHERE s.stay_id = {{stay_id}} AND s.hadm_id = {{hadm_id}} AND s.subject_id = {{subject_id}}
) AS holds
