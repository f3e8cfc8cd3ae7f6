-- Reading: "received the drug" holds for any record that it was given in the stated admission (its stated date read
-- as any day of the stay, as admit_date_matches does) — an eMAR event meaning given (Administered, Delayed
-- Administered, Started, Confirmed, Flushed) under any spelling of the drug (same first five letters: "Furosemide" /
-- "Furosemide (Lasix)"), or an ICU inputevents item of that name
WITH adm AS (
  SELECT a.hadm_id
  FROM mimiciv_hosp.admissions a
  WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}}
    AND {{admit_date}} BETWEEN CAST(LEAST(a.admittime, COALESCE(a.edregtime, a.admittime)) AS DATE)
                           AND CAST(GREATEST(a.dischtime, a.admittime) AS DATE)
)
SELECT g.t
FROM (
  SELECT e.charttime AS t
  FROM mimiciv_hosp.emar e
  JOIN adm ON adm.hadm_id = e.hadm_id
  WHERE e.event_txt IN ('Administered', 'Delayed Administered', 'Started', 'Confirmed', 'Flushed')
    AND LOWER(SUBSTRING(e.medication, 1, 5)) = LOWER(SUBSTRING({{drug}}, 1, 5))
  UNION ALL
  SELECT i.starttime AS t
  FROM mimiciv_icu.inputevents i
  JOIN adm ON adm.hadm_id = i.hadm_id
  JOIN mimiciv_icu.d_items d ON d.itemid = i.itemid
  WHERE LOWER(SUBSTRING(d.label, 1, 5)) = LOWER(SUBSTRING({{drug}}, 1, 5))
) g
