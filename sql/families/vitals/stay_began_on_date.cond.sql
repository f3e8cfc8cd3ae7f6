-- the patient has an ICU stay that began (ICU admission time) on the stated day
SELECT EXISTS (
  SELECT 1 FROM mimiciv_icu.icustays s
  WHERE s.subject_id = {{subject_id}} AND CAST(s.intime AS DATE) = {{stay_date}}
) AS holds
