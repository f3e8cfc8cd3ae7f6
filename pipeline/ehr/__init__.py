"""The EHR substrate: MIMIC-IV schema, synthetic generator, backends, loaders and the bounded query layer."""
