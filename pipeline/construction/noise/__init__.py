"""Construction step: noise."""
