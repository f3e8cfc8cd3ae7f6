"""Benchmarks (`make bench`): speed and memory figures recorded in BENCHMARKS.md, never timed tests."""
