-- The body of CTE given (medication): every medication the eMAR charts as administered to anybody, what the eMAR
-- Record candidates draw from. No slot, so a build computes it once for all of them (pipeline/construction/
-- constants.py), where a derived table was a grouped scan of emar per chunk and per contract.
  SELECT DISTINCT e0.medication FROM mimiciv_hosp.emar e0
  WHERE e0.event_txt = 'Administered' AND e0.medication IS NOT NULL
