-- Cohort: admissions coded with a diagnosis group (ICD-9 or ICD-10 pattern) with the stated admission_type;
-- the question names it by these criteria only (no stated size).
--   group_adm  admissions coded with the group
--   cohort     those admissions with the stated admission_type
--              (only admissions with an ICU stay)
--   norepinephrine  the norepinephrine item(s)
--   pr         per cohort admission: 1 when it has a norepinephrine row in inputevents in one of its ICU stays
--              (read per admission: fragments/stratum_cohort.sql says why)
-- include: fragments/group_admissions.sql
-- include: fragments/stratum_cohort.sql stratum=admission_type
    AND EXISTS (SELECT 1 FROM mimiciv_icu.icustays s0 WHERE s0.hadm_id = a.hadm_id)
), norepinephrine AS (
  SELECT di.itemid FROM mimiciv_icu.d_items di WHERE di.label = 'Norepinephrine'
)
SELECT ROUND(CAST(100.0 * SUM(pr.on_norepinephrine) / COUNT(DISTINCT c.hadm_id) AS NUMERIC), 1) AS pct_norepinephrine
FROM cohort c
CROSS JOIN LATERAL (
  SELECT CASE WHEN EXISTS (SELECT 1
                           FROM mimiciv_icu.icustays s
                           JOIN mimiciv_icu.inputevents i ON i.stay_id = s.stay_id
                           JOIN norepinephrine ne ON ne.itemid = i.itemid
                           WHERE s.hadm_id = c.hadm_id) THEN 1 ELSE 0 END
         AS on_norepinephrine
) pr
HAVING COUNT(DISTINCT c.hadm_id) > 0
