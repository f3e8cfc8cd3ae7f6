-- anchor_age 18-89 or 91 (ages > 89 shown as 91), anchor_year in the 2100s, anchor_year_group and gender from MIMIC's value sets
SELECT COUNT(*) AS violations
FROM mimiciv_hosp.patients
WHERE anchor_age IS NULL OR anchor_age < 18 OR anchor_age > 91 OR anchor_age = 90
   OR anchor_year < 2100 OR anchor_year > 2299
   OR anchor_year_group NOT IN ('2008 - 2010', '2011 - 2013', '2014 - 2016', '2017 - 2019', '2020 - 2022')
   OR gender NOT IN ('F', 'M')
