-- Cost of one lab's tests charged in the first 48 hours (from the admission time) of the patient's first admission
-- coded with a diagnosis group.
--   group_adm    the patient's admissions coded with the group (its ICD-9 and ICD-10 codes)
--   index_adm    the earliest of them, with its admission time (the group is the one handle on it)
--   lab_charges  charges of that lab's tests in that admission timed within 48 h of admission
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
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
