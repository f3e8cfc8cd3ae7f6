-- Drop-one reading of a twin that swaps the lab (noise_unmeasured_lab_by_frequency): without the lab the question
-- names the first-to-last change of every lab drawn at two or more times in the admission, so it finds the Clean
-- target only when one lab was. Declared: the generic drop-one kept the first and last result of any item
-- (a change between two different labs) and joined every result of the admission with every other (out of memory).
SELECT DISTINCT ROUND(CAST(lst.valuenum - fst.valuenum AS NUMERIC), 4) AS change, fst.valueuom
FROM mimiciv_hosp.admissions a
JOIN (SELECT l.hadm_id, l.itemid, MIN(l.charttime) AS first_time, MAX(l.charttime) AS last_time
      FROM mimiciv_hosp.labevents l
      WHERE l.valuenum IS NOT NULL
        AND l.hadm_id IN (SELECT a2.hadm_id FROM mimiciv_hosp.admissions a2 WHERE a2.subject_id = {{subject_id}})
      GROUP BY l.hadm_id, l.itemid
      HAVING COUNT(DISTINCT l.charttime) >= 2) span ON span.hadm_id = a.hadm_id
JOIN mimiciv_hosp.labevents fst
  ON fst.hadm_id = a.hadm_id AND fst.itemid = span.itemid AND fst.charttime = span.first_time
JOIN mimiciv_hosp.labevents lst
  ON lst.hadm_id = a.hadm_id AND lst.itemid = span.itemid AND lst.charttime = span.last_time
WHERE a.subject_id = {{subject_id}} AND CAST(a.admittime AS DATE) = {{admit_date}}
  AND fst.valuenum IS NOT NULL AND lst.valuenum IS NOT NULL
ORDER BY change, fst.valueuom
LIMIT 3
