"""Pieces shared by construction and the gym (vocabulary, answer encoding, hashing, markdown tables). This package
sits below both and imports neither (tests/test_layers.py enforces it)."""
