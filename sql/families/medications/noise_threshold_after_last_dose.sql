-- Query noise (the paper's example): everything exists, but the administration precedes the threshold crossing.
-- Either (a) a threshold the lab crosses only after the last administration of the medication, or
-- (b) another medication of this admission whose administrations all precede the first crossing.
SELECT t.threshold, {{drug}} AS drug FROM (
  SELECT CAST(ROUND(CAST((x.mx_before + x.mx_after) / 2 AS NUMERIC), 1) AS DOUBLE PRECISION) AS threshold,
         x.mx_before, x.mx_after
  FROM (
    SELECT
      (SELECT MAX(l.valuenum) FROM mimiciv_hosp.labevents l
       WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}}
         AND l.charttime <= (SELECT MAX(e.charttime) FROM mimiciv_hosp.emar e
                             WHERE e.hadm_id = {{hadm_id}} AND e.medication = {{drug}} AND e.event_txt = 'Administered')
      ) AS mx_before,
      (SELECT MAX(l.valuenum) FROM mimiciv_hosp.labevents l
       WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}}
         AND l.charttime > (SELECT MAX(e.charttime) FROM mimiciv_hosp.emar e
                            WHERE e.hadm_id = {{hadm_id}} AND e.medication = {{drug}} AND e.event_txt = 'Administered')
      ) AS mx_after
  ) x
) t
WHERE t.threshold >= t.mx_before AND t.threshold < t.mx_after
UNION ALL
SELECT {{threshold}} AS threshold, e.medication AS drug
FROM mimiciv_hosp.emar e
WHERE e.hadm_id = {{hadm_id}} AND e.event_txt = 'Administered' AND e.medication <> {{drug}}
GROUP BY e.medication
HAVING MAX(e.charttime) < (SELECT MIN(l.charttime) FROM mimiciv_hosp.labevents l
                           WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum > {{threshold}})
