"""Construction step: splits."""
