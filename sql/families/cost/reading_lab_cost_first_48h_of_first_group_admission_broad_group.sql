-- Reading: the diagnosis group under its broad definition (fragments/dx_group_codes_broad.sql: heart failure with
-- the cardiomyopathies, AF with flutter, any diabetes, ...), otherwise the reference.
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes_broad.sql
),
-- include: fragments/first_group_admission.sql
), lab_charges AS (
  SELECT c.cost
  FROM mimiciv_derived.cost c
  JOIN index_adm i ON i.hadm_id = c.hadm_id
  JOIN mimiciv_hosp.labevents l ON l.labevent_id = c.event_id AND l.itemid = {{itemid}}
  WHERE c.event_type = 'labevents'
    AND c.chargetime >= i.admittime AND c.chargetime <= i.admittime + INTERVAL '48 hours'
)
SELECT ROUND(CAST(SUM(lc.cost) AS NUMERIC), 2) AS lab_cost_48h
FROM lab_charges lc
HAVING COUNT(*) > 0
