"""The admin: what staff see and do in Django's admin, and the guard every admin page gets.

- guard.py: the site's admin (GuardedAdminSite). Every ModelAdmin registered on it, this
  project's or a library's, is guarded: no list filters, sorts or searches by a secret field,
  private games are listed only to those who may watch them, actions run on well-formed keys.
- game.py: games with their seats, clocks and a page of the ledger; the moves, read-only.
- chat.py: players' messages, which staff may remove.
- series.py: Archipelago's series, read-only.

Nothing imports this room but games.apps (a contract in .importlinter says so): it is the last
stop of a staff member's request, as the views are of a player's. Its pages register from
GamesConfig.ready() rather than from this file, because settings.INSTALLED_APPS names
guard.AdminConfig: Django imports this package before any model is loaded, and a page imports
the models.
"""
