-- the question states the admission's date; it must be the date of that admission
SELECT EXISTS (
  SELECT 1 FROM mimiciv_hosp.admissions a
  WHERE a.hadm_id = {{hadm_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
) AS holds
