-- one unit per itemid, and one patient and one charttime per specimen_id (panels share a specimen)
SELECT
    (SELECT COUNT(*) FROM (SELECT itemid FROM mimiciv_hosp.labevents GROUP BY itemid
                           HAVING COUNT(DISTINCT COALESCE(valueuom, '<null>')) > 1) u)
  + (SELECT COUNT(*) FROM (SELECT specimen_id FROM mimiciv_hosp.labevents GROUP BY specimen_id
                           HAVING COUNT(DISTINCT subject_id) > 1 OR COUNT(DISTINCT charttime) > 1) s)
  AS violations
