-- Fragment: the clinically linked (lab itemid, medication LIKE pattern) pairs, as the rows of a VALUES list
-- `(VALUES … ) AS v(itemid, med_pattern)`: the treatment one would look for after the lab runs high (insulin after
-- potassium or glucose, vancomycin after white cells, ...). Included by the binding query and the noise operators
-- of medications.first_dose_after_lab_threshold, so a twin's linked drug or lab is always one the binding would pair.
    (50971, 'insulin%'), (50971, 'calcium gluconate%'), (50971, 'sodium polystyrene%'), (50971, 'dextrose 50%'),
    (50971, 'furosemide%'), (50931, 'insulin%'), (50931, 'glargine%'), (50868, 'insulin%'),
    (50868, 'sodium bicarbonate%'), (51301, 'vancomycin%'), (51301, 'piperacillin%'), (51301, 'cefepime%'),
    (51301, 'ceftriaxone%'), (51301, 'meropenem%'), (51301, 'acetaminophen%'), (50889, 'vancomycin%'),
    (50889, 'ceftriaxone%'), (50813, 'sodium chloride 0.9%'), (50813, 'lactated ringer%'),
    (50813, 'norepinephrine%'), (50912, 'sodium bicarbonate%'), (50912, 'sodium chloride 0.9%'),
    (51006, 'sodium chloride 0.9%'), (50963, 'furosemide%'), (51003, 'aspirin%'), (51003, 'heparin%'),
    (51003, 'clopidogrel%'), (51003, 'metoprolol%'), (51003, 'atorvastatin%'), (50885, 'lactulose%'),
    (50960, 'calcium gluconate%')) AS v(itemid, med_pattern)
