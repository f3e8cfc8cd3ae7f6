-- the input was started within 24 h of that first ICU stay's admission (vacuous when never given in the stay)
-- include: fragments/first_adm_ranked.sql
), first_stay AS (
  SELECT s.stay_id, s.intime, RANK() OVER (ORDER BY s.intime) AS rk
  FROM mimiciv_icu.icustays s
  JOIN first_adm f ON f.hadm_id = s.hadm_id AND f.rk = 1
)
SELECT NOT EXISTS (SELECT 1 FROM first_stay fs JOIN mimiciv_icu.inputevents ie ON ie.stay_id = fs.stay_id
                   WHERE fs.rk = 1 AND ie.itemid = {{itemid}} AND ie.amount IS NOT NULL)
    OR EXISTS (SELECT 1 FROM first_stay fs JOIN mimiciv_icu.inputevents ie ON ie.stay_id = fs.stay_id
               WHERE fs.rk = 1 AND ie.itemid = {{itemid}} AND ie.amount IS NOT NULL
                 AND ie.starttime >= fs.intime AND ie.starttime < fs.intime + INTERVAL '24 hours') AS holds
