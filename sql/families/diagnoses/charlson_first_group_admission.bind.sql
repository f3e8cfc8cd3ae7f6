-- (patient, diagnosis group) where the patient's first admission with a principal diagnosis of the group (no tie at
-- that first admittime) is not their first admission, at most 40 per group (the Charlson index runs with the group:
-- hypertension was 21% of the bindings), then at most 34 per value of the index, so no answer is more than about 1 in
-- 8 of the family's golds: the index is a sum of an age score and comorbidity weights, peaked at 3-6, and a plain
-- sample put 17-21% of the golds on one value (a constant guess would score that). The index is computed as the
-- reference computes it.
-- The question names the admission once, by the group and "first" (no date beside it: a date alone pinned the
-- admission, so a swapped group was a restatement). The group selects it: without the group the question asks for
-- the patient's first admission, whose index differs (kept only where it does), so a twin naming a group the patient
-- never had as a principal diagnosis is no restatement of "the patient's first admission" (the drop-one reading).
--   per        (group, patient, admission with a principal diagnosis of the group) ranked by admittime
--   pat_first  the patients' first admissions (no tie at that admittime)
--   first_adm  the groups' first such admissions per patient, not the patient's first admission
--   index_adm  both (one admission may be several groups') with the age at admission;
--              diag, com, ag: the reference's Charlson
--   cci        the index per admission; differ: where it differs from the patient's first admission's, 40 per
--              group; spread: at most 34 per value; kept: 30 per group
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
), per AS (
  SELECT g.dx_group, a.subject_id, a.hadm_id, a.admittime,
         RANK() OVER (PARTITION BY g.dx_group, a.subject_id ORDER BY a.admittime) AS rk,
         COUNT(*) OVER (PARTITION BY g.dx_group, a.subject_id, a.admittime) AS n_at
  FROM dx_groups g
  JOIN dx_group_codes gc ON gc.dx_group = g.dx_group
  JOIN mimiciv_hosp.diagnoses_icd d ON d.icd_version = gc.icd_version AND d.icd_code = gc.icd_code
    AND d.seq_num = 1
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  GROUP BY g.dx_group, a.subject_id, a.hadm_id, a.admittime
), pat_first AS (
  SELECT a.subject_id, MIN(a.hadm_id) AS hadm_id, MIN(a.admittime) AS admittime
  FROM mimiciv_hosp.admissions a
  WHERE a.admittime = (SELECT MIN(a0.admittime) FROM mimiciv_hosp.admissions a0 WHERE a0.subject_id = a.subject_id)
  GROUP BY a.subject_id
  HAVING COUNT(*) = 1
), first_adm AS (
  SELECT p.subject_id, p.dx_group, p.admittime, p.hadm_id, pf.hadm_id AS first_hadm_id
  FROM per p
  JOIN pat_first pf ON pf.subject_id = p.subject_id
  WHERE p.rk = 1 AND p.n_at = 1 AND pf.admittime < p.admittime
), index_adm AS (
  SELECT DISTINCT u.hadm_id, pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year AS age
  FROM (SELECT f.hadm_id FROM first_adm f
        UNION
        SELECT f.first_hadm_id FROM first_adm f) u
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = u.hadm_id
  JOIN mimiciv_hosp.patients pt ON pt.subject_id = a.subject_id
-- include: fragments/charlson_index_steps.sql
), cci AS (
  SELECT
    com.hadm_id,
-- include: fragments/charlson_index_sum.sql
  FROM com
  JOIN ag ON ag.hadm_id = com.hadm_id
), differ AS (
  SELECT f.subject_id, f.dx_group, c.charlson_comorbidity_index,
         ROW_NUMBER() OVER (PARTITION BY f.dx_group ORDER BY (f.subject_id * 31 + LENGTH(f.dx_group)) % 10007,
             f.subject_id) AS rn
  FROM first_adm f
  JOIN cci c ON c.hadm_id = f.hadm_id
  JOIN cci c0 ON c0.hadm_id = f.first_hadm_id
  WHERE c0.charlson_comorbidity_index <> c.charlson_comorbidity_index
), spread AS (
  SELECT d.subject_id, d.dx_group, d.rn,
         ROW_NUMBER() OVER (PARTITION BY d.charlson_comorbidity_index
                            ORDER BY (d.subject_id * 17 + LENGTH(d.dx_group)) % 10009, d.subject_id, d.dx_group) AS rv
  FROM differ d
  WHERE d.rn <= 40
), kept AS (
  SELECT s.*, ROW_NUMBER() OVER (PARTITION BY s.dx_group ORDER BY s.rn) AS rg
  FROM spread s
  WHERE s.rv <= 34
)
SELECT k.subject_id, k.dx_group
FROM kept k
WHERE k.rg <= 30
