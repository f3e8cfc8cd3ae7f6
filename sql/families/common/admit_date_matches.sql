-- the question states the admission's date; under every reading of "admitted on" (the admission time, the ED
-- registration, any day of the stay) it must be a date of that admission, so a Noise twin's date lies outside
-- the whole stay (a shifted date inside the stay, or equal to the ED registration date, would be answerable)
SELECT EXISTS (
  SELECT 1 FROM mimiciv_hosp.admissions a
  WHERE a.hadm_id = {{hadm_id}}
    AND {{admit_date}} BETWEEN CAST(LEAST(a.admittime, COALESCE(a.edregtime, a.admittime)) AS DATE)
                           AND CAST(GREATEST(a.dischtime, a.admittime) AS DATE)
) AS holds
