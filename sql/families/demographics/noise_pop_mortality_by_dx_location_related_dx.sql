-- Record noise, the near miss: the diagnosis this cell's admission location was matched with among the cells of the
-- same ICD version and chapter (first character; matched within the chapter:
-- fragments/pop_mortality_by_dx_location_cells.sql, fragments/cross_pairs.sql): no admission coded with the diagnosis
-- came from that location
-- include: fragments/pop_mortality_by_dx_location_cells.sql salt=c grp=SUBSTRING(c.rg_d,1,3)
SELECT TRIM(t.icd_code) AS icd_code, t.icd_version, t.long_title AS icd_title
FROM rg_pair p
JOIN mimiciv_hosp.d_icd_diagnoses t ON CAST(t.icd_version AS VARCHAR) || ':' || TRIM(t.icd_code) = p.rg_pd
WHERE p.rg_d = CAST({{icd_version}} AS VARCHAR) || ':' || {{icd_code}} AND p.rg_s = {{admission_location}}
