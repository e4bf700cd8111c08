"""The combat die, as data (ruling J5).

The rulebook names one face, the star (an immediate win, whatever the cannons). Public accounts
of the published die show even numbers; the project's die has six faces: 0, 2, 4, 6, 8 and the star.
"""

from __future__ import annotations

STAR = "star"
FACES: tuple[int | str, ...] = (0, 2, 4, 6, 8, STAR)
LADY_BETH_BONUS = 2
