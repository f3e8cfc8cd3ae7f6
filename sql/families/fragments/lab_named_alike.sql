-- The lab items a reader takes for item ${itemid}, as a parenthesised list of itemids: the item and every item whose
-- name (fragments/lab_label_stem.sql) is the same ("Lactate Dehydrogenase (LD)" in blood and "Lactate
-- Dehydrogenase" in ascites). A question that names the test by name or synonym does not say the fluid, so a result
-- of either answers it. Holes: itemid (an expression: the item's id). With an outer query's column for the hole it
-- is a correlated IN, which PostgreSQL runs once per outer row: a query over many items joins the names instead.
(SELECT na.itemid FROM mimiciv_hosp.d_labitems na JOIN mimiciv_hosp.d_labitems nb ON nb.itemid = ${itemid}
 WHERE na.itemid = nb.itemid
    OR
-- include: fragments/lab_label_stem.sql label=na.label
     =
-- include: fragments/lab_label_stem.sql label=nb.label
)
