SELECT EXISTS (SELECT 1 FROM mimiciv_hosp.omr o
               WHERE o.subject_id = {{subject_id}} AND o.result_name = {{result_name}}) AS holds
