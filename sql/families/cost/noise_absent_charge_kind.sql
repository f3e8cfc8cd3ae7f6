-- Record noise: a kind of charge this admission has none of (e.g. no billed procedure)
SELECT k.charge_kind
FROM (VALUES ('diagnosis', 'diagnoses_icd'), ('procedure', 'procedures_icd'), ('lab test', 'labevents'),
             ('prescription', 'prescriptions')) AS k(charge_kind, event_type)
WHERE NOT EXISTS (SELECT 1 FROM mimiciv_derived.cost c WHERE c.hadm_id = {{hadm_id}} AND c.event_type = k.event_type)
