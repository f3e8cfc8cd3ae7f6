-- The bindings of a population-by-code family: per (code, value) row of CTE `cte` (icd_code, icd_version, value
-- column), at most `n` values per code picked by a seeded hash, with the code's title from `titles`. Ends the query.
-- Holes: cte, value (the value column and slot), mod (the hash modulus), titles (d_icd_diagnoses or
-- d_icd_procedures), n.
), pick AS (
  SELECT ${cte}.*, ROW_NUMBER() OVER (PARTITION BY ${cte}.icd_code, ${cte}.icd_version
                                 ORDER BY (LENGTH(${cte}.${value}) * 7919 + LENGTH(${cte}.icd_code)) % ${mod},
                                     ${cte}.${value}) AS rn
  FROM ${cte}
)
SELECT TRIM(p.icd_code) AS icd_code, p.icd_version, t.long_title AS icd_title, p.${value}
FROM pick p JOIN mimiciv_hosp.${titles} t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
WHERE p.rn <= ${n}
