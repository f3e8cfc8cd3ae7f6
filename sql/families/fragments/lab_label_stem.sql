-- The name a reader knows a lab test by: its label without a trailing parenthetical, trimmed and lower-cased
-- ("Lactate Dehydrogenase (LD)" in blood and "Lactate Dehydrogenase" in ascites are one test to a reader). Holes:
-- label (an expression: the item's label).
LOWER(TRIM(REGEXP_REPLACE(${label}, ' *[(][^)]*[)] *$', '')))
