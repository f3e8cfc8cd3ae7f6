-- poe -> pharmacy -> prescriptions -> emar -> emar_detail are linked by poe_id and pharmacy_id; one MAIN row per
-- pharmacy order; ids follow '<subject_id>-<seq>'
SELECT
    (SELECT COUNT(*) FROM mimiciv_hosp.prescriptions r
       WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.pharmacy p WHERE p.pharmacy_id = r.pharmacy_id AND p.poe_id = r.poe_id)
          OR NOT EXISTS (SELECT 1 FROM mimiciv_hosp.poe o WHERE o.poe_id = r.poe_id AND o.order_type = 'Medications'))
  + (SELECT COUNT(*) FROM mimiciv_hosp.pharmacy p
       LEFT JOIN (SELECT pharmacy_id, COUNT(*) AS n FROM mimiciv_hosp.prescriptions WHERE drug_type = 'MAIN'
                  GROUP BY pharmacy_id) m ON m.pharmacy_id = p.pharmacy_id
       WHERE COALESCE(m.n, 0) <> 1)
  + (SELECT COUNT(*) FROM mimiciv_hosp.emar e
       WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.pharmacy p WHERE p.pharmacy_id = e.pharmacy_id AND p.poe_id = e.poe_id
                         AND p.hadm_id = e.hadm_id))
  + (SELECT COUNT(*) FROM mimiciv_hosp.emar_detail d JOIN mimiciv_hosp.emar e ON e.emar_id = d.emar_id
       WHERE d.pharmacy_id <> e.pharmacy_id OR d.emar_seq <> e.emar_seq)
  + (SELECT COUNT(*) FROM mimiciv_hosp.poe WHERE poe_id <> CAST(subject_id AS VARCHAR) || '-' || CAST(poe_seq AS VARCHAR))
  + (SELECT COUNT(*) FROM mimiciv_hosp.emar WHERE emar_id <> CAST(subject_id AS VARCHAR) || '-' || CAST(emar_seq AS VARCHAR))
  AS violations
