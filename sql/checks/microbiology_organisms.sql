-- organisms fit their specimen and class: MRSA screens grow only S. aureus, C. difficile only from stool, and
-- skin contaminants, yeasts, C. difficile and normal flora carry no susceptibility rows
SELECT COUNT(*) AS violations
FROM mimiciv_hosp.microbiologyevents m
WHERE (m.spec_type_desc = 'MRSA SCREEN' AND m.org_name IS NOT NULL AND m.org_name <> 'STAPH AUREUS COAG +')
   OR (m.org_name = 'CLOSTRIDIUM DIFFICILE' AND m.spec_type_desc <> 'STOOL')
   OR (m.ab_name IS NOT NULL AND m.org_name IN ('STAPHYLOCOCCUS, COAGULASE NEGATIVE', 'CORYNEBACTERIUM SPECIES (DIPHTHEROIDS)',
                                                'MICROCOCCUS/STOMATOCOCCUS SPECIES', 'PROPIONIBACTERIUM ACNES', 'YEAST',
                                                'CANDIDA ALBICANS, PRESUMPTIVE IDENTIFICATION', 'CANDIDA GLABRATA',
                                                'ASPERGILLUS FUMIGATUS', 'CLOSTRIDIUM DIFFICILE', 'OROPHARYNGEAL FLORA',
                                                'MIXED BACTERIAL FLORA'))
