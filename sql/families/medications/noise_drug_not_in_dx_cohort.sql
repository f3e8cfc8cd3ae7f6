-- Record noise: the drug of the cell that lent this cell's diagnosis for a swap (the binding's twin_stratum:
-- fragments/cross_twins.sql): no admission coded with the diagnosis has a prescription of the drug
SELECT {{twin_stratum}} AS drug
WHERE {{twin_stratum}} <> ''
