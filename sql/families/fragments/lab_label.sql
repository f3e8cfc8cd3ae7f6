-- The display label of a lab item: its label when that names one item of d_labitems, else with its fluid
-- ("Glucose (urine)"), else with fluid and category; the `lab_label` slot of every lab family. Ends with
-- `AS lab_label`: an item of a SELECT list, the items after it start on the next line with a comma.
-- Holes: alias (the d_labitems row's alias in the including query).
       CASE WHEN ${alias}.label IN (SELECT q.label FROM mimiciv_hosp.d_labitems q GROUP BY q.label HAVING COUNT(*) = 1)
              THEN ${alias}.label
            WHEN ${alias}.label || '|' || ${alias}.fluid IN (SELECT q.label || '|' || q.fluid
                                                           FROM mimiciv_hosp.d_labitems q
                                                           GROUP BY q.label, q.fluid HAVING COUNT(*) = 1)
              THEN ${alias}.label || ' (' || LOWER(${alias}.fluid) || ')'
            ELSE ${alias}.label || ' (' || LOWER(${alias}.fluid) || ', ' || LOWER(${alias}.category) || ')'
       END AS lab_label
