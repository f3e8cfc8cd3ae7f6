-- Each cell's tiers for the matchings of fragments/cross_pairs.sql: rg_dt, the log2 bucket of how many of the cells'
-- strata its diagnosis lacks, and rg_st, of how many of the cells' diagnoses lack its stratum. A twin can only swap in
-- a diagnosis lacking the lent stratum, so unmatched by tier the borrowers were the diagnoses lacking most (the rare
-- ones with long, specific titles) and the lenders the strata most lack (Thrombin, PTH): the question-only classifier
-- read the twins from the titles and labs alone (family AUROC 0.72-0.82 in five families). Matched within a tier,
-- lender and borrower lack about as much, so the twins name the Clean questions' diagnoses and strata. Needs CTEs
-- rg_cell and rg_have; adds CTE rg_tier(rg_d, rg_s, rg_dt, rg_st), closed.
, rg_log2 AS (
  SELECT lg.lo, lg.hi, lg.t
  FROM (VALUES (0, 2, 0), (2, 4, 1), (4, 8, 2), (8, 16, 3), (16, 32, 4), (32, 64, 5), (64, 128, 6), (128, 256, 7),
               (256, 512, 8), (512, 1000000000, 9)) AS lg(lo, hi, t)
), rg_tier AS (
  SELECT c.rg_d, c.rg_s, bd.t AS rg_dt, bs.t AS rg_st
  FROM (SELECT DISTINCT k.rg_d, k.rg_s FROM rg_cell k) c
  JOIN (SELECT h.rg_d, COUNT(DISTINCT h.rg_s) AS n FROM rg_have h
        WHERE h.rg_s IN (SELECT k.rg_s FROM rg_cell k) GROUP BY h.rg_d) dn ON dn.rg_d = c.rg_d
  JOIN (SELECT h.rg_s, COUNT(DISTINCT h.rg_d) AS n FROM rg_have h
        WHERE h.rg_d IN (SELECT k.rg_d FROM rg_cell k) GROUP BY h.rg_s) sn ON sn.rg_s = c.rg_s
  CROSS JOIN (SELECT COUNT(DISTINCT k.rg_s) AS n_s, COUNT(DISTINCT k.rg_d) AS n_d FROM rg_cell k) nk
  JOIN rg_log2 bd ON nk.n_s - dn.n >= bd.lo AND nk.n_s - dn.n < bd.hi
  JOIN rg_log2 bs ON nk.n_d - sn.n >= bs.lo AND nk.n_d - sn.n < bs.hi
)
