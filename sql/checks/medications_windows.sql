-- prescriptions/pharmacy inside the admission with start <= stop; eMAR administrations inside the order's
-- [starttime, stoptime]; MAIN rows carry dose, unit and route
SELECT
    (SELECT COUNT(*) FROM mimiciv_hosp.pharmacy p JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
       WHERE p.starttime < a.admittime OR p.stoptime > a.dischtime OR p.starttime > p.stoptime
          OR p.entertime > p.starttime OR p.medication IS NULL)
  + (SELECT COUNT(*) FROM mimiciv_hosp.emar e JOIN mimiciv_hosp.pharmacy p ON p.pharmacy_id = e.pharmacy_id
       WHERE e.charttime < p.starttime OR e.charttime > p.stoptime OR e.medication <> p.medication
          OR e.storetime < e.charttime)
  + (SELECT COUNT(*) FROM mimiciv_hosp.prescriptions
       WHERE drug_type = 'MAIN' AND (dose_val_rx IS NULL OR dose_unit_rx IS NULL OR route IS NULL))
  + (SELECT COUNT(*) FROM mimiciv_hosp.prescriptions WHERE drug_type NOT IN ('MAIN', 'BASE', 'ADDITIVE'))
  AS violations
