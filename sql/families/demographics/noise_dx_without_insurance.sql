-- Record noise: the diagnosis this cell's insurance was matched with for a swap (the binding's twin_dx:
-- fragments/cross_twins.sql): no admission coded with the diagnosis has that insurance; the cohort the question
-- presupposes is empty
SELECT TRIM(t.icd_code) AS icd_code, t.icd_version, t.long_title AS icd_title
FROM mimiciv_hosp.d_icd_diagnoses t
WHERE CAST(t.icd_version AS VARCHAR) || ':' || TRIM(t.icd_code) = {{twin_dx}}
