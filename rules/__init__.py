"""Game rules for Jackal Online: pure Python, standard library only (never Django)."""
