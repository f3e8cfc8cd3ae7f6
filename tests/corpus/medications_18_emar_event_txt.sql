-- intent: medications; level: population
SELECT event_txt, COUNT(*) AS n, COUNT(DISTINCT hadm_id) AS admissions FROM mimiciv_hosp.emar GROUP BY event_txt;
