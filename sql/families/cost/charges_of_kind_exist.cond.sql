-- the admission has charges of that kind (diagnosis / procedure / lab test / prescription)
SELECT EXISTS (SELECT 1 FROM mimiciv_derived.cost c
               WHERE c.hadm_id = {{hadm_id}}
                 AND c.event_type = CASE {{charge_kind}} WHEN 'diagnosis' THEN 'diagnoses_icd' WHEN 'procedure' THEN 'procedures_icd'
                                                         WHEN 'lab test' THEN 'labevents' ELSE 'prescriptions' END) AS holds
