-- Record noise: the lab of the Clean cell that lent this cell's diagnosis for a swap in a second matching among the
-- Clean cells (salt s) (the binding's twin_stratum: fragments/cross_twins.sql): a numeric lab that no admission coded
-- with the diagnosis has a result of
SELECT d.itemid,
-- include: fragments/lab_label.sql alias=d
FROM mimiciv_hosp.d_labitems d
WHERE CAST(d.itemid AS VARCHAR) = {{twin_stratum}}
