-- ICD-9 for anchor_year_group 2008 - 2013, ICD-10 for 2017+, (2014 - 2016 mixed) in diagnoses and procedures
SELECT COUNT(*) AS violations
FROM (
    SELECT subject_id, icd_version FROM mimiciv_hosp.diagnoses_icd
    UNION ALL
    SELECT subject_id, icd_version FROM mimiciv_hosp.procedures_icd
) x
JOIN mimiciv_hosp.patients p ON p.subject_id = x.subject_id
WHERE (p.anchor_year_group IN ('2008 - 2010', '2011 - 2013') AND x.icd_version <> 9)
   OR (p.anchor_year_group IN ('2017 - 2019', '2020 - 2022') AND x.icd_version <> 10)
