-- (admission, lab, calendar day with a numeric result of that lab) in an admission of ≥ 2 days; ≤ 2 per admission
-- and ≤ 6 per lab, so the Clean questions cover the labs about as evenly as the record twin's never-measured labs
-- (which are never the everyday panel) and a lab name does not mark the Noise. The day must select the answer: the
-- lab was drawn on another day of the admission too (else a twin whose day lies outside the admission, or has no
-- draw, is answered by the admission's charges for the lab)
-- include: fragments/lab_days.sql
)
SELECT a.subject_id, p.hadm_id, p.itemid,
-- include: fragments/lab_label.sql alias=x
  , p.chart_date
FROM (SELECT pick.*, ROW_NUMBER() OVER (PARTITION BY pick.itemid ORDER BY (pick.hadm_id * 17 + pick.itemid) % 10009,
    pick.hadm_id, pick.chart_date) AS rn_lab
      FROM pick WHERE pick.rn <= 2
        AND EXISTS (SELECT 1 FROM mimiciv_hosp.labevents o
                    WHERE o.hadm_id = pick.hadm_id AND o.itemid = pick.itemid AND o.valuenum IS NOT NULL
                      AND CAST(o.charttime AS DATE) <> pick.chart_date)) p
JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
JOIN mimiciv_hosp.d_labitems x ON x.itemid = p.itemid
WHERE p.rn_lab <= 6
-- include: fragments/lab_named_once.sql kw=AND alias=x
ORDER BY (p.hadm_id * 31 + p.itemid) % 10007, p.hadm_id, p.itemid
LIMIT 20000
