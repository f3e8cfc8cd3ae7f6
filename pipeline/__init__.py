"""EHR-RobustGym: Clean–Noise benchmark construction and an evaluation gym over a MIMIC-IV EHR."""

__version__ = "0.1.0"
