"""Construction step: contracts."""
