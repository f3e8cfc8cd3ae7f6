-- intent: cost; level: population
SELECT DISTINCT c.cost FROM mimiciv_derived.cost c JOIN mimiciv_hosp.labevents l ON c.event_type = 'labevents' AND c.event_id = l.labevent_id
WHERE l.itemid = 50971;
