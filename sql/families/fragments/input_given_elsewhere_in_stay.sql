-- Whether the hospital record orders or charts ICU input ${item}'s drug during ICU stay ${stay} outside the ICU
-- inputs: a prescription of the admission running during the stay, or an eMAR administration charted in it, whose
-- drug name holds the item's drug word (fragments/input_drug_word.sql). A Record twin naming an
-- input the stay's inputevents lack is answerable when the drug was given anyway and charted there (review 7d,
-- 3a42c0ca3de6c472: "D5W" against an Iso-Osmotic Dextrose bag prescribed in the stay). A predicate; used as
-- `AND NOT <this>` by the infusion-swap Record candidates. Holes: item, stay (expressions).
EXISTS (
  SELECT 1
  FROM (SELECT
        -- include: fragments/input_drug_word.sql label=di.label
          AS word
        FROM mimiciv_icu.d_items di WHERE di.itemid = ${item}) dn
  JOIN mimiciv_icu.icustays si ON si.stay_id = ${stay}
  WHERE LENGTH(dn.word) >= 3
    AND (EXISTS (SELECT 1 FROM mimiciv_hosp.prescriptions pr
                 WHERE pr.hadm_id = si.hadm_id AND pr.starttime <= si.outtime
                   AND COALESCE(pr.stoptime, pr.starttime) >= si.intime
                   AND LOWER(pr.drug) LIKE '%' || dn.word || '%')
         OR EXISTS (SELECT 1 FROM mimiciv_hosp.emar em
                    WHERE em.hadm_id = si.hadm_id AND em.charttime BETWEEN si.intime AND si.outtime
                      AND LOWER(em.medication) LIKE '%' || dn.word || '%'))
)
