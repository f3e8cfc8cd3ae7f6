-- (patient, diagnosis group, ICU input with one amount unit) given in the first 24 h of the first ICU stay of the
-- patient's first admission with the group; ≤ 1 input per pair and ≤ 15 pairs per input, so the Clean inputs are
-- spread about as evenly as the record twin's (an input not given in that stay is never the ubiquitous saline)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
-- include: fragments/group_admissions_ranked.sql
-- include: fragments/group_first_admission_untied.sql
), stay1 AS (
  SELECT x.hadm_id, x.stay_id, x.intime
  FROM (SELECT s.hadm_id, s.stay_id, s.intime, ROW_NUMBER() OVER (PARTITION BY s.hadm_id
      ORDER BY s.intime, s.stay_id) AS rn
        FROM mimiciv_icu.icustays s) x
  WHERE x.rn = 1
), day1 AS (
  SELECT s1.hadm_id, ie.itemid
  FROM stay1 s1
  JOIN mimiciv_icu.inputevents ie ON ie.stay_id = s1.stay_id
  WHERE ie.amount IS NOT NULL AND ie.starttime >= s1.intime AND ie.starttime < s1.intime + INTERVAL '24 hours'
  GROUP BY s1.hadm_id, ie.itemid
  HAVING COUNT(DISTINCT ie.amountuom) = 1
), pick AS (
  SELECT i.subject_id, i.dx_group, i.admittime, d1.itemid,
         ROW_NUMBER() OVER (PARTITION BY i.subject_id, i.dx_group ORDER BY (d1.itemid * 7919 + i.subject_id) % 1097,
             d1.itemid) AS rn
  FROM idx i JOIN day1 d1 ON d1.hadm_id = i.hadm_id
)
SELECT p.subject_id, p.dx_group, CAST(p.admittime AS DATE) AS admit_date,
       p.itemid, di.label AS input_label
FROM (SELECT pick.*, ROW_NUMBER() OVER (PARTITION BY pick.itemid
    ORDER BY (pick.subject_id * 17 + LENGTH(pick.dx_group)) % 10009,
                                                                      pick.subject_id, pick.dx_group) AS rn_item
      FROM pick WHERE pick.rn = 1) p
JOIN mimiciv_icu.d_items di ON di.itemid = p.itemid
WHERE p.rn_item <= 15
