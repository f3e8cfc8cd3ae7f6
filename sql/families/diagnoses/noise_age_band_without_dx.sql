-- Value noise: the stated 10-year age band is one that has admissions, but none coded with the diagnosis
SELECT band.age_lo, band.age_lo + 9 AS age_hi
FROM (VALUES (20), (30), (40), (50), (60), (70), (80)) AS band(age_lo)
WHERE EXISTS (SELECT 1 FROM mimiciv_hosp.admissions a JOIN mimiciv_hosp.patients pt ON pt.subject_id = a.subject_id
              WHERE pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year BETWEEN band.age_lo
                  AND band.age_lo + 9)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.diagnoses_icd x
                  JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
                  JOIN mimiciv_hosp.patients pt ON pt.subject_id = a.subject_id
                  WHERE x.icd_code = {{icd_code}} AND x.icd_version = {{icd_version}}
                    AND pt.anchor_age + EXTRACT(YEAR FROM a.admittime) - pt.anchor_year BETWEEN band.age_lo
                        AND band.age_lo + 9)
