-- Query noise: another group of the family's list the patient was coded with, whose first admission with it had no
-- ICU stay, named with that admission's date: the patient, the group and the admission exist, but the "first ICU
-- stay" of that admission the question asks about does not. No earlier admission carries a code titled with the
-- group's name, so "the first admission with the group" names that admission under the title reading too. A group
-- is kept in proportion to how often it is a Clean question of the family (its first admissions with an ICU stay,
-- against the most frequent group's; a seeded hash per patient and group): the groups seldom first coded in an ICU
-- admission are the ones this twin finds most, and unthinned essential hypertension was 39 of 135 twins against 6
-- of 295 Clean questions (a tell of the family's question-only AUROC, 0.76)
--   per, idx    each patient's first admission with each group (fragments), for the Clean pool
--   pool        per group, those first admissions with an ICU stay, and the largest such count
--   group_adm   the patient's admissions coded with each group of the list
--   ranked      those admissions ranked by admission time per group (the first must be one admission, no tie)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
-- include: fragments/group_admissions_ranked.sql
-- include: fragments/group_first_admission_untied.sql
), pool AS (
  SELECT i.dx_group, COUNT(*) AS w, MAX(COUNT(*)) OVER () AS w_max
  FROM idx i
  WHERE EXISTS (SELECT 1 FROM mimiciv_icu.icustays s WHERE s.hadm_id = i.hadm_id)
  GROUP BY i.dx_group
), group_adm AS (
  SELECT g.dx_group, a.hadm_id, a.admittime
  FROM dx_groups g
  JOIN mimiciv_hosp.diagnoses_icd d
    ON EXISTS (SELECT 1 FROM dx_group_codes gc WHERE gc.dx_group = g.dx_group
      AND gc.icd_version = d.icd_version AND gc.icd_code = d.icd_code)
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  WHERE d.subject_id = {{subject_id}} AND g.dx_group <> {{dx_group}}
  GROUP BY g.dx_group, a.hadm_id, a.admittime
), ranked AS (
  SELECT ga.*, RANK() OVER (PARTITION BY ga.dx_group ORDER BY ga.admittime) AS rk
  FROM group_adm ga
)
SELECT r.dx_group, CAST(r.admittime AS DATE) AS admit_date
FROM ranked r
JOIN pool ON pool.dx_group = r.dx_group
WHERE r.rk = 1
  AND ((CAST({{subject_id}} AS BIGINT) * 7919 + LENGTH(r.dx_group) * 104729) % 1009) * pool.w_max < pool.w * 1009
  AND NOT EXISTS (SELECT 1 FROM ranked r2 WHERE r2.dx_group = r.dx_group AND r2.rk = 1 AND r2.hadm_id <> r.hadm_id)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_icu.icustays s WHERE s.hadm_id = r.hadm_id)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.admissions ea
                  JOIN mimiciv_hosp.diagnoses_icd d ON d.hadm_id = ea.hadm_id
                  JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = d.icd_code AND t.icd_version = d.icd_version
                  WHERE ea.subject_id = {{subject_id}} AND ea.admittime < r.admittime
                    AND LOWER(t.long_title) LIKE '%' || LOWER(r.dx_group) || '%')
