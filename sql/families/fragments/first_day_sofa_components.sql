-- Fragment: the first-day SOFA components (the MIMIC community's first_day_sofa definition, over base tables),
-- except respiration: standard SOFA scores a ratio under 400 / 300 whether or not the patient is ventilated
-- (first_day_sofa scores a ventilated ratio of 200-400 as 0, a reading no clinician shares).
-- It continues a WITH list whose last CTE is `stay` (stay_id, hadm_id, intime) and defines lab, bg, pafi, vital,
-- gcs_base, gcs, uo, vaso and scored (the six organ scores by the SOFA cut-offs); the including file closes scored's
-- parenthesis and sums the scores. Included by vitals/first_day_sofa_first_icu_with_group.ref.sql (one stay) and its
-- binding query (every ICU stay), so the binding samples by exactly the score the reference computes.
), lab AS (
  SELECT st.stay_id,
         MIN(CASE WHEN l.itemid = 51265 THEN l.valuenum END) AS platelet_min,
         MAX(CASE WHEN l.itemid = 50885 THEN l.valuenum END) AS bilirubin_max,
         MAX(CASE WHEN l.itemid = 50912 THEN l.valuenum END) AS creatinine_max
  FROM stay st
  JOIN mimiciv_hosp.labevents l ON l.hadm_id = st.hadm_id
  WHERE l.itemid IN (51265, 50885, 50912) AND l.valuenum IS NOT NULL
    AND l.charttime >= st.intime - INTERVAL '6 hours' AND l.charttime <= st.intime + INTERVAL '24 hours'
  GROUP BY st.stay_id
), bg AS (
  SELECT st.stay_id, po2.charttime, po2.valuenum AS pao2,
         (SELECT MAX(f.valuenum) FROM mimiciv_icu.chartevents f
          WHERE f.stay_id = st.stay_id AND f.itemid = 223835 AND f.valuenum > 0
            AND f.charttime = (SELECT MAX(f2.charttime) FROM mimiciv_icu.chartevents f2
                               WHERE f2.stay_id = st.stay_id AND f2.itemid = 223835 AND f2.valuenum > 0
                                 AND f2.charttime <= po2.charttime
                                 AND f2.charttime >= po2.charttime - INTERVAL '4 hours')) AS fio2,
         CASE WHEN EXISTS (SELECT 1 FROM mimiciv_icu.procedureevents v
                           WHERE v.stay_id = st.stay_id AND v.itemid = 225792
                             AND po2.charttime >= v.starttime AND po2.charttime <= v.endtime) THEN 1 ELSE 0 END AS isvent
  FROM stay st
  JOIN mimiciv_hosp.labevents po2 ON po2.hadm_id = st.hadm_id AND po2.itemid = 50821 AND po2.valuenum IS NOT NULL
  JOIN mimiciv_hosp.labevents spec ON spec.specimen_id = po2.specimen_id AND spec.itemid = 52033 AND spec.value = 'ART.'
  WHERE po2.charttime >= st.intime - INTERVAL '6 hours' AND po2.charttime <= st.intime + INTERVAL '24 hours'
), pafi AS (
  SELECT bgr.stay_id,
         MIN(CASE WHEN bgr.isvent = 0 THEN 100.0 * bgr.pao2 / bgr.fio2 END) AS pao2fio2_novent_min,
         MIN(CASE WHEN bgr.isvent = 1 THEN 100.0 * bgr.pao2 / bgr.fio2 END) AS pao2fio2_vent_min
  FROM bg bgr
  WHERE bgr.fio2 IS NOT NULL
  GROUP BY bgr.stay_id
), vital AS (
  SELECT st.stay_id, MIN(ce.valuenum) AS mbp_min
  FROM stay st
  JOIN mimiciv_icu.chartevents ce ON ce.stay_id = st.stay_id
  WHERE ce.itemid IN (220052, 220181) AND ce.valuenum > 0 AND ce.valuenum < 300
    AND ce.charttime >= st.intime - INTERVAL '6 hours' AND ce.charttime <= st.intime + INTERVAL '24 hours'
  GROUP BY st.stay_id
), gcs_base AS (
  SELECT st.stay_id, st.intime, ce.charttime,
         MAX(CASE WHEN ce.itemid = 223901 THEN ce.valuenum END) AS motor,
         MAX(CASE WHEN ce.itemid = 223900 AND ce.value = 'No Response-ETT' THEN 0
                  WHEN ce.itemid = 223900 THEN ce.valuenum END) AS verbal,
         MAX(CASE WHEN ce.itemid = 220739 THEN ce.valuenum END) AS eyes,
         ROW_NUMBER() OVER (PARTITION BY st.stay_id ORDER BY ce.charttime) AS rn
  FROM stay st
  JOIN mimiciv_icu.chartevents ce ON ce.stay_id = st.stay_id
  WHERE ce.itemid IN (220739, 223900, 223901)
    AND ce.charttime >= st.intime - INTERVAL '12 hours' AND ce.charttime <= st.intime + INTERVAL '24 hours'
  GROUP BY st.stay_id, st.intime, ce.charttime
), gcs AS (
  SELECT b.stay_id,
         MIN(CASE WHEN b.verbal = 0 THEN 15
                  WHEN b.verbal IS NULL AND p.verbal = 0 THEN 15
                  WHEN p.verbal = 0 THEN COALESCE(b.motor, 6) + COALESCE(b.verbal, 5) + COALESCE(b.eyes, 4)
                  ELSE COALESCE(b.motor, p.motor, 6) + COALESCE(b.verbal, p.verbal, 5) + COALESCE(b.eyes, p.eyes, 4)
             END) AS gcs_min
  FROM gcs_base b
  LEFT JOIN gcs_base p ON p.stay_id = b.stay_id AND p.rn = b.rn - 1 AND p.charttime > b.charttime - INTERVAL '6 hours'
  WHERE b.charttime >= b.intime - INTERVAL '6 hours'
  GROUP BY b.stay_id
), uo AS (
  SELECT st.stay_id, SUM(o.value) AS urineoutput
  FROM stay st
  JOIN mimiciv_icu.outputevents o ON o.stay_id = st.stay_id
  WHERE o.itemid IN (226559, 226560)
    AND o.charttime >= st.intime AND o.charttime <= st.intime + INTERVAL '24 hours'
  GROUP BY st.stay_id
), vaso AS (
  SELECT st.stay_id, MAX(ie.rate) AS rate_norepinephrine
  FROM stay st
  JOIN mimiciv_icu.inputevents ie ON ie.stay_id = st.stay_id
  WHERE ie.itemid = 221906 AND ie.rate IS NOT NULL
    AND ie.starttime >= st.intime - INTERVAL '6 hours' AND ie.starttime <= st.intime + INTERVAL '24 hours'
  GROUP BY st.stay_id
), scored AS (
  SELECT st.stay_id,
         CASE WHEN pf.pao2fio2_vent_min < 100 THEN 4 WHEN pf.pao2fio2_vent_min < 200 THEN 3
              WHEN LEAST(pf.pao2fio2_vent_min, pf.pao2fio2_novent_min) < 300 THEN 2
              WHEN LEAST(pf.pao2fio2_vent_min, pf.pao2fio2_novent_min) < 400 THEN 1
              WHEN COALESCE(pf.pao2fio2_vent_min, pf.pao2fio2_novent_min) IS NULL THEN NULL ELSE 0 END AS respiration,
         CASE WHEN lb.platelet_min < 20 THEN 4 WHEN lb.platelet_min < 50 THEN 3 WHEN lb.platelet_min < 100 THEN 2
              WHEN lb.platelet_min < 150 THEN 1 WHEN lb.platelet_min IS NULL THEN NULL ELSE 0 END AS coagulation,
         CASE WHEN lb.bilirubin_max >= 12.0 THEN 4 WHEN lb.bilirubin_max >= 6.0 THEN 3 WHEN lb.bilirubin_max >= 2.0 THEN 2
              WHEN lb.bilirubin_max >= 1.2 THEN 1 WHEN lb.bilirubin_max IS NULL THEN NULL ELSE 0 END AS liver,
         CASE WHEN va.rate_norepinephrine > 0.1 THEN 4 WHEN va.rate_norepinephrine <= 0.1 THEN 3
              WHEN vt.mbp_min < 70 THEN 1 WHEN COALESCE(vt.mbp_min, va.rate_norepinephrine) IS NULL THEN NULL ELSE 0 END AS cardiovascular,
         CASE WHEN g.gcs_min >= 13 AND g.gcs_min <= 14 THEN 1 WHEN g.gcs_min >= 10 AND g.gcs_min <= 12 THEN 2
              WHEN g.gcs_min >= 6 AND g.gcs_min <= 9 THEN 3 WHEN g.gcs_min < 6 THEN 4 WHEN g.gcs_min IS NULL THEN NULL ELSE 0 END AS cns,
         CASE WHEN lb.creatinine_max >= 5.0 THEN 4 WHEN u.urineoutput < 200 THEN 4
              WHEN lb.creatinine_max >= 3.5 AND lb.creatinine_max < 5.0 THEN 3 WHEN u.urineoutput < 500 THEN 3
              WHEN lb.creatinine_max >= 2.0 AND lb.creatinine_max < 3.5 THEN 2
              WHEN lb.creatinine_max >= 1.2 AND lb.creatinine_max < 2.0 THEN 1
              WHEN COALESCE(u.urineoutput, lb.creatinine_max) IS NULL THEN NULL ELSE 0 END AS renal
  FROM stay st
  LEFT JOIN lab lb ON lb.stay_id = st.stay_id
  LEFT JOIN pafi pf ON pf.stay_id = st.stay_id
  LEFT JOIN vital vt ON vt.stay_id = st.stay_id
  LEFT JOIN gcs g ON g.stay_id = st.stay_id
  LEFT JOIN uo u ON u.stay_id = st.stay_id
  LEFT JOIN vaso va ON va.stay_id = st.stay_id
