-- ICU treatments follow their causes: neuromuscular blockers only in ventilated stays, CRRT charting only in stays
-- with a CRRT procedure, ICP only with a stroke diagnosis, inotropes only with MI, heart failure or aortic valve surgery, and every stay
-- charts a code status
SELECT
    (SELECT COUNT(DISTINCT i.stay_id) FROM mimiciv_icu.inputevents i
      WHERE i.itemid IN (221555, 222062)
        AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.procedureevents p WHERE p.stay_id = i.stay_id AND p.itemid = 225792))
  + (SELECT COUNT(DISTINCT c.stay_id) FROM mimiciv_icu.chartevents c
      WHERE c.itemid IN (227290, 224144, 224154, 224153, 224191)
        AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.procedureevents p WHERE p.stay_id = c.stay_id AND p.itemid = 225802))
  + (SELECT COUNT(DISTINCT c.stay_id) FROM mimiciv_icu.chartevents c
      WHERE c.itemid = 220765
        AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d WHERE d.hadm_id = c.hadm_id
                        AND ((d.icd_version = 10 AND d.icd_code = 'I639') OR (d.icd_version = 9 AND d.icd_code = '43491'))))
  + (SELECT COUNT(DISTINCT i.stay_id) FROM mimiciv_icu.inputevents i
      WHERE i.itemid IN (221653, 221986, 221662)
        AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd d WHERE d.hadm_id = i.hadm_id
                        AND ((d.icd_version = 10 AND d.icd_code IN ('I214', 'I509', 'I350'))
                             OR (d.icd_version = 9 AND d.icd_code IN ('41071', '4280', '4241')))))
  + (SELECT COUNT(*) FROM mimiciv_icu.icustays s
      WHERE (s.outtime - s.intime) > INTERVAL '12 hours'
        AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.chartevents c WHERE c.stay_id = s.stay_id AND c.itemid = 223758))
  AS violations
