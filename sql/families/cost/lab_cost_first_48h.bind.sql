-- (patient, diagnosis group, lab) with the date of the patient's first admission coded with the group (no tie at that
-- first admittime) and a lab charged within 48 h of its admission time; ≤ 1 lab per (patient, group), ≤ 12 per lab
-- and ≤ 30 per group, so the Clean labs and groups are spread about as evenly as the twins' (a lab never drawn in an
-- admission, or drawn only after 48 h, is never the everyday panel; a group a patient never had is seldom the
-- commonest one). The patient's first admission (what the question names without the group) must not give the same
-- cost of the lab: 18 of 115 group-swap twins of main's build matched it by coincidence (one test at one price)
WITH dx_group_codes AS (
  -- include: fragments/dx_group_codes.sql
), dx_groups(dx_group) AS (VALUES
  -- include: fragments/dx_groups.sql
-- include: fragments/group_admissions_ranked.sql
-- include: fragments/group_first_admission_untied.sql
), labs48 AS (
  SELECT i.subject_id, i.dx_group, i.admittime, l.itemid
  FROM idx i
  JOIN mimiciv_hosp.labevents l ON l.hadm_id = i.hadm_id
  JOIN mimiciv_derived.cost c ON c.event_type = 'labevents' AND c.event_id = l.labevent_id
  WHERE c.chargetime >= i.admittime AND c.chargetime <= i.admittime + INTERVAL '48 hours'
  GROUP BY i.subject_id, i.dx_group, i.admittime, l.itemid
), pick AS (
  SELECT x.*, ROW_NUMBER() OVER (PARTITION BY x.subject_id, x.dx_group
                                 ORDER BY (x.itemid * 7919 + x.subject_id) % 1031, x.itemid) AS rn
  FROM labs48 x
), per_lab AS (
  SELECT pick.*, ROW_NUMBER() OVER (PARTITION BY pick.itemid
      ORDER BY (pick.subject_id * 17 + LENGTH(pick.dx_group)) % 10009,
                                                                      pick.subject_id, pick.dx_group) AS rn_lab
  FROM pick WHERE pick.rn = 1
), per_group AS (
  SELECT per_lab.*, ROW_NUMBER() OVER (PARTITION BY per_lab.dx_group
      ORDER BY (per_lab.subject_id * 29 + per_lab.itemid) % 10037,
                                                                             per_lab.subject_id,
                                                                                 per_lab.itemid) AS rn_group
  FROM per_lab WHERE per_lab.rn_lab <= 12
)
SELECT p.subject_id, p.dx_group, CAST(p.admittime AS DATE) AS admit_date, p.itemid,
-- include: fragments/lab_label.sql alias=x
FROM per_group p
JOIN mimiciv_hosp.d_labitems x ON x.itemid = p.itemid
WHERE p.rn_group <= 30
  AND (SELECT ROUND(CAST(SUM(c.cost) AS NUMERIC), 2)
       FROM mimiciv_derived.cost c
       JOIN mimiciv_hosp.labevents l ON l.labevent_id = c.event_id AND l.itemid = p.itemid
       JOIN mimiciv_hosp.admissions f ON f.hadm_id = c.hadm_id
       WHERE c.event_type = 'labevents' AND f.subject_id = p.subject_id
         AND f.admittime = (SELECT MIN(f2.admittime) FROM mimiciv_hosp.admissions f2 WHERE f2.subject_id = p.subject_id)
         AND c.chargetime >= f.admittime AND c.chargetime <= f.admittime + INTERVAL '48 hours')
      IS DISTINCT FROM
      (SELECT ROUND(CAST(SUM(c.cost) AS NUMERIC), 2)
       FROM mimiciv_derived.cost c
       JOIN mimiciv_hosp.labevents l ON l.labevent_id = c.event_id AND l.itemid = p.itemid
       JOIN mimiciv_hosp.admissions h ON h.hadm_id = c.hadm_id
       WHERE c.event_type = 'labevents' AND h.subject_id = p.subject_id AND h.admittime = p.admittime
         AND c.chargetime >= p.admittime AND c.chargetime <= p.admittime + INTERVAL '48 hours')
-- include: fragments/lab_named_once.sql kw=AND alias=x
