-- Value noise: the admission type of the cell that lent this cell's procedure for a swap (a second matching among the
-- Clean cells, salt s: this cell lends its admission type in the first) (the binding's twin_stratum:
-- fragments/cross_twins.sql): no admission of that type had the procedure
SELECT {{twin_stratum}} AS admission_type
WHERE {{twin_stratum}} <> ''
