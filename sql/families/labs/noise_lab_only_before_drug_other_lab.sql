-- Query noise: another lab of this admission (named unambiguously by label, fluid and category; match_clean keeps it
-- to labs Clean questions of the family ask about) whose every result precedes the drug's first start: the drug and
-- the lab both exist in the admission, only "after" cannot hold. Split from the joint lab-or-drug swap, whose
-- (lab, drug) pair had to occur together in one Clean question: it verified for 3 of 160 twins. No result of the
-- lab drawn unfiled (hadm_id NULL) during the stay after the drug's start either, which a reader could take as the
--   answer.
-- The drug's time is the earlier of its first start and first order entry (one question form says "after the first
-- ... order")
SELECT d.itemid,
-- include: fragments/lab_label.sql alias=d
FROM mimiciv_hosp.d_labitems d
WHERE d.itemid <> {{itemid}}
-- include: fragments/lab_named_once.sql kw=AND alias=d
  AND (SELECT MAX(l.charttime) FROM mimiciv_hosp.labevents l
       WHERE l.hadm_id = {{hadm_id}} AND l.itemid = d.itemid AND l.valuenum IS NOT NULL)
      <= (SELECT LEAST(MIN(p.starttime), MIN(COALESCE(ph.entertime, p.starttime))) FROM mimiciv_hosp.prescriptions p
          LEFT JOIN mimiciv_hosp.pharmacy ph ON ph.pharmacy_id = p.pharmacy_id
          WHERE p.hadm_id = {{hadm_id}} AND p.drug = {{drug}})
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents u JOIN mimiciv_hosp.admissions a ON a.hadm_id = {{hadm_id}}
                  WHERE u.subject_id = a.subject_id AND u.itemid = d.itemid AND u.hadm_id IS NULL
                    AND u.valuenum IS NOT NULL AND u.charttime BETWEEN a.admittime AND a.dischtime
                    AND u.charttime > (SELECT LEAST(MIN(p.starttime), MIN(COALESCE(ph.entertime, p.starttime)))
                                       FROM mimiciv_hosp.prescriptions p
                                       LEFT JOIN mimiciv_hosp.pharmacy ph ON ph.pharmacy_id = p.pharmacy_id
                                       WHERE p.hadm_id = {{hadm_id}} AND p.drug = {{drug}}))
