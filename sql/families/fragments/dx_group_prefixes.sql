-- The prefix table of the diagnosis groups' reference code sets (dx_group, icd_version, prefix): the rows of
-- fragments/dx_group_code_rows.sql with scope 'reference'. A code is in the group when it starts with one of the
-- group's prefixes for its ICD version. The families read the codes this selects (fragments/dx_group_codes.sql);
-- the code-set tests and the audits read the prefixes themselves.
  SELECT r.dx_group, r.icd_version, r.prefix
  FROM (VALUES
    -- include: fragments/dx_group_code_rows.sql
  ) AS r (dx_group, icd_version, prefix, scope)
  WHERE r.scope = 'reference'
