-- Value noise: the unit of the cell that lent this cell's diagnosis for a swap (a second matching among the Clean
-- cells, salt s: this cell lends its unit in the first) (the binding's twin_stratum: fragments/cross_twins.sql): a unit
-- where ICU stays exist, but none of an admission coded with the diagnosis
SELECT {{twin_stratum}} AS careunit
WHERE {{twin_stratum}} <> ''
