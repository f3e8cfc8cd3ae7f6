"""Dagster skin over pipeline.construction: assets, blocking pandera checks, resources and the Parquet IO manager.
No `from __future__ import annotations` in these modules (Dagster resolves resource annotations at load)."""
