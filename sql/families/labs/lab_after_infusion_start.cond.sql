-- the lab (or one of the same name: fragments/lab_named_alike.sql) was charted in the admission after the
-- infusion's first start in the stay (vacuous when the infusion was never given in the stay or the lab never
-- measured in the admission)
SELECT NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents i WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}})
    OR NOT EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l WHERE l.hadm_id = {{hadm_id}} AND l.itemid = {{lab_itemid}} AND l.valuenum IS NOT NULL)
    OR EXISTS (SELECT 1 FROM mimiciv_hosp.labevents l
               WHERE l.hadm_id = {{hadm_id}} AND l.valuenum IS NOT NULL
                 AND l.charttime > (SELECT MIN(i.starttime) FROM mimiciv_icu.inputevents i
                                    WHERE i.stay_id = {{stay_id}} AND i.itemid = {{itemid}})
                 AND l.itemid IN
-- include: fragments/lab_named_alike.sql itemid={{lab_itemid}}
              ) AS holds
