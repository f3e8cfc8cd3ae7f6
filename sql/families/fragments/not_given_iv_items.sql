-- The ICU input items that are not a medication or fluid given as an infusion or bolus: oral intake, free water
-- flushes and the unnamed carrier "Solution" (issue 21: 50 of 300 "infusions" were these); a whole query returning
-- itemid, used as `AND <item> NOT IN (<this>)` by the ICU-input bindings and the Record twins' swapped inputs.
-- Included by medications/infusion.bind.sql, medications/noise_infusion_not_in_stay.sql,
-- medications/noise_input_not_in_stay.sql, fragments/icu_input_bindings.sql, vitals/map_after_rate_set.bind.sql,
-- vitals/temperature_after_dose_on_day.bind.sql, labs/lab_after_infusion.bind.sql and the *_of_unit Record candidates.
SELECT ng.itemid FROM mimiciv_icu.d_items ng WHERE ng.label IN ('PO Intake', 'Free Water', 'Solution')
