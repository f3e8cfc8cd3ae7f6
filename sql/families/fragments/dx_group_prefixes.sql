-- The body of CTE dx_group_codes (dx_group, icd_version, prefix): every diagnosis group's reference code set
-- (fragments/dx_group_code_rows.sql, scope 'reference'). A diagnosis row d is in the group named G when
-- `G IN (SELECT gc.dx_group FROM dx_group_codes gc WHERE gc.icd_version = d.icd_version AND d.icd_code LIKE
-- gc.prefix || '%')`: one predicate on the group's name, so the drop-one reading that drops the group drops it whole.
-- Included as `WITH dx_group_codes AS (` + this + `)` by every file that reads a diagnosis group.
  SELECT r.dx_group, r.icd_version, r.prefix
  FROM (VALUES
    -- include: fragments/dx_group_code_rows.sql
  ) AS r (dx_group, icd_version, prefix, scope)
  WHERE r.scope = 'reference'
