-- intent: labs; level: patient
SELECT valuenum, valueuom, flag, charttime FROM mimiciv_hosp.labevents
WHERE subject_id = (SELECT MIN(subject_id) FROM mimiciv_hosp.labevents WHERE itemid = 50971) AND itemid = 50971
ORDER BY charttime DESC, labevent_id DESC LIMIT 1;
