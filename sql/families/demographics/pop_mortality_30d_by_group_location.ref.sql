-- Cohort: admissions coded with a diagnosis group (ICD-9 or ICD-10 pattern) with the stated admission_location;
-- the question names it by these criteria only (no stated size).
--   group_adm  admissions coded with the group
--   cohort     those admissions with the stated admission_location
--   (summed)   death within 30 days of admittime: in-hospital deathtime, or the patient's date of death
-- include: fragments/group_admissions.sql
-- include: fragments/stratum_cohort.sql stratum=admission_location
)
SELECT ROUND(CAST(100.0 * SUM(CASE WHEN c.deathtime IS NOT NULL AND c.deathtime <= c.admittime + INTERVAL '30 days' THEN 1
                                   WHEN p.dod IS NOT NULL AND p.dod <= CAST(c.admittime + INTERVAL '30 days' AS DATE) THEN 1
                                   ELSE 0 END) / COUNT(*) AS NUMERIC), 1) AS pct_died_30d
FROM cohort c
JOIN mimiciv_hosp.patients p ON p.subject_id = c.subject_id
HAVING COUNT(DISTINCT c.hadm_id) > 0
