-- Query noise: the stated start is the first start of ANOTHER timed procedure of this stay — a real time of the
-- record, but no run of this procedure began then, nor within an hour of it (a run of the named procedure 30 minutes
-- later is the one a reader takes the question to mean: reviews d64fcb907e40926f, 11c95aa4563ae036)
SELECT s.start_time
FROM (SELECT MIN(i.starttime) AS start_time
      FROM mimiciv_icu.procedureevents i
      WHERE i.stay_id = {{stay_id}} AND i.itemid <> {{itemid}} AND i.endtime > i.starttime
      GROUP BY i.itemid) s
WHERE s.start_time <> {{start_time}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.procedureevents r
                  WHERE r.stay_id = {{stay_id}} AND r.itemid = {{itemid}}
                    AND r.starttime > s.start_time - INTERVAL '1 hour'
                    AND r.starttime < s.start_time + INTERVAL '1 hour')
