-- the drug was prescribed in the admission: that drug string, or another prescription of the same drug in another
-- form or spelling (the same first word: "OxyCODONE Liquid" and "OxyCODONE (Immediate Release)"). The second half
-- never changes a Clean task; it keeps a Noise twin from naming a drug the admission had under another form, which a
-- careful reader could still answer (an audit of 2,000 pairs found 3 such twins with the exact string alone).
SELECT EXISTS (
  SELECT 1 FROM mimiciv_hosp.prescriptions p
  WHERE p.hadm_id = {{hadm_id}}
    AND (p.drug = {{drug}} OR LOWER(SPLIT_PART(p.drug, ' ', 1)) = LOWER(SPLIT_PART({{drug}}, ' ', 1)))
) AS holds
