-- Value noise: the admission location of the cell that lent this cell's diagnosis for a swap (a second matching among
-- the Clean cells, salt s: this cell lends its admission location in the first) (the binding's twin_stratum:
-- fragments/cross_twins.sql): no admission coded with the diagnosis came from that location
SELECT {{twin_stratum}} AS admission_location
WHERE {{twin_stratum}} <> ''
