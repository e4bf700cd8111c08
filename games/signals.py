"""What the games app tells the rest of the site, without knowing who listens."""

from django.dispatch import Signal

# A person's turn began (their clock started): sent inside the move's transaction with
# `game`, `seat` (its user loaded) and `now`. The turn e-mails listen (reminders.services).
turn_began = Signal()

# A person's clock fell under a warning's threshold (`level` "24h" or "2h"): sent by the clock
# sweep (games.sweep) inside its claim's transaction with `game`, `seat`, `level` and `now`.
clock_low = Signal()
