-- (admission, lab, calendar day with a numeric result of that lab) where the admission has ≥ 1 other day
-- without it; ≤ 2 per admission
-- include: fragments/lab_days.sql
)
SELECT a.subject_id, p.hadm_id, p.itemid,
-- include: fragments/lab_label.sql alias=x
  , p.chart_date
FROM pick p
JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
JOIN mimiciv_hosp.d_labitems x ON x.itemid = p.itemid
WHERE p.rn <= 2
-- include: fragments/lab_named_once.sql kw=AND alias=x
ORDER BY (p.hadm_id * 31 + p.itemid) % 10007, p.hadm_id, p.itemid
LIMIT 20000
