"""Construction step: rewriting."""
