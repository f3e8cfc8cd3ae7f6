-- negative cultures are one row with NULL organism and antibiotic; susceptibility rows have S/R/I/P;
-- chartdate is the day of charttime; a specimen belongs to one patient; inside the admission
SELECT COUNT(*) AS violations
FROM mimiciv_hosp.microbiologyevents m
LEFT JOIN mimiciv_hosp.admissions a ON a.hadm_id = m.hadm_id
WHERE (m.org_name IS NULL AND (m.ab_name IS NOT NULL OR m.interpretation IS NOT NULL))
   OR (m.ab_name IS NOT NULL AND (m.interpretation IS NULL OR m.interpretation NOT IN ('S', 'R', 'I', 'P')))
   OR m.chartdate <> DATE_TRUNC('day', m.charttime)
   OR (m.hadm_id IS NOT NULL AND (m.charttime < a.admittime OR m.charttime > a.dischtime))
   OR m.micro_specimen_id IN (SELECT micro_specimen_id FROM mimiciv_hosp.microbiologyevents
                              GROUP BY micro_specimen_id HAVING COUNT(DISTINCT subject_id) > 1)
