-- Record noise: another medication clinically linked to this lab (the paper's "calcium gluconate, which this
-- admission never received"), administered to other patients but never in this admission
SELECT e.medication AS drug
FROM (SELECT DISTINCT e0.medication FROM mimiciv_hosp.emar e0
      WHERE e0.event_txt = 'Administered' AND e0.medication IS NOT NULL) e
JOIN (VALUES
    (50971, 'insulin%'), (50971, 'calcium gluconate%'), (50971, 'sodium polystyrene%'), (50971, 'dextrose 50%'),
    (50971, 'furosemide%'), (50931, 'insulin%'), (50931, 'glargine%'), (50868, 'insulin%'),
    (50868, 'sodium bicarbonate%'), (51301, 'vancomycin%'), (51301, 'piperacillin%'), (51301, 'cefepime%'),
    (51301, 'ceftriaxone%'), (51301, 'meropenem%'), (51301, 'acetaminophen%'), (50889, 'vancomycin%'),
    (50889, 'ceftriaxone%'), (50813, 'sodium chloride 0.9%'), (50813, 'lactated ringer%'),
    (50813, 'norepinephrine%'), (50912, 'sodium bicarbonate%'), (50912, 'sodium chloride 0.9%'),
    (51006, 'sodium chloride 0.9%'), (50963, 'furosemide%'), (51003, 'aspirin%'), (51003, 'heparin%'),
    (51003, 'clopidogrel%'), (51003, 'metoprolol%'), (51003, 'atorvastatin%'), (50885, 'lactulose%'),
    (50960, 'calcium gluconate%')) AS v(itemid, med_pattern)
  ON v.itemid = {{itemid}} AND LOWER(e.medication) LIKE v.med_pattern
WHERE e.medication <> {{drug}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.emar x WHERE x.hadm_id = {{hadm_id}} AND x.medication = e.medication)
