-- Query noise: a admission_location of this EHR under which no admission whose principal (first-coded) diagnosis is the
--   group (the presupposed cohort is empty)
-- include: fragments/group_admissions.sql
    AND d.seq_num = 1
-- include: fragments/empty_stratum.sql stratum=admission_location where=
