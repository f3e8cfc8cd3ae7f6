-- transfers tile each admission: first in-hospital row starts at admittime, each row ends where the next starts,
-- the last ends at dischtime, and one 'discharge' row at dischtime with NULL careunit and outtime; ED-only visits
-- (NULL hadm_id) are single 'ED' rows
WITH t AS (
    SELECT tr.*, a.admittime, a.dischtime,
           LEAD(tr.intime) OVER (PARTITION BY tr.hadm_id ORDER BY tr.intime, tr.transfer_id) AS next_in,
           ROW_NUMBER() OVER (PARTITION BY tr.hadm_id ORDER BY tr.intime, tr.transfer_id) AS rn_all
    FROM mimiciv_hosp.transfers tr
    JOIN mimiciv_hosp.admissions a ON a.hadm_id = tr.hadm_id
    WHERE tr.eventtype <> 'ED'
)
SELECT
    (SELECT COUNT(*) FROM t WHERE eventtype <> 'discharge' AND (outtime IS NULL OR next_in IS NULL OR outtime <> next_in))
  + (SELECT COUNT(*) FROM t WHERE rn_all = 1 AND (intime <> admittime OR eventtype <> 'admit'))
  + (SELECT COUNT(*) FROM t WHERE eventtype = 'discharge'
       AND (intime <> dischtime OR careunit IS NOT NULL OR outtime IS NOT NULL OR next_in IS NOT NULL))
  + (SELECT COUNT(*) FROM mimiciv_hosp.admissions a
       LEFT JOIN (SELECT hadm_id, COUNT(*) AS n FROM mimiciv_hosp.transfers WHERE eventtype = 'discharge'
                  GROUP BY hadm_id) d ON d.hadm_id = a.hadm_id
       WHERE COALESCE(d.n, 0) <> 1)
  + (SELECT COUNT(*) FROM mimiciv_hosp.transfers tr JOIN mimiciv_hosp.admissions a ON a.hadm_id = tr.hadm_id
       WHERE tr.eventtype = 'ED' AND (tr.outtime <> a.admittime OR tr.careunit <> 'Emergency Department'))
  + (SELECT COUNT(*) FROM mimiciv_hosp.transfers
       WHERE hadm_id IS NULL AND (eventtype <> 'ED' OR outtime IS NULL OR outtime <= intime))
  AS violations
