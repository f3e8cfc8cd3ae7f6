-- Fragment: the (diagnosis group, stratum value) pairs no Noise twin may name as an empty cohort, rows of a VALUES
-- list (dx_group, stratum_value): an acute, unplanned condition under a planned admission type ("elective
-- septicemia", "same-day-surgery ischemic stroke"). Such a stratum is empty for a clinical reason, so a reader knows
-- the twin is Noise from medicine alone, not from the record (a tell; issue 21). Included by the empty-stratum
-- candidates (fragments/empty_stratum_pick.sql).
      ('septicemia', 'ELECTIVE'), ('septicemia', 'SURGICAL SAME DAY ADMISSION'), ('ischemic stroke', 'ELECTIVE'),
      ('ischemic stroke', 'SURGICAL SAME DAY ADMISSION'), ('myocardial infarction', 'ELECTIVE'),
      ('myocardial infarction', 'SURGICAL SAME DAY ADMISSION'), ('gastrointestinal hemorrhage', 'ELECTIVE'),
      ('gastrointestinal hemorrhage', 'SURGICAL SAME DAY ADMISSION'), ('acute kidney injury', 'ELECTIVE'),
      ('acute kidney injury', 'SURGICAL SAME DAY ADMISSION'), ('pneumonia', 'ELECTIVE'),
      ('pneumonia', 'SURGICAL SAME DAY ADMISSION'), ('hyperkalemia', 'ELECTIVE'),
      ('hyperkalemia', 'SURGICAL SAME DAY ADMISSION'), ('hyponatremia', 'ELECTIVE'),
      ('hyponatremia', 'SURGICAL SAME DAY ADMISSION'), ('urinary tract infection', 'ELECTIVE'),
      ('urinary tract infection', 'SURGICAL SAME DAY ADMISSION')
