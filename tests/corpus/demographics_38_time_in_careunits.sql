-- intent: demographics; level: population
SELECT careunit, SUM(outtime - intime) AS total_time, COUNT(*) AS transfers
FROM mimiciv_hosp.transfers WHERE careunit IS NOT NULL AND outtime IS NOT NULL GROUP BY careunit;
