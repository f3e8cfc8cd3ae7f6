-- per admission with the diagnosis and the lab: total charge of that lab (to the cent, so both backends round the
-- mean alike); averaged over those admissions
SELECT ROUND(CAST(AVG(t.total) AS NUMERIC), 2) AS mean_charge
FROM (
  SELECT coh.hadm_id, ROUND(CAST(SUM(c.cost) AS NUMERIC), 2) AS total
  FROM (
    SELECT DISTINCT x.hadm_id
    FROM mimiciv_hosp.diagnoses_icd x
    JOIN mimiciv_hosp.d_icd_diagnoses d ON d.icd_code = x.icd_code AND d.icd_version = x.icd_version
    WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}} AND d.long_title = {{icd_title}}
  ) coh
  JOIN mimiciv_hosp.labevents l ON l.hadm_id = coh.hadm_id AND l.itemid = {{itemid}}
  JOIN mimiciv_derived.cost c ON c.event_type = 'labevents' AND c.event_id = l.labevent_id
  GROUP BY coh.hadm_id
) t
