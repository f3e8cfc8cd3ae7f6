-- Query noise: a (diagnosis group, insurance) stratum with no admission in it, though the group and the insurance
-- each fill a Clean-sized stratum elsewhere (≥ 20 admissions), so both occur in Clean questions of the family. Two
-- ways in, one side changed each: the same group under another insurance, or another group of the family's list
-- under the same insurance (valve surgery for aortic valve disease is for patients of Medicare age, so none is under
-- Other insurance or No charge). Swapping the insurance alone (with no check that it was a Clean one) gave 1 of 57
-- Noise tasks. A group counts as present under an insurance also when a code outside its patterns has a title naming
-- it, so no reader who searches by title finds a cohort.
--   dx_groups    the family's diagnosis groups (as in its binding)
--   strata       admissions per (group, insurance), by the group's ICD patterns
--   clean_sized  the strata as large as the family's Clean ones
--   by_title     (group, insurance) pairs with an admission coded with a code whose title names the group
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
  , ('aortic valve disease')
-- include: fragments/group_stratum_sizes.sql cte=strata stratum=insurance dx= where=
), clean_sized AS (
  SELECT s.dx_group, s.insurance FROM strata s WHERE s.n >= 20
), by_title AS (
  SELECT DISTINCT g.dx_group, a.insurance
  FROM dx_groups g
  JOIN mimiciv_hosp.d_icd_diagnoses t ON LOWER(t.long_title) LIKE '%' || LOWER(g.dx_group) || '%'
  JOIN mimiciv_hosp.diagnoses_icd d ON d.icd_code = t.icd_code AND d.icd_version = t.icd_version
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
)
-- include: fragments/empty_group_insurance_stratum.sql
