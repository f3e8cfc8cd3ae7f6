-- The body of a CTE dx_group_codes (dx_group, icd_version, prefix) under each group's broad reading: the reference
-- codes and those a wider clinical definition adds (fragments/dx_group_code_rows.sql, every scope). Included in place
-- of fragments/dx_group_codes.sql by the broad-definition readings (reading_*_broad_group.sql).
  SELECT r.dx_group, r.icd_version, r.prefix
  FROM (VALUES
    -- include: fragments/dx_group_code_rows.sql
  ) AS r (dx_group, icd_version, prefix, scope)
