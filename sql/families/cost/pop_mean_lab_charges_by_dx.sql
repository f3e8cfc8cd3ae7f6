-- per admission with the diagnosis and the lab: total charge of that lab; averaged over those admissions
SELECT ROUND(CAST(AVG(t.total) AS NUMERIC), 2) AS mean_charge
FROM (
  SELECT l.hadm_id, SUM(c.cost) AS total
  FROM mimiciv_derived.cost c
  JOIN mimiciv_hosp.labevents l ON c.event_type = 'labevents' AND c.event_id = l.labevent_id
  WHERE l.itemid = {{itemid}}
    AND l.hadm_id IN (
      SELECT x.hadm_id FROM mimiciv_hosp.diagnoses_icd x
      JOIN mimiciv_hosp.d_icd_diagnoses d ON d.icd_code = x.icd_code AND d.icd_version = x.icd_version
      WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}} AND d.long_title = {{icd_title}})
  GROUP BY l.hadm_id
) t
