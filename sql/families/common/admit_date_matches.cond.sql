-- the question states the admission's date; under every reading of "admitted on" (the admission time, the ED
-- registration, any day of the stay) it must be a date of that admission, so a Noise twin's date lies outside
-- the whole stay (a shifted date inside the stay, or equal to the ED registration date, would be answerable).
-- A date inside another admission of the same patient counts as matching too: a reader who takes the date as the
-- identifier would answer about that admission (an audit of 2,000 pairs found a twin stating the date of the
-- patient's previous admission). The second half never changes a Clean task, whose own admission matches.
SELECT EXISTS (
  SELECT 1 FROM mimiciv_hosp.admissions a
  JOIN mimiciv_hosp.admissions o ON o.subject_id = a.subject_id
  WHERE a.hadm_id = {{hadm_id}}
    AND {{admit_date}} BETWEEN CAST(LEAST(o.admittime, COALESCE(o.edregtime, o.admittime)) AS DATE)
                           AND CAST(GREATEST(o.dischtime, o.admittime) AS DATE)
) AS holds
