-- Fragment: the diagnosis groups of the population families that stratify by group, as rows of a VALUES list
-- `dx_groups(dx_group) AS (VALUES … )`: the cohort families' 17 (fragments/dx_groups.sql) and ten rarer groups
-- whose empty strata the twins need. Written once (it was copied into 40 files). Aortic stenosis is not among them:
-- ICD-9 has no code for it alone (424.1 is any aortic valve disorder), so its ICD-9 and ICD-10 halves disagree and
-- a Clean gold moved outside its tolerance under the stenosis-only codes (review 7, 96882ffbbdc58852); aortic valve
-- disease is the group both versions code alike.
-- include: fragments/dx_groups.sql
  , ('allergic rhinitis'), ('aortic valve disease'), ('chronic gout')
  , ('immunodeficiency disorders'), ('infectious arthritis'), ('migraine'), ('osteoarthritis of the knee')
  , ('pneumococcal pneumonia'), ('schizophrenia'), ('varicose veins of the legs')
