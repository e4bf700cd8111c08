"""What the games app tells the rest of the site, without knowing who listens."""

from django.dispatch import Signal

# A person's turn began (their clock started): sent inside the move's transaction with
# `game`, `seat` (its user loaded) and `now`. The turn e-mails listen (reminders.services).
turn_began = Signal()

# Many turns began at once (the clock sweep's batch, games.clock.turns.turns_began_in_bulk): sent
# once inside its transaction with `began`, a list of (game, seat, now) as `turn_began` would have
# had them one by one. The turn e-mails listen (reminders.services), writing their rows at once.
turns_began = Signal()

# A person's clock fell under a warning's threshold (`level` "24h" or "2h"): sent by the clock
# sweep (games.clock.sweep) inside its claim's transaction with `game`, `seat`, `level` and `now`.
clock_low = Signal()

# Clocks that ran out spent a day of their players' vacation instead of a timeout
# (games.clock.auto_vacation): sent inside the sweep's transaction with `spent`, a list of
# (game, seat index, user, started) (`started`: a day was taken from the bank for it, not
# covered by a vacation already running) and `now`. The e-mails listen (reminders.services).
vacation_spent = Signal()

# A bot must act in `game_id` at `ply` (sent after the commit by games.live.notify). The bots' tasks
# listen (games.tasks.queue_bot_turn, connected in GamesConfig.ready): so the code that changes
# games never imports the tasks, which call back into it.
bot_turn_due = Signal()

# Bots must act in many games at once (a clock sweep's batch: bots standing in for the players
# who ran out of time): sent after the commit with `turns`, a list of (game_id, ply). The tasks
# answer with one task for them all (games.tasks.queue_bot_turns).
bot_turns_due = Signal()

# Games ended by the clock sweep's bulk writes (games.clock.sweep), which send no `post_save`: sent
# once per batch inside its transaction with `game_ids`. The ratings listen (ratings.signals).
games_ended = Signal()
