-- Record noise: a real lab of the same fluid and category (reported with numbers elsewhere in the EHR,
-- named unambiguously by label, fluid and category) that was never measured in this admission
SELECT d.itemid,
-- include: fragments/lab_label.sql alias=d
FROM mimiciv_hosp.d_labitems d
JOIN mimiciv_hosp.d_labitems d0 ON d0.itemid = {{itemid}} AND d0.category = d.category AND d0.fluid = d.fluid
WHERE d.itemid <> {{itemid}}
-- include: fragments/lab_named_once.sql kw=AND alias=d
  AND EXISTS (SELECT 1 FROM mimiciv_hosp.labevents e WHERE e.itemid = d.itemid AND e.valuenum IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l WHERE l.hadm_id = {{hadm_id}} AND l.itemid = d.itemid)
