-- The body of CTE dx_group_codes (dx_group, icd_version, icd_code): every diagnosis code in the EHR that is in a
-- group's reference code set (fragments/dx_group_prefixes.sql). A diagnosis row d is in the group named G when
-- `EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = G AND gc.icd_version = d.icd_version AND
-- gc.icd_code = d.icd_code)`: one membership test, which the drop-one reading that drops the group drops whole
-- (pipeline/construction/noise/drop_one.py, MEMBERSHIP_SETS), and which PostgreSQL plans as a hash semi-join. The
-- form `G IN (SELECT gc.dx_group … correlated …)` it replaced is one PostgreSQL runs per diagnosis row.
-- A binding query, which no reading rewrites, joins it instead (`JOIN dx_group_codes gc ON gc.dx_group = g.dx_group
-- JOIN mimiciv_hosp.diagnoses_icd d ON d.icd_version = gc.icd_version AND d.icd_code = gc.icd_code`).
-- The prefixes are matched once, against the distinct codes, and every diagnosis row joins by equality: matched
-- per row and per binding, the prefix LIKE was most of the build's query time.
-- Included as `WITH dx_group_codes AS (` + this + `)` by every file that reads a diagnosis group.
  SELECT DISTINCT p.dx_group, c.icd_version, c.icd_code
  FROM (SELECT DISTINCT icd_version, icd_code FROM mimiciv_hosp.diagnoses_icd) AS c
  JOIN (
    -- include: fragments/dx_group_prefixes.sql
  ) AS p ON p.icd_version = c.icd_version AND c.icd_code LIKE p.prefix || '%'
