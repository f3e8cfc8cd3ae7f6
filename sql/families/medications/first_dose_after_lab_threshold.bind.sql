-- (admission, lab, threshold = the lab's upper reference limit, eMAR medication clinically linked to that lab) where
-- the medication was administered after the lab first exceeded the threshold; one combination per admission and
-- ≤ 18 admissions per medication (one drug's standard dose would otherwise be a third of the golds), then at most
-- 12% of the kept combinations per first dose (value and unit; at least 3): 40 mg is the standard dose of several
-- linked drugs (furosemide, pantoprazole, enoxaparin), so a per-drug cap alone left [40, "mg"] at 16.5% of the golds
-- on the 30,000-patient EHR (the golds check allows 15%)
WITH lim AS (
  SELECT l.itemid, MIN(l.ref_range_upper) AS upper, MIN(l.valueuom) AS unit
  FROM mimiciv_hosp.labevents l
  WHERE l.valuenum IS NOT NULL AND l.ref_range_upper IS NOT NULL AND l.valueuom IS NOT NULL
  GROUP BY l.itemid
  HAVING MIN(l.valueuom) = MAX(l.valueuom) AND MIN(l.ref_range_upper) > 0
), cross_t AS (
  SELECT l.hadm_id, l.itemid, lim.upper, lim.unit, MIN(l.charttime) AS t_cross
  FROM mimiciv_hosp.labevents l JOIN lim ON lim.itemid = l.itemid
  WHERE l.hadm_id IS NOT NULL AND l.valuenum > lim.upper
  GROUP BY l.hadm_id, l.itemid, lim.upper, lim.unit
), adm AS (  -- read once for the first doses' times and their doses (PostgreSQL matched the pattern twice)
  SELECT e.hadm_id, e.medication, e.charttime, ed.dose_given, ed.dose_given_unit
  FROM mimiciv_hosp.emar e
  JOIN mimiciv_hosp.emar_detail ed ON ed.emar_id = e.emar_id AND ed.dose_given ~ '^[0-9]+(\.[0-9]+)?$'
  WHERE e.event_txt = 'Administered' AND e.hadm_id IS NOT NULL AND e.medication IS NOT NULL
), pairs AS (
  -- clinically linked (lab, medication) pairs: the treatment one would look for after the lab runs high
  SELECT * FROM (VALUES
    -- include: fragments/linked_lab_drug_pairs.sql
), linked AS (  -- the administered medications matched to the pairs once, not every administration again
  SELECT DISTINCT m.medication, pairs.itemid
  FROM (SELECT DISTINCT adm.medication FROM adm) m JOIN pairs ON LOWER(m.medication) LIKE pairs.med_pattern
), firsts AS (
  SELECT c.hadm_id, c.itemid, c.upper, c.unit, adm.medication, MIN(adm.charttime) AS t_dose
  FROM cross_t c JOIN linked k ON k.itemid = c.itemid
  JOIN adm ON adm.hadm_id = c.hadm_id AND adm.medication = k.medication AND adm.charttime > c.t_cross
  GROUP BY c.hadm_id, c.itemid, c.upper, c.unit, adm.medication
), u AS (
  SELECT f.hadm_id, f.itemid, f.upper, f.unit, f.medication, MIN(ed.dose_given) AS dose,
         MIN(COALESCE(ed.dose_given_unit, '')) AS dose_unit
  FROM firsts f
  JOIN adm ed ON ed.hadm_id = f.hadm_id AND ed.medication = f.medication AND ed.charttime = f.t_dose
  GROUP BY f.hadm_id, f.itemid, f.upper, f.unit, f.medication
  HAVING COUNT(DISTINCT ed.dose_given || '|' || COALESCE(ed.dose_given_unit, '')) = 1
), pick AS (
  SELECT u.*, ROW_NUMBER() OVER (PARTITION BY u.hadm_id
                                 ORDER BY (u.itemid * 7919 + LENGTH(u.medication) * 31 + u.hadm_id) % 1087, u.itemid,
                                     u.medication) AS rn
  FROM u
), strat AS (
  SELECT pick.*, ROW_NUMBER() OVER (PARTITION BY LOWER(SUBSTRING(pick.medication, 1, 5))
                                    ORDER BY (pick.hadm_id * 31 + pick.itemid) % 10007, pick.hadm_id) AS rn_med
  FROM pick WHERE pick.rn = 1
), by_dose AS (
  SELECT strat.*, ROW_NUMBER() OVER (PARTITION BY CAST(strat.dose AS DOUBLE PRECISION), strat.dose_unit
                                     ORDER BY (strat.hadm_id * 17 + strat.itemid) % 10009, strat.hadm_id) AS rn_dose,
         COUNT(*) OVER () AS n_kept
  FROM strat WHERE strat.rn_med <= 18
)
SELECT a.subject_id, a.hadm_id, p.itemid,
-- include: fragments/lab_label.sql alias=d
  , CAST(p.upper AS DOUBLE PRECISION) AS threshold,
       p.unit, p.medication AS drug
FROM by_dose p
JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
JOIN mimiciv_hosp.d_labitems d ON d.itemid = p.itemid
WHERE p.rn_dose <= GREATEST(3, CAST(0.12 * p.n_kept AS INTEGER))
-- include: fragments/lab_named_once.sql kw=AND alias=d
ORDER BY (a.hadm_id * 31 + p.itemid) % 10007, a.hadm_id
LIMIT 20000
