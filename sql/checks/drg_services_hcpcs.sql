-- drgcodes: HCFA rows have NULL severity/mortality, APR rows 1-4; services inside the admission with MIMIC codes;
-- hcpcsevents dated inside the admission
SELECT
    (SELECT COUNT(*) FROM mimiciv_hosp.drgcodes
       WHERE drg_type NOT IN ('HCFA', 'APR')
          OR (drg_type = 'HCFA' AND (drg_severity IS NOT NULL OR drg_mortality IS NOT NULL))
          OR (drg_type = 'APR' AND (drg_severity NOT BETWEEN 1 AND 4 OR drg_mortality NOT BETWEEN 1 AND 4
                                    OR drg_severity IS NULL OR drg_mortality IS NULL)))
  + (SELECT COUNT(*) FROM mimiciv_hosp.services s JOIN mimiciv_hosp.admissions a ON a.hadm_id = s.hadm_id
       WHERE s.transfertime < a.admittime OR s.transfertime > a.dischtime
          OR s.curr_service NOT IN ('CMED', 'CSURG', 'DENT', 'ENT', 'EYE', 'GU', 'GYN', 'MED', 'NB', 'NBB', 'NMED', 'NSURG',
                                    'OBS', 'ORTHO', 'OMED', 'PSURG', 'PSYCH', 'SURG', 'TRAUM', 'TSURG', 'VSURG'))
  + (SELECT COUNT(*) FROM mimiciv_hosp.hcpcsevents h JOIN mimiciv_hosp.admissions a ON a.hadm_id = h.hadm_id
       WHERE h.chartdate < CAST(a.admittime AS DATE) OR h.chartdate > CAST(a.dischtime AS DATE))
  AS violations
