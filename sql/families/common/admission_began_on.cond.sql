-- the question names the admission by the patient and its start date ("the hospital admission that began on D"),
-- and nothing else: the admission is the patient's one whose admission time falls on D (no patient has two
-- admissions on one date). Under every reading of "began on" (the admission time, the ED registration, any day of
-- the stay) the date must be a date of one of the patient's admissions, so a Noise twin's date lies outside every
-- stay of the patient (a date inside another admission would let a reader answer about that admission).
SELECT EXISTS (
  SELECT 1 FROM mimiciv_hosp.admissions o
  WHERE o.subject_id = {{subject_id}}
    AND {{admit_date}} BETWEEN CAST(LEAST(o.admittime, COALESCE(o.edregtime, o.admittime)) AS DATE)
                           AND CAST(GREATEST(o.dischtime, o.admittime) AS DATE)
) AS holds
