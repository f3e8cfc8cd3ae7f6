-- Query noise (the paper's example): everything exists, but the administrations precede the threshold crossing:
-- another medication of this admission, clinically linked to the lab as in the binding, whose administrations all
-- precede the first result above the threshold (any medication of the admission had named melatonin or a nicotine
-- patch after a troponin, a pairing no Clean question makes: a wording tell). The lab and its threshold stay the Clean
-- twin's: a shifted threshold (the lab crossing only after the last dose) could never be one a Clean question states,
-- which all use the lab's upper reference limit, so match_clean rejected every such twin
SELECT e.medication AS drug
FROM mimiciv_hosp.emar e
WHERE e.hadm_id = {{hadm_id}} AND e.event_txt = 'Administered' AND e.medication <> {{drug}}
  AND EXISTS (SELECT 1 FROM (VALUES
    -- include: fragments/linked_lab_drug_pairs.sql
              WHERE v.itemid = {{itemid}} AND LOWER(e.medication) LIKE v.med_pattern)
GROUP BY e.medication
HAVING MAX(e.charttime) < (SELECT MIN(l.charttime) FROM mimiciv_hosp.labevents l
                           WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{itemid}} AND l.valuenum > {{threshold}})
