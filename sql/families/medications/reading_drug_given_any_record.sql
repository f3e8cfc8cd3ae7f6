-- Reading: "received the drug" holds for any record that it was given in the admission — an eMAR event meaning given
-- (Administered, Delayed Administered, Started, Confirmed) under any spelling of the drug (same first five letters:
-- "Furosemide" / "Furosemide (Lasix)"), or an ICU inputevents item of that name
SELECT e.charttime
FROM mimiciv_hosp.emar e
WHERE e.hadm_id = {{hadm_id}}
  AND e.event_txt IN ('Administered', 'Delayed Administered', 'Started', 'Confirmed')
  AND LOWER(SUBSTRING(e.medication, 1, 5)) = LOWER(SUBSTRING({{drug}}, 1, 5))
UNION ALL
SELECT i.starttime
FROM mimiciv_icu.inputevents i JOIN mimiciv_icu.d_items d ON d.itemid = i.itemid
WHERE i.hadm_id = {{hadm_id}} AND LOWER(SUBSTRING(d.label, 1, 5)) = LOWER(SUBSTRING({{drug}}, 1, 5))
