-- (cohort floor: 5 admissions, or 0.125 % of all admissions in an EHR under 4,000 admissions such as the test EHRs)
-- (diagnosis, numeric lab measured in ≥ 5 admissions of that cohort: a mean over a handful does not discriminate); ≤ 3
--   labs per diagnosis
-- adm_lab: each admission's numeric labs once per unit, so the diagnosis × lab join counts admissions and units
-- without carrying every result (both COUNT(DISTINCT)s are unchanged; the join carries 2.2M rows, not one per result)
WITH coh AS (
  SELECT x.icd_code, x.icd_version, x.hadm_id
  FROM mimiciv_hosp.diagnoses_icd x GROUP BY x.icd_code, x.icd_version, x.hadm_id
), big AS (
  SELECT coh.icd_code, coh.icd_version FROM coh GROUP BY coh.icd_code, coh.icd_version HAVING COUNT(*) >= 3
), adm_lab AS (
  SELECT l.hadm_id, l.itemid, l.valueuom
  FROM mimiciv_hosp.labevents l
  WHERE l.valuenum IS NOT NULL AND l.hadm_id IS NOT NULL
  GROUP BY l.hadm_id, l.itemid, l.valueuom
), labs AS (
  SELECT coh.icd_code, coh.icd_version, l.itemid
  FROM coh JOIN big ON big.icd_code = coh.icd_code AND big.icd_version = coh.icd_version
  JOIN adm_lab l ON l.hadm_id = coh.hadm_id
  GROUP BY coh.icd_code, coh.icd_version, l.itemid
  HAVING COUNT(DISTINCT l.valueuom) <= 1 AND COUNT(DISTINCT coh.hadm_id) >= LEAST(5, (SELECT COUNT(*) / 800
      FROM mimiciv_hosp.admissions))
), pick AS (
  SELECT labs.*, ROW_NUMBER() OVER (PARTITION BY labs.icd_code, labs.icd_version
                                    ORDER BY (labs.itemid * 7919 + LENGTH(labs.icd_code)) % 1039, labs.itemid) AS rn
  FROM labs
)
SELECT TRIM(p.icd_code) AS icd_code, p.icd_version, t.long_title AS icd_title, p.itemid,
-- include: fragments/lab_label.sql alias=d
FROM pick p
JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
JOIN mimiciv_hosp.d_labitems d ON d.itemid = p.itemid
WHERE p.rn <= 3
-- include: fragments/lab_named_once.sql kw=AND alias=d
