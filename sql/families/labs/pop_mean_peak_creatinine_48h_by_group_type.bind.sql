-- (diagnosis group, admission_type) strata with ≥ 20 admissions coded with the group; n_adm = that count.
-- Besides the 17 common groups (every one has admissions of all 9 admission types on the default EHR, so no Query twin
-- could name an empty stratum), six smaller groups with a stratum of ≥ 20 admissions (varicose veins, schizophrenia,
-- knee osteoarthritis, chronic gout, immunodeficiency, allergic rhinitis: 50-120 admissions, none of them
-- ambulatory-observation, or direct-emergency for allergic rhinitis) whose empty strata the Query twins name
WITH dx_groups(dx_group, icd9_pattern, icd10_pattern) AS (VALUES
  -- include: fragments/dx_groups.sql
  , ('varicose veins of the legs', '454%', 'I83%'),
  ('schizophrenia', '295%', 'F20%'), ('osteoarthritis of the knee', '715_6%', 'M17%'),
  ('chronic gout', '27402%', 'M1A%'), ('immunodeficiency disorders', '279%', 'D84%'),
  ('allergic rhinitis', '477%', 'J30%')
-- include: fragments/group_strata.sql stratum=admission_type dx= where= min=20
