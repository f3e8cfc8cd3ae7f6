-- Value noise: the insurance of the cell that lent this cell's diagnosis for a swap (a second matching, salt b: this
-- cell lends its insurance in the first) (the binding's twin_stratum: fragments/cross_twins.sql): no admission coded
-- with the diagnosis has that insurance
SELECT {{twin_stratum}} AS insurance
WHERE {{twin_stratum}} <> ''
