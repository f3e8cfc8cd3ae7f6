-- Cohort: admissions coded with a diagnosis group (ICD-9 or ICD-10 pattern) with the stated admission_type;
-- the question names it by these criteria only (no stated size).
--   group_adm  admissions coded with the group
--   cohort     those admissions with the stated admission_type
--   creatinine the blood creatinine item(s)
--   pk         each cohort admission's highest blood creatinine charted within 48 h of admittime (read per
--              admission: fragments/stratum_cohort.sql says why)
-- include: fragments/group_admissions.sql
-- include: fragments/stratum_cohort.sql stratum=admission_type
), creatinine AS (
  SELECT li.itemid FROM mimiciv_hosp.d_labitems li WHERE li.label = 'Creatinine' AND li.fluid = 'Blood'
)
SELECT ROUND(CAST(AVG(pk.peak_creatinine) AS NUMERIC), 3) AS mean_peak_creatinine
FROM cohort c
LEFT JOIN LATERAL (
  SELECT MAX(l.valuenum) AS peak_creatinine
  FROM mimiciv_hosp.labevents l
  WHERE l.hadm_id = c.hadm_id AND l.itemid IN (SELECT cr.itemid FROM creatinine cr) AND l.valuenum IS NOT NULL
    AND l.charttime >= c.admittime AND l.charttime <= c.admittime + INTERVAL '48 hours'
) pk ON TRUE
HAVING COUNT(DISTINCT c.hadm_id) > 0
