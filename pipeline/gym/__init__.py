"""The gym: environment, sandboxed tools, verifier, agents, evaluation and trajectories (see its README.md)."""
