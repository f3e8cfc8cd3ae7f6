"""The four construction steps (requests → contracts → noise → rewriting) and the splits, as plain functions over
plain data. Dagster assets in pipeline/assets are a thin skin over these; tests call them directly."""
