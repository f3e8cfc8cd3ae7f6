-- (first care unit, ICU input with a single amount unit) given in ≥ 20 stays starting in that unit
-- (fragments/careunit_input_bindings.sql); the count is not a slot (the question names the cohort by its unit and
-- input only)
-- include: fragments/careunit_input_bindings.sql
)
SELECT c.careunit, c.itemid, c.input_label, c.unit
FROM clean c
