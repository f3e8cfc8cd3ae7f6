-- Query noise: a medication on this admission's eMAR that was never given — every entry Not Given, Held, Refused,
-- Not Assessed or Stopped — so the order exists but the administration the question presupposes does not
-- (no other spelling of it was given either, nor an ICU input of that name)
SELECT e.medication AS drug
FROM mimiciv_hosp.emar e
WHERE e.hadm_id = {{hadm_id}} AND e.medication IS NOT NULL AND e.medication <> {{drug}}
GROUP BY e.medication
HAVING SUM(CASE WHEN e.event_txt IN ('Administered', 'Delayed Administered', 'Started', 'Confirmed', 'Flushed')
                THEN 1 ELSE 0 END) = 0
