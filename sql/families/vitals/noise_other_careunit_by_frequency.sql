-- Value noise: another ICU unit that stays start in, one this stay never passed through (a stay transferred into the
-- stated unit would be answerable under the reading "the stay in the X"), drawn with the frequency with which ICU
-- stays start in each unit (seeded by the stay), so the twins' units follow the Clean questions' distribution: a
-- uniform draw over the units named the rare ones (Neuro SICU, TSICU) in most twins, a wording tell
--   units    stays starting in each unit
--   allowed  the units the twin may name, with their weights
--   cum      cumulative weights, for the weighted draw
WITH units AS (
  SELECT s0.first_careunit AS careunit, COUNT(*) AS n
  FROM mimiciv_icu.icustays s0
  WHERE s0.first_careunit IS NOT NULL
  GROUP BY s0.first_careunit
), allowed AS (
  SELECT u.careunit, u.n
  FROM units u
  WHERE u.careunit <> {{careunit}}
    AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.transfers tr JOIN mimiciv_icu.icustays st ON st.hadm_id = tr.hadm_id
                    WHERE st.stay_id = {{stay_id}} AND tr.careunit = u.careunit
                      AND tr.intime >= st.intime AND tr.intime < st.outtime)
), cum AS (
  SELECT a.careunit, a.n, SUM(a.n) OVER (ORDER BY a.careunit) AS hi, SUM(a.n) OVER () AS total
  FROM allowed a
)
SELECT c.careunit
FROM cum c
WHERE (c.hi - c.n) * 10007 <= ((CAST({{stay_id}} AS BIGINT) * 7919) % 10007) * c.total
  AND ((CAST({{stay_id}} AS BIGINT) * 7919) % 10007) * c.total < c.hi * 10007
