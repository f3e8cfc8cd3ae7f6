-- realistic heterogeneity is present: several admissions for some patients, admissions without ICU, both ICD
-- versions, labs without hadm_id, text lab results, unused dictionary items (one violation per missing feature)
SELECT
    CASE WHEN EXISTS (SELECT 1 FROM mimiciv_hosp.admissions GROUP BY subject_id HAVING COUNT(*) > 1) THEN 0 ELSE 1 END
  + CASE WHEN EXISTS (SELECT 1 FROM mimiciv_hosp.admissions a
                      WHERE NOT EXISTS (SELECT 1 FROM mimiciv_icu.icustays i WHERE i.hadm_id = a.hadm_id)) THEN 0 ELSE 1 END
  + CASE WHEN (SELECT COUNT(DISTINCT icd_version) FROM mimiciv_hosp.diagnoses_icd) = 2 THEN 0 ELSE 1 END
  + CASE WHEN EXISTS (SELECT 1 FROM mimiciv_hosp.labevents WHERE hadm_id IS NULL) THEN 0 ELSE 1 END
  + CASE WHEN EXISTS (SELECT 1 FROM mimiciv_hosp.labevents WHERE valuenum IS NULL AND value IS NOT NULL) THEN 0 ELSE 1 END
  + CASE WHEN EXISTS (SELECT 1 FROM mimiciv_hosp.d_labitems d
                      WHERE NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l WHERE l.itemid = d.itemid)) THEN 0 ELSE 1 END
  + CASE WHEN (SELECT COUNT(*) FROM mimiciv_hosp.d_icd_diagnoses) >= 1000 THEN 0 ELSE 1 END
  + CASE WHEN (SELECT COUNT(*) FROM mimiciv_icu.d_items) >= 1000 THEN 0 ELSE 1 END
  AS violations
