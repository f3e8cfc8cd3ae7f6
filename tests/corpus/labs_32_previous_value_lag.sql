-- intent: labs; level: patient
SELECT charttime, valuenum, valuenum - LAG(valuenum) OVER (ORDER BY charttime, labevent_id) AS change
FROM mimiciv_hosp.labevents
WHERE subject_id = (SELECT MIN(subject_id) FROM mimiciv_hosp.labevents WHERE itemid = 50912) AND itemid = 50912;
