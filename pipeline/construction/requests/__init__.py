"""Construction step: requests."""
