"""Players that see only a player view (never the hidden tiles)."""
