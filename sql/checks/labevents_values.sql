-- value text agrees with valuenum; text results (valuenum NULL) have a value; numeric rows carry both reference
-- limits; flag = 'abnormal' exactly when valuenum is outside [ref_range_lower, ref_range_upper]
SELECT COUNT(*) AS violations
FROM mimiciv_hosp.labevents
WHERE (valuenum IS NOT NULL
       AND ABS(CASE WHEN valuenum IS NOT NULL THEN CAST(value AS DOUBLE PRECISION) END - valuenum) > 1e-6)
   OR (valuenum IS NULL AND value IS NULL)
   OR (valuenum IS NOT NULL AND (ref_range_lower IS NULL OR ref_range_upper IS NULL))
   OR COALESCE(flag = 'abnormal', FALSE)
      <> COALESCE(valuenum < ref_range_lower OR valuenum > ref_range_upper, FALSE)
   OR priority NOT IN ('ROUTINE', 'STAT')
