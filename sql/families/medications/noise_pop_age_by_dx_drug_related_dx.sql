-- Query noise, the near miss: the diagnosis this cell's drug was matched with among the Clean cells of the same ICD
-- version and chapter (first character; matched within the chapter: the binding's twin_near_dx): no admission coded
-- with the diagnosis has a prescription of the drug
SELECT TRIM(t.icd_code) AS icd_code, t.icd_version, t.long_title AS icd_title
FROM mimiciv_hosp.d_icd_diagnoses t
WHERE CAST(t.icd_version AS VARCHAR) || ':' || TRIM(t.icd_code) = {{twin_near_dx}}
