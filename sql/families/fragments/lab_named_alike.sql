-- The lab items a reader takes for item ${itemid}, as a parenthesised list of itemids: the item and every item whose
-- label, without a trailing parenthetical and case, is the same ("Lactate Dehydrogenase (LD)" in blood and "Lactate
-- Dehydrogenase" in ascites). A question that names the test by name or synonym does not say the fluid, so a result
-- of either answers it. Holes: itemid (an expression: the item's id).
(SELECT na.itemid FROM mimiciv_hosp.d_labitems na JOIN mimiciv_hosp.d_labitems nb ON nb.itemid = ${itemid}
 WHERE na.itemid = nb.itemid
    OR LOWER(TRIM(REGEXP_REPLACE(na.label, ' *[(][^)]*[)] *$', ''))) = LOWER(TRIM(REGEXP_REPLACE(nb.label, ' *[(][^)]*[)] *$', ''))))
