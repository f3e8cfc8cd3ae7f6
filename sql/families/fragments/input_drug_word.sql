-- The drug an ICU input item's label names, as one lower-case word: the label's first word before any digit or
-- sign ("Heparin Sodium (Prophylaxis)" and "Heparin Sodium" → heparin; "Furosemide (Lasix) 250/50" → furosemide),
-- with NaCl, KCl, LR and D5W spelled out as a prescription or eMAR writes them. An expression; holes: label.
CASE SPLIT_PART(LOWER(REGEXP_REPLACE(${label}, '[^A-Za-z ].*$', '')), ' ', 1)
  WHEN 'nacl' THEN 'sodium chloride' WHEN 'kcl' THEN 'potassium chloride' WHEN 'lr' THEN 'lactated ringer'
  WHEN 'd5w' THEN 'dextrose' ELSE SPLIT_PART(LOWER(REGEXP_REPLACE(${label}, '[^A-Za-z ].*$', '')), ' ', 1) END
