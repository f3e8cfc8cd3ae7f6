-- Reading: "received the input in the first N hours of the ICU stay" holds for any record of it in that window —
-- an ICU input of any item whose name starts like it ("Fentanyl" / "Fentanyl (Concentrate)"), or an eMAR event
-- meaning given under such a name — in the stay in the stated unit (the unit it started in, or one it passed
-- through), so a Noise twin ships only when none exists
WITH stay AS (
  SELECT s.stay_id, s.hadm_id, s.intime
  FROM mimiciv_icu.icustays s
  WHERE s.stay_id = {{stay_id}} AND s.hadm_id = {{hadm_id}} AND s.subject_id = {{subject_id}}
    AND (s.first_careunit = {{careunit}}
         OR EXISTS (SELECT 1 FROM mimiciv_hosp.transfers tr
                    WHERE tr.hadm_id = s.hadm_id AND tr.careunit = {{careunit}} AND tr.intime >= s.intime
                        AND tr.intime < s.outtime))
)
SELECT g.t
FROM (
  SELECT i.starttime AS t
  FROM mimiciv_icu.inputevents i
  JOIN stay ON stay.stay_id = i.stay_id
  JOIN mimiciv_icu.d_items d ON d.itemid = i.itemid
  WHERE LOWER(SUBSTRING(d.label, 1, 5)) = LOWER(SUBSTRING({{input_label}}, 1, 5))
    AND i.starttime >= stay.intime AND EXTRACT(EPOCH FROM (i.starttime - stay.intime)) <= {{hours}} * 3600
  UNION ALL
  SELECT e.charttime AS t
  FROM mimiciv_hosp.emar e
  JOIN stay ON stay.hadm_id = e.hadm_id
  WHERE e.event_txt IN ('Administered', 'Delayed Administered', 'Started', 'Confirmed', 'Flushed')
    AND LOWER(SUBSTRING(e.medication, 1, 5)) = LOWER(SUBSTRING({{input_label}}, 1, 5))
    AND e.charttime >= stay.intime AND EXTRACT(EPOCH FROM (e.charttime - stay.intime)) <= {{hours}} * 3600
) g
