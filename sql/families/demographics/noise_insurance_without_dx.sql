-- Value noise: the insurance of the cell that lent this cell's diagnosis for a swap (a second matching, salt s: this
-- cell lends its insurance in the first; among the Clean cells but in demographics.pop_mean_age_by_dx_insurance) (the
-- binding's twin_stratum: fragments/cross_twins.sql): no admission coded with the diagnosis has that insurance
SELECT {{twin_stratum}} AS insurance
WHERE {{twin_stratum}} <> ''
