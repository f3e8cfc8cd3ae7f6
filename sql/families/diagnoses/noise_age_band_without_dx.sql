-- Value noise: the band of the cell that lent this cell's diagnosis for a swap (the binding's twin_stratum:
-- fragments/cross_twins.sql), a band with admissions where no admission of a patient that age was coded with the
-- diagnosis
SELECT CAST(NULLIF({{twin_stratum}}, '') AS INTEGER) AS age_lo,
       CAST(NULLIF({{twin_stratum}}, '') AS INTEGER) + 9 AS age_hi
WHERE {{twin_stratum}} <> ''
