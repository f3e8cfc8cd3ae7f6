-- Every (diagnosis group, patient, admission coded with the group) ranked by admission time within the patient:
-- CTE per (rk = 1: the patient's first admission with the group), after CTE dx_groups (fragments/dx_groups.sql).
), per AS (
  SELECT g.dx_group, a.subject_id, a.hadm_id, a.admittime,
         RANK() OVER (PARTITION BY g.dx_group, a.subject_id ORDER BY a.admittime) AS rk
  FROM dx_groups g
  JOIN dx_group_codes gc ON gc.dx_group = g.dx_group
  JOIN mimiciv_hosp.diagnoses_icd d ON d.icd_version = gc.icd_version AND d.icd_code = gc.icd_code
  JOIN mimiciv_hosp.admissions a ON a.hadm_id = d.hadm_id
  GROUP BY g.dx_group, a.subject_id, a.hadm_id, a.admittime
