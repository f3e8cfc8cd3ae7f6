-- the stated number of charges of that kind in the admission is right (vacuous when it has none: that is
-- charges_of_kind_exist's failure)
SELECT COUNT(*) = 0 OR COUNT(*) = {{n_charges}} AS holds
FROM mimiciv_derived.cost c
WHERE c.hadm_id = {{hadm_id}}
  AND c.event_type = CASE {{charge_kind}} WHEN 'diagnosis' THEN 'diagnoses_icd' WHEN 'procedure' THEN 'procedures_icd'
                                          WHEN 'lab test' THEN 'labevents' ELSE 'prescriptions' END
