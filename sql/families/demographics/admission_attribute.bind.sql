-- (admission, one recorded demographic/administrative attribute); ≤ 2 per admission, the attributes drawn evenly by
-- a hash of (admission, attribute). An order by the attribute name's length had drawn language for 19% of the
-- contracts, so at 100,000 patients "English" was 17.2% of the family's golds (> 15%)
WITH att AS (
  SELECT a.subject_id, a.hadm_id, a.admittime, v.attribute
  FROM mimiciv_hosp.admissions a
  JOIN mimiciv_hosp.patients pt ON pt.subject_id = a.subject_id
  CROSS JOIN (VALUES ('insurance'), ('marital status'), ('language'), ('race'), ('admission type'),
                     ('admission location'), ('discharge location'), ('gender')) AS v(attribute)
  WHERE CASE v.attribute WHEN 'insurance' THEN a.insurance WHEN 'marital status' THEN a.marital_status
          WHEN 'language' THEN a.language WHEN 'race' THEN a.race WHEN 'admission type' THEN a.admission_type
          WHEN 'admission location' THEN a.admission_location WHEN 'discharge location' THEN a.discharge_location
          ELSE pt.gender END IS NOT NULL
), pick AS (
  SELECT att.*, ROW_NUMBER() OVER (PARTITION BY att.hadm_id ORDER BY MD5(CAST(att.hadm_id AS VARCHAR) || att.attribute),
      att.attribute) AS rn
  FROM att
)
SELECT p.subject_id, p.hadm_id, CAST(p.admittime AS DATE) AS admit_date, p.attribute
FROM pick p WHERE p.rn <= 2
ORDER BY (p.hadm_id * 31 + LENGTH(p.attribute)) % 10007, p.hadm_id, p.attribute
LIMIT 20000
