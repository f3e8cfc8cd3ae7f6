-- deathtime within the admission, set exactly when hospital_expire_flag = 1, and discharge_location 'DIED'
SELECT COUNT(*) AS violations
FROM mimiciv_hosp.admissions
WHERE (deathtime IS NOT NULL) <> (hospital_expire_flag = 1)
   OR deathtime < admittime OR deathtime > dischtime
   OR (hospital_expire_flag = 1 AND discharge_location IS DISTINCT FROM 'DIED')
   OR (hospital_expire_flag = 0 AND discharge_location = 'DIED')
