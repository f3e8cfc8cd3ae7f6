-- (admission, lab, calendar day with a numeric result of that lab) where the admission has ≥ 1 other day
-- without it; ≤ 2 per admission. The day must select the answer: another day of the admission had a lower result
-- (else a twin whose day lies outside the admission, or has no result, is answered by the admission's minimum)
-- include: fragments/lab_days.sql
)
SELECT a.subject_id, p.hadm_id, p.itemid,
-- include: fragments/lab_label.sql alias=x
  , p.chart_date
FROM pick p
JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
JOIN mimiciv_hosp.d_labitems x ON x.itemid = p.itemid
WHERE p.rn <= 2
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.labevents o
              WHERE o.hadm_id = p.hadm_id AND o.itemid = p.itemid AND CAST(o.charttime AS DATE) <> p.chart_date
                AND o.valuenum < (SELECT MIN(m.valuenum) FROM mimiciv_hosp.labevents m
                                  WHERE m.hadm_id = p.hadm_id AND m.itemid = p.itemid
                                    AND CAST(m.charttime AS DATE) = p.chart_date))
-- include: fragments/lab_named_once.sql kw=AND alias=x
ORDER BY (p.hadm_id * 31 + p.itemid) % 10007, p.hadm_id, p.itemid, p.chart_date
LIMIT 20000
