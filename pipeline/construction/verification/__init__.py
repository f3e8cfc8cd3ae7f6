"""Construction step 2: verification of evidence contracts (bound requests) against the EHR."""
