-- dod never before the last discharge, at most one year after it, and equal to the date of an in-hospital death
SELECT COUNT(*) AS violations
FROM mimiciv_hosp.patients p
JOIN (
    SELECT subject_id, MAX(dischtime) AS last_disch, MAX(deathtime) AS deathtime
    FROM mimiciv_hosp.admissions GROUP BY subject_id
) a ON a.subject_id = p.subject_id
WHERE (p.dod IS NOT NULL AND p.dod < CAST(a.last_disch AS DATE))
   OR (p.dod IS NOT NULL AND p.dod > CAST(a.last_disch + INTERVAL '366 days' AS DATE))
   OR (a.deathtime IS NOT NULL AND (p.dod IS NULL OR p.dod <> CAST(a.deathtime AS DATE)))
