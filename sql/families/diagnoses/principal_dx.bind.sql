-- (admission with one principal diagnosis, another diagnosis coded in it); ≤ 2 per admission
-- The question names the admission by its start date and the diagnosis by its title (and ICD version): the diagnosis
-- was coded in another admission of the patient too, with another principal diagnosis, so without the date the
-- question has several answers; a title is one code's (5 ICD-9 titles name two codes); and a third admission lacks the
-- diagnosis, so the record twin (that admission, by its date) exists and the value twins do not take every pair.
-- Set-based (the correlated form took 368 s at 30,000 patients): per (patient, code) the principal diagnoses of the
-- admissions where it is secondary differ (MIN <> MAX of the principal), and the patient has more admissions than
-- admissions coded with it.
--   prin      admissions with exactly one principal diagnosis, and that diagnosis
--   g         secondary diagnoses of those admissions (first seq_num), with the patient (the diagnosis row's own,
--             so that each join below has the whole (patient, code) key on one side: joined by the code alone,
--             DuckDB's plan matched every patient's code with every other's, 26.6M rows at 30,000 patients and
--             over 23 GB of spill at 300,000)
--   gs        the same with the admission's principal diagnosis
--   spread    per (patient, code): the principal diagnoses of its admissions differ (→ another admission with the code
--             and another principal exists)
--   coded     per (patient, code): admissions coded with it at any position; n_adm: the patient's admissions
--   titles    one code per (version, title)
WITH prin AS (
  SELECT x.hadm_id, MIN(x.icd_code) AS p_code, MIN(x.icd_version) AS p_version
  FROM mimiciv_hosp.diagnoses_icd x WHERE x.seq_num = 1
  GROUP BY x.hadm_id HAVING COUNT(*) = 1
), g AS (
  SELECT x.hadm_id, x.subject_id, x.icd_code, x.icd_version, MIN(x.seq_num) AS seq_num
  FROM mimiciv_hosp.diagnoses_icd x JOIN prin ON prin.hadm_id = x.hadm_id
  WHERE x.seq_num > 1
  GROUP BY x.hadm_id, x.subject_id, x.icd_code, x.icd_version
), gs AS (
  SELECT g.*, prin.p_code, prin.p_version
  FROM g JOIN prin ON prin.hadm_id = g.hadm_id
), spread AS (
  SELECT gs.subject_id, gs.icd_code, gs.icd_version
  FROM gs
  GROUP BY gs.subject_id, gs.icd_code, gs.icd_version
  HAVING MIN(gs.p_code) <> MAX(gs.p_code) OR MIN(gs.p_version) <> MAX(gs.p_version)
), coded AS (
  SELECT a.subject_id, y.icd_code, y.icd_version, COUNT(DISTINCT a.hadm_id) AS n_coded
  FROM mimiciv_hosp.diagnoses_icd y JOIN mimiciv_hosp.admissions a ON a.hadm_id = y.hadm_id
  GROUP BY a.subject_id, y.icd_code, y.icd_version
), n_adm AS (
  SELECT n.subject_id, COUNT(*) AS n FROM mimiciv_hosp.admissions n GROUP BY n.subject_id
), titles AS (
  SELECT u.icd_version, u.long_title FROM mimiciv_hosp.d_icd_diagnoses u
  GROUP BY u.icd_version, u.long_title HAVING COUNT(*) = 1
), pick AS (
  SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.hadm_id ORDER BY (g.seq_num * 7919 + g.hadm_id) % 1163, g.seq_num) AS rn
  FROM g
)
SELECT a.subject_id, a.hadm_id, CAST(a.admittime AS DATE) AS admit_date, TRIM(p.icd_code) AS icd_code, p.icd_version,
       t.long_title AS icd_title
FROM pick p
JOIN mimiciv_hosp.admissions a ON a.hadm_id = p.hadm_id
JOIN mimiciv_hosp.d_icd_diagnoses t ON t.icd_code = p.icd_code AND t.icd_version = p.icd_version
JOIN titles ON titles.icd_version = p.icd_version AND titles.long_title = t.long_title
JOIN spread s ON s.subject_id = p.subject_id AND s.icd_code = p.icd_code AND s.icd_version = p.icd_version
JOIN coded c ON c.subject_id = p.subject_id AND c.icd_code = p.icd_code AND c.icd_version = p.icd_version
JOIN n_adm na ON na.subject_id = p.subject_id
WHERE p.rn <= 2 AND c.n_coded < na.n
ORDER BY (a.hadm_id * 31 + p.seq_num) % 10007, a.hadm_id, p.seq_num
LIMIT 20000
