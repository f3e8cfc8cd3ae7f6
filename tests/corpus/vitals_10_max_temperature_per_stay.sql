-- intent: vitals; level: population
SELECT stay_id, MAX(valuenum) AS max_temp_f FROM mimiciv_icu.chartevents WHERE itemid = 223761 GROUP BY stay_id;
