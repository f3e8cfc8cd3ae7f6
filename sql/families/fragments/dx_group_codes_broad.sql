-- The body of a CTE dx_group_codes (dx_group, icd_version, icd_code) under each group's broad reading: the EHR's
-- diagnosis codes in a group's broad code set (fragments/dx_group_prefixes_broad.sql). Included in place of
-- fragments/dx_group_codes.sql by the broad-definition readings (a family's `swap:` reading, contracts/FORMAT.md).
  SELECT DISTINCT p.dx_group, c.icd_version, c.icd_code
  FROM (SELECT DISTINCT icd_version, icd_code FROM mimiciv_hosp.diagnoses_icd) AS c
  JOIN (
    -- include: fragments/dx_group_prefixes_broad.sql
  ) AS p ON p.icd_version = c.icd_version AND c.icd_code LIKE p.prefix || '%'
