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
), cand AS (
  SELECT p.subject_id, p.dx_group, p.admittime, p.itemid FROM per_group p WHERE p.rn_group <= 30
), first_adm AS (
  SELECT f.subject_id, f.hadm_id, f.admittime
  FROM mimiciv_hosp.admissions f
  JOIN (SELECT f0.subject_id, MIN(f0.admittime) AS admittime FROM mimiciv_hosp.admissions f0
        GROUP BY f0.subject_id) m ON m.subject_id = f.subject_id AND m.admittime = f.admittime
), cand_adm AS (
  -- each candidate's admissions whose lab cost it compares: the patient's first ones, and those that began when the
  -- group's did. Joined to the costs by admission below, set-based: as two correlated subqueries per candidate,
  -- PostgreSQL (told to plan this whole-EHR query with hash joins) hashed the whole cost table each time
  SELECT k.subject_id, k.dx_group, k.admittime AS group_time, k.itemid, f.hadm_id, f.admittime, TRUE AS is_first
  FROM cand k JOIN first_adm f ON f.subject_id = k.subject_id
  UNION ALL
  SELECT k.subject_id, k.dx_group, k.admittime AS group_time, k.itemid, h.hadm_id, h.admittime, FALSE AS is_first
  FROM cand k JOIN mimiciv_hosp.admissions h ON h.subject_id = k.subject_id AND h.admittime = k.admittime
), cost48 AS (
  -- each candidate admission's charges for the lab, read per admission and lab through the indexes (LATERAL): joined
  -- as sets, PostgreSQL hashed every lab result to find the few thousand charged in these admissions. A lab's cost
  -- row carries the lab's admission (pipeline/ehr/cost.py), so the results are looked up by admission and lab
  SELECT ca.subject_id, ca.dx_group, ca.group_time AS admittime, ca.itemid,
         ROUND(CAST(SUM(x.cost) FILTER (WHERE ca.is_first) AS NUMERIC), 2) AS first_cost,
         ROUND(CAST(SUM(x.cost) FILTER (WHERE NOT ca.is_first) AS NUMERIC), 2) AS group_cost
  FROM cand_adm ca
  JOIN LATERAL (
    SELECT c.cost
    FROM mimiciv_hosp.labevents l
    JOIN mimiciv_derived.cost c ON c.event_type = 'labevents' AND c.event_id = l.labevent_id AND c.hadm_id = l.hadm_id
    WHERE l.hadm_id = ca.hadm_id AND l.itemid = ca.itemid
      AND c.chargetime >= ca.admittime AND c.chargetime <= ca.admittime + INTERVAL '48 hours'
  ) x ON TRUE
  GROUP BY ca.subject_id, ca.dx_group, ca.group_time, ca.itemid
)
SELECT p.subject_id, p.dx_group, CAST(p.admittime AS DATE) AS admit_date, p.itemid,
-- include: fragments/lab_label.sql alias=x
FROM cost48 p
JOIN mimiciv_hosp.d_labitems x ON x.itemid = p.itemid
WHERE p.first_cost IS DISTINCT FROM p.group_cost
-- include: fragments/lab_named_once.sql kw=AND alias=x
