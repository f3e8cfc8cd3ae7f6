-- Derived table for the Cost intent, built the EHRSQL way (see pipeline/ehr/cost.py).
CREATE SCHEMA IF NOT EXISTS mimiciv_derived;

CREATE TABLE mimiciv_derived.cost
(
    row_id     INTEGER NOT NULL,
    subject_id INTEGER NOT NULL,
    hadm_id    INTEGER NOT NULL,
    event_type VARCHAR(20) NOT NULL,
    event_id   INTEGER NOT NULL,
    chargetime TIMESTAMP(0),
    cost       DOUBLE PRECISION NOT NULL
);
