-- Query noise (the paper's example): a threshold the lab crosses only after the last administration
SELECT t.threshold FROM (
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
