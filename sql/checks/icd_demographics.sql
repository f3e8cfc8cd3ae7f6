-- diagnoses and procedures fit the patient: no pregnancy, delivery or newborn code on a man or at 55+ (none at all
-- is generated), no prostate / male genital code on a woman, no gynaecological code on a man
SELECT
    (SELECT COUNT(*) FROM mimiciv_hosp.diagnoses_icd x
       JOIN mimiciv_hosp.patients p ON p.subject_id = x.subject_id
       JOIN mimiciv_hosp.admissions a ON a.hadm_id = x.hadm_id
      WHERE ((x.icd_version = 10 AND (x.icd_code LIKE 'O%' OR x.icd_code LIKE 'Z3A%' OR x.icd_code LIKE 'Z33%'
                                      OR x.icd_code LIKE 'Z34%' OR x.icd_code LIKE 'Z37%'))
             OR (x.icd_version = 9 AND (SUBSTR(x.icd_code, 1, 2) IN ('63', '64', '65', '66', '67')
                                        OR x.icd_code LIKE 'V22%' OR x.icd_code LIKE 'V23%' OR x.icd_code LIKE 'V27%')))
        AND (p.gender = 'M' OR p.anchor_age + EXTRACT(YEAR FROM a.admittime) - p.anchor_year >= 55))
  + (SELECT COUNT(*) FROM mimiciv_hosp.diagnoses_icd x JOIN mimiciv_hosp.patients p ON p.subject_id = x.subject_id
      WHERE (p.gender = 'F' AND ((x.icd_version = 10 AND (x.icd_code LIKE 'C61%' OR x.icd_code LIKE 'N40%'
                                                          OR x.icd_code LIKE 'N41%' OR x.icd_code LIKE 'Z8546%'))
                                 OR (x.icd_version = 9 AND (x.icd_code LIKE '185%' OR x.icd_code LIKE '600%'
                                                            OR x.icd_code LIKE '601%' OR x.icd_code LIKE 'V1046%'))))
         OR (p.gender = 'M' AND ((x.icd_version = 10 AND (x.icd_code LIKE 'C53%' OR x.icd_code LIKE 'C56%'
                                                          OR x.icd_code LIKE 'N8%' OR x.icd_code LIKE 'N9%'))
                                 OR (x.icd_version = 9 AND (x.icd_code LIKE '180%' OR x.icd_code LIKE '183%'
                                                            OR x.icd_code LIKE '62%')))))
  + (SELECT COUNT(*) FROM mimiciv_hosp.procedures_icd x JOIN mimiciv_hosp.patients p ON p.subject_id = x.subject_id
      WHERE (x.icd_version = 10 AND x.icd_code LIKE '1%')
         OR (x.icd_version = 9 AND SUBSTR(x.icd_code, 1, 2) IN ('72', '73', '74', '75'))
         OR (p.gender = 'F' AND ((x.icd_version = 10 AND x.icd_code LIKE '0V%')
                                 OR (x.icd_version = 9 AND SUBSTR(x.icd_code, 1, 2) IN ('60', '61', '62', '63', '64'))))
         OR (p.gender = 'M' AND ((x.icd_version = 10 AND x.icd_code LIKE '0U%')
                                 OR (x.icd_version = 9 AND SUBSTR(x.icd_code, 1, 2) IN ('65', '66', '67', '68', '69', '70', '71')))))
  AS violations
