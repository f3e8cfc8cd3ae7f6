-- The cells (fragments/pop_mean_by_dx_careunit_cells.sql: a diagnosis and a first care unit with ≥ 5 ICU stays charting
-- a vital) matched for a swap (fragments/cross_pairs.sql): the cells that lend their unit to another cell's diagnosis
-- lacking it (their record twin names that diagnosis); their value twin names the unit of a cell that lends it in a
-- second matching among the Clean cells (salt s), their near miss the diagnosis of a Clean cell of the same chapter
-- (salt b, among the Clean cells): a swapped-in unit or diagnosis is then one a Clean question names, lent once. Only
-- lenders are Clean: with the borrowers too, the units only borrowers have never occurred in a twin (EMERGENCY ROOM: 24
-- Clean, 0 Noise in pop_mortality_by_dx_location); ≤ 2 vitals per cell. The twins then name the units and diagnoses the
-- Clean questions name at about the same rate: drawn as any Clean diagnosis lacking the unit, they named the few
-- diagnoses absent from a big unit over and over (sepsis, aortic stenosis, cerebral infarction: 5-6 Noise, 1 Clean
-- each; family AUROC 0.82-0.95)
-- include: fragments/pop_mean_by_dx_careunit_cells.sql
-- include: fragments/cross_matchings.sql stratum_cells=rg_used near_cells=rg_used lend_key=rg_s borrow_key=rg_ps
, pick AS (
  SELECT cv.*, u.rg_d, u.twin_dx, u.twin_stratum,
         ROW_NUMBER() OVER (PARTITION BY cv.icd_code, cv.icd_version, cv.first_careunit
         ORDER BY (cv.itemid * 7919 + LENGTH(cv.first_careunit) * 13 + LENGTH(cv.icd_code)) % 1069, cv.itemid) AS rn
  FROM cv JOIN rg_twin u ON u.rg_d = CAST(cv.icd_version AS VARCHAR) || ':' || TRIM(cv.icd_code)
                        AND u.rg_s = cv.first_careunit
)
SELECT TRIM(p.icd_code) AS icd_code, p.icd_version, t.long_title AS icd_title, p.first_careunit AS careunit,
       p.itemid, d.label AS vital_label, p.twin_dx, p.twin_stratum, COALESCE(n.rg_pd, '') AS twin_near_dx
FROM pick p
JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
JOIN mimiciv_icu.d_items d ON d.itemid = p.itemid
LEFT JOIN mb_pair n ON n.rg_d = p.rg_d AND n.rg_s = p.first_careunit
WHERE p.rn <= 2
