-- The cells of pop_mean_lab_charges_by_dx (matched for swaps by fragments/cross_pairs.sql): a cell is a (diagnosis,
-- numeric lab charged in ≥ 5 admissions of that cohort: a mean over a handful does not discriminate; or 0.125 % of all
-- admissions in an EHR under 4,000 admissions such as the test EHRs), ≤ 3 labs per diagnosis picked by a hash of lab
-- and code, a diagnosis of > 100 admissions 1, a lab drawn in < 30 % of all admissions where it has one (so the smaller
-- cohorts are not crowded out, and the less common labs some cohorts never had are cells too). A diagnosis lacks a lab
-- when no admission coded with it has a numeric result of it, charged or not (labs/lab_measured_in_dx_cohort.cond.sql).
-- adm_lab joins one row per admission and numeric lab (charged or not, with its charged results' lowest and highest
-- unit) to the cohorts instead of every result, so the counts are sums and MIN/MAX, which PostgreSQL can hash where a
-- COUNT(DISTINCT) sorts; that join is done once (dx_lab) for both the cells and rg_have, the largest in the query.
-- Ends with CTEs rg_cell and rg_have, closed.
WITH coh AS (
  SELECT x.icd_code, x.icd_version, x.hadm_id
  FROM mimiciv_hosp.diagnoses_icd x GROUP BY x.icd_code, x.icd_version, x.hadm_id
), big AS (
  SELECT coh.icd_code, coh.icd_version, COUNT(*) AS n_coh FROM coh GROUP BY coh.icd_code, coh.icd_version
      HAVING COUNT(*) >= 3
), adm_lab AS (  -- per admission and numeric lab: charged (1/0), its charged results' units (NULL when none)
  SELECT l.hadm_id, l.itemid, MAX(CASE WHEN c.event_id IS NULL THEN 0 ELSE 1 END) AS charged,
         MIN(CASE WHEN c.event_id IS NOT NULL THEN l.valueuom END) AS unit_lo,
         MAX(CASE WHEN c.event_id IS NOT NULL THEN l.valueuom END) AS unit_hi
  FROM mimiciv_hosp.labevents l
  LEFT JOIN mimiciv_derived.cost c ON c.event_type = 'labevents' AND c.event_id = l.labevent_id
  WHERE l.valuenum IS NOT NULL AND l.hadm_id IS NOT NULL
  GROUP BY l.hadm_id, l.itemid
), dx_lab AS (  -- per diagnosis and numeric lab of its cohort: the admissions charged for it, their units
  SELECT coh.icd_code, coh.icd_version, l.itemid, SUM(l.charged) AS n_adm, MIN(l.unit_lo) AS unit_lo,
         MAX(l.unit_hi) AS unit_hi
  FROM coh JOIN adm_lab l ON l.hadm_id = coh.hadm_id
  GROUP BY coh.icd_code, coh.icd_version, l.itemid
), labs AS (  -- at most one unit over the cohort's charged results
  SELECT x.icd_code, x.icd_version, x.itemid, big.n_coh, x.n_adm
  FROM dx_lab x JOIN big ON big.icd_code = x.icd_code AND big.icd_version = x.icd_version
  WHERE x.n_adm > 0 AND COALESCE(x.unit_lo = x.unit_hi, TRUE)
    AND x.n_adm >= LEAST(5, (SELECT COUNT(*) / 800 FROM mimiciv_hosp.admissions))
), cover AS (
  SELECT l.itemid, COUNT(DISTINCT l.hadm_id) AS n_lab_adm FROM mimiciv_hosp.labevents l GROUP BY l.itemid
), pick AS (
  SELECT labs.*, ROW_NUMBER() OVER (PARTITION BY labs.icd_code, labs.icd_version
                                    ORDER BY CASE WHEN labs.n_coh > 100 AND cover.n_lab_adm * 10 > (SELECT COUNT(*)
                                        FROM mimiciv_hosp.admissions) * 3
                                                  THEN 1 ELSE 0 END,
                                             (labs.itemid * 7919 + ASCII(SUBSTRING(labs.icd_code || '0000', 2, 1)) * 131
                                              + ASCII(SUBSTRING(labs.icd_code || '0000', 3, 1)) * 1009
                                              + ASCII(SUBSTRING(labs.icd_code || '0000', 4, 1)) * 9973
                                              + LENGTH(labs.icd_code)) % 1039, labs.itemid) AS rn
  FROM labs JOIN cover ON cover.itemid = labs.itemid
), rg_cell AS (
  SELECT CAST(p.icd_version AS VARCHAR) || ':' || TRIM(p.icd_code) AS rg_d, CAST(p.itemid AS VARCHAR) AS rg_s
  FROM pick p JOIN mimiciv_hosp.d_labitems d ON d.itemid = p.itemid
  WHERE p.rn <= CASE WHEN p.n_coh > 100 THEN 1 ELSE 3 END
-- include: fragments/lab_named_once.sql kw=AND alias=d
), rg_have AS (
  SELECT DISTINCT CAST(x.icd_version AS VARCHAR) || ':' || TRIM(x.icd_code) AS rg_d, CAST(x.itemid AS VARCHAR) AS rg_s
  FROM dx_lab x
)
