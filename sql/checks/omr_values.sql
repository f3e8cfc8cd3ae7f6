-- omr result names and value formats as MIMIC stores them ('120/80', numbers as text)
SELECT COUNT(*) AS violations
FROM mimiciv_hosp.omr
WHERE result_name NOT IN ('Blood Pressure', 'Weight (Lbs)', 'BMI (kg/m2)', 'Height (Inches)', 'Blood Pressure Sitting',
                          'Blood Pressure Lying', 'Blood Pressure Standing', 'BMI', 'Weight', 'Height', 'eGFR')
   OR (result_name = 'Blood Pressure' AND NOT result_value ~ '^[0-9]+/[0-9]+$')
   OR (result_name <> 'Blood Pressure' AND NOT result_value ~ '^[0-9]+(\.[0-9]+)?$')
