-- The ED-window reading of "during the admission": a lab row counts when it is filed under the admission or, unfiled
-- (hadm_id NULL), is the patient's draw in the emergency-department visit that led to the admission: charttime in
-- [edregtime, admittime). A conjunct starting with AND, after the row is joined to the patient (subject_id); an
-- admission without an ED visit (edregtime NULL) keeps its filed rows only.
-- Holes: lab (the labevents alias), adm (an alias carrying the admission's hadm_id, edregtime and admittime).
-- Included by the lab readings named ed_window (reading_*_ed_window.sql).
  AND (${lab}.hadm_id = ${adm}.hadm_id
       OR (${lab}.hadm_id IS NULL AND ${lab}.charttime >= ${adm}.edregtime AND ${lab}.charttime < ${adm}.admittime))
