-- event_txt from MIMIC's vocabulary; each administration has one summary emar_detail row (parent_field_ordinal NULL)
-- and component rows carry the dose given with its unit
SELECT
    (SELECT COUNT(*) FROM mimiciv_hosp.emar
       WHERE event_txt NOT IN ('Administered', 'Not Given', 'Held', 'Flushed', 'Confirmed', 'Delayed Administered',
                               'Not Assessed', 'Refused', 'Stopped', 'Started'))
  + (SELECT COUNT(*) FROM mimiciv_hosp.emar e
       LEFT JOIN (SELECT emar_id, COUNT(*) AS n FROM mimiciv_hosp.emar_detail WHERE parent_field_ordinal IS NULL
                  GROUP BY emar_id) s ON s.emar_id = e.emar_id
       WHERE COALESCE(s.n, 0) <> 1)
  + (SELECT COUNT(*) FROM mimiciv_hosp.emar_detail
       WHERE parent_field_ordinal IS NOT NULL AND (dose_given IS NULL OR dose_given_unit IS NULL))
  AS violations
