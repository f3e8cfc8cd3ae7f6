-- The cells (fragments/pop_mortality_by_dx_age_cells.sql: a diagnosis and a 10-year age band with >= 3 admissions and
-- >= 1 death) matched for a swap (fragments/cross_pairs.sql): the cells that lend their band to another cell's
-- diagnosis lacking it, and the cells that lend their diagnosis to another cell's band it lacks. The twins then name
-- the bands and diagnoses the Clean questions name at about the same rate. With the cells picked <= 2 per diagnosis at
-- a floor of 10 admissions and the twins any diagnosis lacking the band, nearly every Clean diagnosis occurred in every
-- band and the twins named the few diagnoses of one age group over and over (aortic stenosis: 16 Noise, 2 Clean; family
-- AUROC 0.94-0.96). The floor is 3: of the 680 cells at 5, 35 had a diagnosis lacking some band; at 3 a quarter of the
-- rates were 25 % (1 of 4), so the Clean cells are cut to ≤ 1/14 of them per rate (the golds gate: ≤ 15 % per gold)
-- include: fragments/pop_mortality_by_dx_age_cells.sql
-- include: fragments/cross_pairs.sql m=ma salt=a x2=rg_s y2=rg_ps grp='' cells=rg_cell tiers=
, rg_used AS (  -- ≤ 1/14 of the matched cells (≥ 2) per death rate, so no gold is over 15 % of the family's
  SELECT u.rg_d, u.rg_s
  FROM (SELECT m.rg_d, m.rg_s, COUNT(*) OVER () AS n_all,
               ROW_NUMBER() OVER (PARTITION BY ROUND(100.0 * r.n_died / r.n, 1)
                                  ORDER BY MD5('g|' || m.rg_d || '|' || m.rg_s), m.rg_d, m.rg_s) AS rn
        FROM (SELECT p.rg_d, p.rg_s FROM ma_pair p
              UNION
              SELECT p.rg_pd, p.rg_ps FROM ma_pair p) m
        JOIN rg_band r ON CAST(r.icd_version AS VARCHAR) || ':' || TRIM(r.icd_code) = m.rg_d
                      AND CAST(r.age_lo AS VARCHAR) = m.rg_s) u
  WHERE u.rn <= GREATEST(2, u.n_all / 14)
)
-- include: fragments/cross_pairs.sql m=mb salt=b x2=rg_s y2=rg_ps grp=SUBSTRING(c.rg_d,1,3) cells=rg_used tiers=
-- include: fragments/cross_twins.sql dx=ma stratum=ma
SELECT TRIM(t.icd_code) AS icd_code, t.icd_version, t.long_title AS icd_title, CAST(u.rg_s AS INTEGER) AS age_lo,
       CAST(u.rg_s AS INTEGER) + 9 AS age_hi, u.twin_dx, u.twin_stratum, COALESCE(n.rg_pd, '') AS twin_near_dx
FROM rg_twin u
JOIN mimiciv_hosp.d_icd_diagnoses t ON CAST(t.icd_version AS VARCHAR) || ':' || TRIM(t.icd_code) = u.rg_d
LEFT JOIN mb_pair n ON n.rg_d = u.rg_d AND n.rg_s = u.rg_s
