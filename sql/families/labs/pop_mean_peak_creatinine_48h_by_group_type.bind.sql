-- (diagnosis group, admission_type) strata with ≥ 20 admissions coded with the group; n_adm = that count.
-- Besides the 17 common groups (every one has admissions of all 9 admission types on the default EHR, so no Query twin
-- could name an empty stratum), six smaller groups with a stratum of ≥ 20 admissions (varicose veins, schizophrenia,
-- knee osteoarthritis, chronic gout, immunodeficiency, allergic rhinitis: 50-120 admissions, none of them
-- ambulatory-observation, or direct-emergency for allergic rhinitis) whose empty strata the Query twins name
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
  , ('varicose veins of the legs'),
  ('schizophrenia'), ('osteoarthritis of the knee'),
  ('chronic gout'), ('immunodeficiency disorders'),
  ('allergic rhinitis')
-- include: fragments/group_strata.sql stratum=admission_type dx= where= min=20
