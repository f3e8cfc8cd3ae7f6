-- Record noise: another medication clinically linked to this lab (the paper's "calcium gluconate, which this
-- admission never received"), administered to other patients but never in this admission
WITH given AS (
  -- include: fragments/administered_medications.sql
)
SELECT e.medication AS drug
FROM given e
JOIN (VALUES
    -- include: fragments/linked_lab_drug_pairs.sql
  ON v.itemid = {{itemid}} AND LOWER(e.medication) LIKE v.med_pattern
WHERE e.medication <> {{drug}}
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.emar x WHERE x.hadm_id = {{hadm_id}} AND x.medication = e.medication)
