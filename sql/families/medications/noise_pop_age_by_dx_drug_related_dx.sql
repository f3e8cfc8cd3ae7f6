-- Query noise, the near miss: the diagnosis this cell's drug was matched with among the cells of the same ICD version
-- and chapter (first character; matched within the chapter: fragments/pop_age_by_dx_drug_cells.sql,
-- fragments/cross_pairs.sql): no admission coded with the diagnosis has a prescription of the drug
-- include: fragments/pop_age_by_dx_drug_cells.sql salt=b grp=SUBSTRING(c.rg_d,1,3)
SELECT TRIM(t.icd_code) AS icd_code, t.icd_version, t.long_title AS icd_title
FROM rg_pair p
JOIN mimiciv_hosp.d_icd_diagnoses t ON CAST(t.icd_version AS VARCHAR) || ':' || TRIM(t.icd_code) = p.rg_pd
WHERE p.rg_d = CAST({{icd_version}} AS VARCHAR) || ':' || {{icd_code}} AND p.rg_s = {{drug}}
