"""Presenters: every template context the site shows of a game, built for one viewer, for
pages, htmx partials and live frames alike. Views (games.views) and the live updates
(games.live.consumers, games.live.boards) call them; they call the services and the families, never
a view.

- `board`: the board of a game as a seat (or a spectator) sees it, by the game's family.
- `seat_actions`: which of resign, claim and take back the viewer may use now.
- `chat`: a game's message thread as the panel beside the board shows it.
- `after_game`: the rematch offer, the next game of a series, the replay and record links.
- `tables`: a waiting table's seats; an invitation's page.
- `replay`: the replay viewer, of a game of this site or of an imported record.
- `archive`: the finished games with their filters and pages (the archive and profiles).
- `deal`: the provably fair deal's check (the verify page and `manage.py verify_deal`).
"""
