-- Query noise: the procedure this cell's admission type was matched with for a swap (the binding's twin_dx:
-- fragments/cross_twins.sql): no admission of that type had the procedure; the cohort the question presupposes is empty
SELECT TRIM(t.icd_code) AS icd_code, t.icd_version, t.long_title AS icd_title
FROM mimiciv_hosp.d_icd_procedures t
WHERE CAST(t.icd_version AS VARCHAR) || ':' || TRIM(t.icd_code) = {{twin_dx}}
