"""The gym: environment, sandboxed tools, verifier, agents, evaluation and trajectories (DESIGN §5)."""
