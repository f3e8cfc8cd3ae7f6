-- Query noise (the paper's example): everything exists, but the administrations precede the threshold crossing:
-- another medication of this admission, clinically linked to the lab as in the binding, whose administrations all
-- precede the first result above the threshold (any medication of the admission had named melatonin or a nicotine
-- patch after a troponin, a pairing no Clean question makes: a wording tell). The lab and its threshold stay the Clean
-- twin's: a shifted threshold (the lab crossing only after the last dose) could never be one a Clean question states,
-- which all use the lab's upper reference limit, so match_clean rejected every such twin
SELECT e.medication AS drug
FROM mimiciv_hosp.emar e
WHERE e.hadm_id = {{hadm_id}} AND e.event_txt = 'Administered' AND e.medication <> {{drug}}
  AND EXISTS (SELECT 1 FROM (VALUES
    (50971, 'insulin%'), (50971, 'calcium gluconate%'), (50971, 'sodium polystyrene%'), (50971, 'dextrose 50%'),
    (50971, 'furosemide%'), (50931, 'insulin%'), (50931, 'glargine%'), (50868, 'insulin%'),
    (50868, 'sodium bicarbonate%'), (51301, 'vancomycin%'), (51301, 'piperacillin%'), (51301, 'cefepime%'),
    (51301, 'ceftriaxone%'), (51301, 'meropenem%'), (51301, 'acetaminophen%'), (50889, 'vancomycin%'),
    (50889, 'ceftriaxone%'), (50813, 'sodium chloride 0.9%'), (50813, 'lactated ringer%'),
    (50813, 'norepinephrine%'), (50912, 'sodium bicarbonate%'), (50912, 'sodium chloride 0.9%'),
    (51006, 'sodium chloride 0.9%'), (50963, 'furosemide%'), (51003, 'aspirin%'), (51003, 'heparin%'),
    (51003, 'clopidogrel%'), (51003, 'metoprolol%'), (51003, 'atorvastatin%'), (50885, 'lactulose%'),
    (50960, 'calcium gluconate%')) AS v(itemid, med_pattern)
              WHERE v.itemid = {{itemid}} AND LOWER(e.medication) LIKE v.med_pattern)
GROUP BY e.medication
HAVING MAX(e.charttime) < (SELECT MIN(l.charttime) FROM mimiciv_hosp.labevents l
                           WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum > {{threshold}})
