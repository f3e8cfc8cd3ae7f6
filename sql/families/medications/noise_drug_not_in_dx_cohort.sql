-- Record noise: the drug of the Clean cell that lent this cell's diagnosis for a swap in a second matching among the
-- Clean cells (salt s) (the binding's twin_stratum: fragments/cross_twins.sql): no admission coded with the diagnosis
-- has a prescription of the drug
SELECT {{twin_stratum}} AS drug
WHERE {{twin_stratum}} <> ''
