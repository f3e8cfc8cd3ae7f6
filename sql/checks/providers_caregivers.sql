-- provider ids look like MIMIC's ('P' + 5 alphanumerics); referenced providers and caregivers exist
SELECT
    (SELECT COUNT(*) FROM mimiciv_hosp.provider WHERE NOT provider_id ~ '^P[0-9A-Z]{5}$')
  + (SELECT COUNT(*) FROM mimiciv_hosp.labevents l WHERE l.order_provider_id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.provider p WHERE p.provider_id = l.order_provider_id))
  + (SELECT COUNT(*) FROM mimiciv_hosp.poe o WHERE o.order_provider_id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.provider p WHERE p.provider_id = o.order_provider_id))
  + (SELECT COUNT(*) FROM mimiciv_icu.chartevents c WHERE c.caregiver_id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.caregiver g WHERE g.caregiver_id = c.caregiver_id))
  AS violations
