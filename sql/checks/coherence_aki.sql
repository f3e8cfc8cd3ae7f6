-- acute kidney injury admissions (N179 / 5849) with 2+ creatinine results end higher than they started
WITH cr AS (
    SELECT l.hadm_id, l.valuenum,
           ROW_NUMBER() OVER (PARTITION BY l.hadm_id ORDER BY l.charttime, l.labevent_id) AS rn_first,
           ROW_NUMBER() OVER (PARTITION BY l.hadm_id ORDER BY l.charttime DESC, l.labevent_id DESC) AS rn_last
    FROM mimiciv_hosp.labevents l
    WHERE l.itemid = 50912 AND l.hadm_id IN (SELECT hadm_id FROM mimiciv_hosp.diagnoses_icd
                                             WHERE (icd_version = 10 AND icd_code = 'N179') OR (icd_version = 9 AND icd_code = '5849'))
)
SELECT COUNT(*) AS violations
FROM (SELECT hadm_id, MAX(CASE WHEN rn_first = 1 THEN valuenum END) AS first_cr,
             MAX(CASE WHEN rn_last = 1 THEN valuenum END) AS last_cr, COUNT(*) AS n
      FROM cr GROUP BY hadm_id) x
WHERE n >= 2 AND last_cr <= first_cr
