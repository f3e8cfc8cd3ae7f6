-- Cohort: admissions coded with a diagnosis group (ICD-9 or ICD-10 pattern) with the stated admission_type;
-- the question names it by these criteria only (no stated size).
--   group_adm  admissions coded with the group
--   cohort     those admissions with the stated admission_type
--   peak       each cohort admission's highest blood creatinine charted within 48 h of admittime
-- include: fragments/group_admissions.sql
-- include: fragments/stratum_cohort.sql stratum=admission_type
), peak AS (
  SELECT c.hadm_id, MAX(l.valuenum) AS peak_creatinine
  FROM cohort c
  JOIN mimiciv_hosp.labevents l ON l.hadm_id = c.hadm_id
  JOIN mimiciv_hosp.d_labitems li ON li.itemid = l.itemid
  WHERE li.label = 'Creatinine' AND li.fluid = 'Blood' AND l.valuenum IS NOT NULL
    AND l.charttime >= c.admittime AND l.charttime <= c.admittime + INTERVAL '48 hours'
  GROUP BY c.hadm_id
)
SELECT ROUND(CAST(AVG(pk.peak_creatinine) AS NUMERIC), 3) AS mean_peak_creatinine
FROM cohort c
LEFT JOIN peak pk ON pk.hadm_id = c.hadm_id
HAVING COUNT(DISTINCT c.hadm_id) > 0
