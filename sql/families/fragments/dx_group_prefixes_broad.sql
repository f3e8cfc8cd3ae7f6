-- The prefix table of the diagnosis groups under each group's broad reading (dx_group, icd_version, prefix): the
-- reference codes and those a wider clinical definition adds (every scope of fragments/dx_group_code_rows.sql).
  SELECT r.dx_group, r.icd_version, r.prefix
  FROM (VALUES
    -- include: fragments/dx_group_code_rows.sql
  ) AS r (dx_group, icd_version, prefix, scope)
