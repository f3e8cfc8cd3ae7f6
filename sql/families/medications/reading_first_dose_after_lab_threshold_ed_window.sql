-- Reading: the lab's first result above the threshold may be the patient's unfiled draw (hadm_id NULL) in the
-- emergency-department visit that led to the admission, charttime in [edregtime, admittime); the dose is still the
-- admission's first administration after it
SELECT DISTINCT CAST(ed.dose_given AS DOUBLE PRECISION) AS dose_given, ed.dose_given_unit
FROM mimiciv_hosp.emar e
JOIN mimiciv_hosp.emar_detail ed ON ed.emar_id = e.emar_id AND ed.dose_given ~ '^[0-9]+(\.[0-9]+)?$'
JOIN mimiciv_hosp.admissions a ON a.hadm_id = e.hadm_id
WHERE a.hadm_id = {{hadm_id}} AND a.subject_id = {{subject_id}}
  AND e.medication = {{drug}} AND e.event_txt = 'Administered'
  AND e.charttime = (
    SELECT MIN(e2.charttime) FROM mimiciv_hosp.emar e2
    WHERE e2.hadm_id = {{hadm_id}} AND e2.medication = {{drug}} AND e2.event_txt = 'Administered'
      AND e2.charttime > (SELECT MIN(l.charttime)
                          FROM mimiciv_hosp.admissions adm
                          JOIN mimiciv_hosp.labevents l ON l.subject_id = adm.subject_id
                          WHERE adm.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}}
                            AND l.valueuom = {{unit}} AND l.valuenum > {{threshold}}
                          -- include: fragments/ed_window_lab.sql lab=l adm=adm
                          ))
