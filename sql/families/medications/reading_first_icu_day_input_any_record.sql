-- Reading: "received the input in the first 24 hours of the ICU stay" holds for any record of it in that window — an
-- ICU input of any item whose name starts like it, or an eMAR event meaning given under such a name — in the first
-- ICU stay of the patient's first admission with the group
--   group_adm   the patient's admissions coded with the group
--   index_adm   the earliest of them
--   first_stay  that admission's first ICU stay; none when two stays share its first intime (as the reference)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), group_adm AS (
  SELECT DISTINCT a.hadm_id, a.admittime
  FROM mimiciv_hosp.admissions a
  JOIN mimiciv_hosp.diagnoses_icd d ON d.hadm_id = a.hadm_id
  WHERE a.subject_id = {{subject_id}}
    AND EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = {{dx_group}}
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
), index_adm AS (
  SELECT g.hadm_id
  FROM group_adm g
  WHERE g.admittime = (SELECT MIN(g2.admittime) FROM group_adm g2)
), first_stay AS (
  SELECT s.stay_id, s.hadm_id, s.intime, RANK() OVER (ORDER BY s.intime) AS rn,
         COUNT(*) OVER (PARTITION BY s.intime) AS n_at_intime
  FROM mimiciv_icu.icustays s
  JOIN index_adm i ON i.hadm_id = s.hadm_id
)
SELECT g.t
FROM (
  SELECT ie.starttime AS t
  FROM mimiciv_icu.inputevents ie
  JOIN first_stay fs ON fs.stay_id = ie.stay_id AND fs.rn = 1 AND fs.n_at_intime = 1
  JOIN mimiciv_icu.d_items di ON di.itemid = ie.itemid
  WHERE LOWER(SUBSTRING(di.label, 1, 5)) = LOWER(SUBSTRING({{input_label}}, 1, 5))
    AND ie.starttime >= fs.intime AND ie.starttime < fs.intime + INTERVAL '24 hours'
  UNION ALL
  SELECT e.charttime AS t
  FROM mimiciv_hosp.emar e
  JOIN first_stay fs ON fs.hadm_id = e.hadm_id AND fs.rn = 1 AND fs.n_at_intime = 1
  WHERE e.event_txt IN ('Administered', 'Delayed Administered', 'Started', 'Confirmed', 'Flushed')
    AND LOWER(SUBSTRING(e.medication, 1, 5)) = LOWER(SUBSTRING({{input_label}}, 1, 5))
    AND e.charttime >= fs.intime AND e.charttime < fs.intime + INTERVAL '24 hours'
) g
