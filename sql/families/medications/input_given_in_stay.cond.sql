-- the drug was given during the ICU stay: the input item itself, another inputevents item of the same drug (the
-- label before any " (…)" qualifier: "Fentanyl" and "Fentanyl (Concentrate)", "Heparin Sodium" and "Heparin
-- Sodium (Prophylaxis)"), or an eMAR administration during the stay whose medication starts with the drug's first
-- word. A Noise twin asking about a drug the stay received under another item or record would be answerable under
-- a reasonable reading (an audit of 2,000 pairs found 136 of 1,315 such twins before this), so those never break it.
-- "KCL" is read as potassium chloride (review 7b, 289aed8fed1a1281: "KCL (Bolus)" in a stay given Potassium Chloride).
SELECT EXISTS (SELECT 1
               FROM mimiciv_icu.inputevents i
               JOIN mimiciv_icu.d_items d ON d.itemid = i.itemid
               JOIN mimiciv_icu.d_items d0 ON d0.itemid = {{itemid}}
               WHERE i.stay_id = {{stay_id}} AND i.amount IS NOT NULL
                 AND (i.itemid = {{itemid}}
                      OR REPLACE(LOWER(SPLIT_PART(d.label, ' (', 1)), 'kcl', 'potassium chloride')
                       = REPLACE(LOWER(SPLIT_PART(d0.label, ' (', 1)), 'kcl', 'potassium chloride')))
    OR EXISTS (SELECT 1
               FROM mimiciv_icu.icustays st
               JOIN mimiciv_hosp.emar e ON e.hadm_id = st.hadm_id AND e.charttime BETWEEN st.intime AND st.outtime
               JOIN mimiciv_icu.d_items d0 ON d0.itemid = {{itemid}}
               WHERE st.stay_id = {{stay_id}}
                 AND e.event_txt IN ('Administered', 'Delayed Administered', 'Started', 'Confirmed')
                 AND LOWER(SPLIT_PART(e.medication, ' ', 1))
                   = SPLIT_PART(REPLACE(LOWER(d0.label), 'kcl', 'potassium chloride'), ' ', 1)) AS holds
