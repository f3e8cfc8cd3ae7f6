-- Value noise: another of the four ICU units most stays start in (so a unit name is no likelier in a Noise question
-- than in a Clean one), and one this stay never passed through (a stay transferred into the stated unit would be
-- answerable under the reading "the stay in the X")
WITH common_units AS (
  SELECT s0.first_careunit AS careunit
  FROM mimiciv_icu.icustays s0
  WHERE s0.first_careunit IS NOT NULL
  GROUP BY s0.first_careunit
  ORDER BY COUNT(*) DESC, s0.first_careunit
  LIMIT 4
)
SELECT u.careunit
FROM common_units u
WHERE u.careunit <> {{careunit}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.transfers tr JOIN mimiciv_icu.icustays st ON st.hadm_id = tr.hadm_id
                  WHERE st.stay_id = {{stay_id}} AND tr.careunit = u.careunit
                    AND tr.intime >= st.intime AND tr.intime < st.outtime)
