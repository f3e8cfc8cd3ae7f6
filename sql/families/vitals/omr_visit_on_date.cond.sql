-- the patient has outpatient (OMR) measurements on the stated date
SELECT EXISTS (SELECT 1 FROM mimiciv_hosp.omr o
               WHERE o.subject_id = {{subject_id}} AND o.chartdate = {{chart_date}}) AS holds
