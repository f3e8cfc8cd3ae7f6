-- ICU stays lie inside their admission, los is (outtime - intime) in fractional days, and each stay_id is the
-- first ICU transfer_id of the stay with the same intime and careunit
SELECT
    (SELECT COUNT(*) FROM mimiciv_icu.icustays i JOIN mimiciv_hosp.admissions a ON a.hadm_id = i.hadm_id
       WHERE i.intime < a.admittime OR i.outtime > a.dischtime OR i.intime >= i.outtime
          OR ABS(i.los - EXTRACT(EPOCH FROM (i.outtime - i.intime)) / 86400.0) > 0.001
          OR i.subject_id <> a.subject_id)
  + (SELECT COUNT(*) FROM mimiciv_icu.icustays i
       WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.transfers t
                         WHERE t.transfer_id = i.stay_id AND t.hadm_id = i.hadm_id AND t.intime = i.intime
                           AND t.careunit = i.first_careunit))
  AS violations
