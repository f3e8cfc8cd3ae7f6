-- Value noise: another ICU unit that stays in this EHR start in, and one this stay never passed through (a stay
-- transferred into the stated unit would be answerable under the reading "the stay in the X")
SELECT s.first_careunit AS careunit
FROM (SELECT DISTINCT s0.first_careunit FROM mimiciv_icu.icustays s0) s
WHERE s.first_careunit IS NOT NULL AND s.first_careunit <> {{careunit}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.transfers tr JOIN mimiciv_icu.icustays st ON st.hadm_id = tr.hadm_id
                  WHERE st.stay_id = {{stay_id}} AND tr.careunit = s.first_careunit
                    AND tr.intime >= st.intime AND tr.intime < st.outtime)
