-- (admission, one recorded demographic/administrative attribute); ≤ 2 per admission, the attributes drawn evenly by
-- a hash of (admission, attribute). An order by the attribute name's length had drawn language for 19% of the
-- contracts, so at 100,000 patients "English" was 17.2% of the family's golds (> 15%). No value is the answer of more
-- than 1/16 of the candidates (a hash picks which): drawn evenly, the commonest values still came close to the
-- gate, "EMERGENCY ROOM" 16.5% of the golds at 100,000 patients and "EW EMER." 13.5% in the default split
-- The question names the admission by its start date only, so the date must select it among the patient's
-- admissions: another admission of the patient recorded another value of the attribute (so never gender, the
-- patient's) (without the date the question has several answers, so a twin's false date is not a
-- restatement a reader can correct)
WITH att AS (
  SELECT a.subject_id, a.hadm_id, a.admittime, v.attribute,
         CASE v.attribute WHEN 'insurance' THEN a.insurance WHEN 'marital status' THEN a.marital_status
          WHEN 'language' THEN a.language WHEN 'race' THEN a.race WHEN 'admission type' THEN a.admission_type
          WHEN 'admission location' THEN a.admission_location WHEN 'discharge location' THEN a.discharge_location
          ELSE pt.gender END AS val
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
), ok AS (
  SELECT p.subject_id, p.hadm_id, p.admittime, p.attribute, p.val
  FROM pick p WHERE p.rn <= 2
    AND EXISTS (SELECT 1 FROM att o WHERE o.subject_id = p.subject_id AND o.hadm_id <> p.hadm_id
                                      AND o.attribute = p.attribute AND o.val <> p.val)
), capped AS (
  SELECT ok.*, ROW_NUMBER() OVER (PARTITION BY ok.val ORDER BY MD5(CAST(ok.hadm_id AS VARCHAR) || ok.attribute),
                                                               ok.hadm_id, ok.attribute) AS rn_val,
         COUNT(*) OVER () AS n_all
  FROM ok
)
SELECT p.subject_id, p.hadm_id, CAST(p.admittime AS DATE) AS admit_date, p.attribute
FROM capped p
WHERE p.rn_val * 16 <= p.n_all
ORDER BY (p.hadm_id * 31 + LENGTH(p.attribute)) % 10007, p.hadm_id, p.attribute
LIMIT 20000
