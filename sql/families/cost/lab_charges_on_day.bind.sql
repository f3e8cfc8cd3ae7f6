-- (admission, lab, calendar day with a numeric result of that lab) in an admission of ≥ 2 days; ≤ 2 per admission
-- and ≤ 6 per lab, so the Clean questions cover the labs about as evenly as the record twin's never-measured labs
-- (which are never the everyday panel) and a lab name does not mark the Noise
WITH d AS (
  SELECT l.hadm_id, l.itemid, CAST(l.charttime AS DATE) AS chart_date, COUNT(DISTINCT l.valueuom) AS n_units
  FROM mimiciv_hosp.labevents l
  WHERE l.valuenum IS NOT NULL AND l.hadm_id IS NOT NULL
  GROUP BY l.hadm_id, l.itemid, CAST(l.charttime AS DATE)
), pick AS (
  SELECT d.*, ROW_NUMBER() OVER (PARTITION BY d.hadm_id
                                 ORDER BY (d.itemid * 7919 + d.hadm_id + EXTRACT(DAY FROM d.chart_date)) % 1237, d.itemid, d.chart_date) AS rn
  FROM d
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  WHERE d.n_units = 1
    AND CAST(a.dischtime AS DATE) - CAST(a.admittime AS DATE) >= 2
)
SELECT a.subject_id, p.hadm_id, p.itemid,
-- include: fragments/lab_label.sql alias=x
  , p.chart_date
FROM (SELECT pick.*, ROW_NUMBER() OVER (PARTITION BY pick.itemid ORDER BY (pick.hadm_id * 17 + pick.itemid) % 10009, pick.hadm_id, pick.chart_date) AS rn_lab
      FROM pick WHERE pick.rn <= 2) p
JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
JOIN mimiciv_hosp.d_labitems x ON x.itemid = p.itemid
WHERE p.rn_lab <= 6
  AND x.label || '|' || x.fluid || '|' || x.category IN (
      SELECT q.label || '|' || q.fluid || '|' || q.category FROM mimiciv_hosp.d_labitems q
      GROUP BY q.label, q.fluid, q.category HAVING COUNT(*) = 1)
ORDER BY (p.hadm_id * 31 + p.itemid) % 10007, p.hadm_id, p.itemid
LIMIT 20000
