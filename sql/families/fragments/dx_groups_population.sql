-- Fragment: the diagnosis groups of the population families that stratify by group, as rows of a VALUES list
-- `dx_groups(dx_group) AS (VALUES … )`: the cohort families' 17 (fragments/dx_groups.sql) and eight rarer groups
-- whose empty strata the twins need. Written once (it was copied into 40 files). Aortic stenosis is not among them:
-- ICD-9 has no code for it alone (424.1 is any aortic valve disorder), so its ICD-9 and ICD-10 halves disagree and
-- a Clean gold moved outside its tolerance under the stenosis-only codes (review 7, 96882ffbbdc58852); aortic valve
-- disease is the group both versions code alike. Nor chronic gout: most gout is coded unspecified (274.9, M10.9),
-- which says neither acute nor chronic, so a twin's empty "chronic gout" cohort held 23 admissions of gout under
-- the code a clinician would also count (review 7b, ec1e17e455e0ae1a). Nor schizophrenia: ICD-9's 295 block holds
-- schizoaffective disorder (295.7), which ICD-10 sets apart (F25), so a reader of either half counts another cohort
-- (reviews 7 and 7b, 77c18b86131ec62e, 1baf2b0ac778f601).
-- include: fragments/dx_groups.sql
  , ('allergic rhinitis'), ('aortic valve disease')
  , ('immunodeficiency disorders'), ('infectious arthritis'), ('migraine'), ('osteoarthritis of the knee')
  , ('pneumococcal pneumonia'), ('varicose veins of the legs')
