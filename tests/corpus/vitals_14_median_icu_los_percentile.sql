-- intent: vitals; level: population
SELECT first_careunit, percentile_cont(0.5) WITHIN GROUP (ORDER BY los) AS median_los, COUNT(*) AS stays
FROM mimiciv_icu.icustays GROUP BY first_careunit;
