-- Record noise, the near miss: the diagnosis this cell's admission type was matched with among the Clean cells of the
-- same ICD version and chapter (first character; matched within the chapter: the binding's twin_near_dx:
-- fragments/cross_twins.sql): no admission coded with the diagnosis is of that type
SELECT TRIM(t.icd_code) AS icd_code, t.icd_version, t.long_title AS icd_title
FROM mimiciv_hosp.d_icd_diagnoses t
WHERE CAST(t.icd_version AS VARCHAR) || ':' || TRIM(t.icd_code) = {{twin_near_dx}}
