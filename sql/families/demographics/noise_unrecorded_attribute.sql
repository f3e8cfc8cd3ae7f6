-- Record noise: an attribute with no recorded value for this admission (e.g. marital status or discharge location
--   missing)
SELECT v.attribute
FROM (VALUES ('insurance'), ('marital status'), ('language'), ('race'), ('admission location'),
             ('discharge location')) AS v(attribute)
JOIN mimiciv_hosp.admissions a ON a.hadm_id = {{hadm_id}}
WHERE CASE v.attribute WHEN 'insurance' THEN a.insurance WHEN 'marital status' THEN a.marital_status
        WHEN 'language' THEN a.language WHEN 'race' THEN a.race WHEN 'admission location' THEN a.admission_location
        ELSE a.discharge_location END IS NULL
