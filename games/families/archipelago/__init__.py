"""Jackal Archipelago on the site: the presenter of its board (presenter.py), the drawing of its
variable island (board_svg.py, reusing Jackal's tile art where the tiles are the same) and its
words (words.py). `family.py` registers them as the site family "archipelago" (`games.families`).

Everything here is built from `state.view(seat)` only: a face-down tile is a back (mountain,
forest, beach) and nothing more, on a page, in a live update, or in the admin."""
