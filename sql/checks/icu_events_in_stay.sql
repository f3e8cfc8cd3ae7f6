-- input/ingredient/output/procedure/datetime events lie inside their stay, start <= end, drug pushes last one
-- minute (endtime = starttime + 1 min), and amounts use the item's unit from d_items
SELECT
    (SELECT COUNT(*) FROM mimiciv_icu.inputevents e JOIN mimiciv_icu.icustays i ON i.stay_id = e.stay_id
       JOIN mimiciv_icu.d_items d ON d.itemid = e.itemid
       WHERE e.starttime < i.intime OR e.endtime > i.outtime OR e.starttime >= e.endtime OR e.hadm_id <> i.hadm_id
          OR e.amountuom <> d.unitname
          OR (e.ordercategorydescription = 'Drug Push' AND e.endtime <> e.starttime + INTERVAL '1 minute'))
  + (SELECT COUNT(*) FROM mimiciv_icu.ingredientevents e JOIN mimiciv_icu.icustays i ON i.stay_id = e.stay_id
       WHERE e.starttime < i.intime OR e.endtime > i.outtime OR e.starttime >= e.endtime
          OR NOT EXISTS (SELECT 1 FROM mimiciv_icu.inputevents x WHERE x.orderid = e.orderid))
  + (SELECT COUNT(*) FROM mimiciv_icu.outputevents e JOIN mimiciv_icu.icustays i ON i.stay_id = e.stay_id
       WHERE e.charttime < i.intime OR e.charttime > i.outtime OR e.hadm_id <> i.hadm_id OR e.value < 0)
  + (SELECT COUNT(*) FROM mimiciv_icu.procedureevents e JOIN mimiciv_icu.icustays i ON i.stay_id = e.stay_id
       WHERE e.starttime < i.intime OR e.endtime > i.outtime OR e.starttime >= e.endtime OR e.hadm_id <> i.hadm_id)
  + (SELECT COUNT(*) FROM mimiciv_icu.datetimeevents e JOIN mimiciv_icu.icustays i ON i.stay_id = e.stay_id
       WHERE e.charttime < i.intime OR e.charttime > i.outtime OR e.hadm_id <> i.hadm_id OR e.value > e.charttime)
  AS violations
