"""What a seat may know of a Jamaica game (``seat=None``: a spectator).

Public: the track, the ships, every hold, the lair tokens, the dice, the powers (face up), how
many face-down treasures each ship has, how many cards each hand and pile holds, who has chosen a
card, the cards revealed so far this round, the fight under way and the decision owed.
Only one's own: the hand, the card one chose, one's face-down treasures.
Never: other hands, any draw pile's cards or order, the treasure deck, the 3 cards set aside,
undecided or unrevealed choices of others, the seed.
"""

from __future__ import annotations

from . import track, treasures
from .moves import COLOURS

# What a fight step shows: everything but the answers still being written.
_FIGHT_KEYS = (
    "att",
    "def",
    "stage",
    "att_cannons",
    "att_die",
    "def_cannons",
    "def_die",
    "saber_used",
    "strengths",
    "winner",
    "loser",
)


def player_view(game, seat: int | None) -> dict:
    own = seat is not None
    view = {
        "game": "jamaica",
        "seat": seat,
        "seats": game.seats,
        "colours": list(COLOURS[: game.seats]),
        "round": game.round,
        "captain": game.captain,
        "phase": game.phase,
        "dice": list(game.dice),
        "morning": game.morning,
        "evening": game.evening,
        "to_act": sorted(game.to_act()),
        "pending": _pending(game),
        "ships": [
            {
                "seat": s,
                "progress": game.progress[s],
                "square": track.square_of(game.progress[s]),
                "finished": game.progress[s] == track.FINISH,
            }
            for s in range(game.seats)
        ],
        "holds": [[list(h) for h in game.holds[s]] for s in range(game.seats)],
        "powers": powers(game),
        "face_down": face_down_counts(game),
        "hand_sizes": [len(h) for h in game.hands],
        "deck_sizes": [len(d) for d in game.decks],
        "discard_sizes": [len(d) for d in game.discards],
        "ready": sorted(game.chosen),
        "revealed": {str(s): c for s, c in sorted(game.revealed.items())},
        "lairs": sorted(game.lairs),
        "treasure_deck": len(game.treasure_deck),
        "fight": fight_view(game),
        "race_over": game.race_over,
        "hand": sorted(game.hands[seat]) if own else None,
        "my_card": game.chosen.get(seat) if own else None,
        "my_treasures": face_down_of(game, seat) if own else None,
    }
    if game.phase == "over":
        view["scores"] = {str(s): v for s, v in game.scores().items()}
        view["treasures"] = [sorted(t) for t in game.treasures]  # revealed at the end
    return view


def powers(game) -> list[list[str]]:
    """Each seat's face-up treasures (the powers), public."""
    return [[c for c in held if treasures.is_power(c)] for held in game.treasures]


def face_down_counts(game) -> list[int]:
    """How many face-down treasures each seat holds, public (their faces are not)."""
    return [sum(1 for c in held if not treasures.is_power(c)) for held in game.treasures]


def face_down_of(game, seat: int) -> list[str]:
    """The faces of ``seat``'s own face-down treasures: its view only."""
    return sorted(c for c in game.treasures[seat] if not treasures.is_power(c))


def _pending(game) -> dict | None:
    if game.pending is None:
        return None
    return {k: v for k, v in game.pending.items()}


def fight_view(game) -> dict | None:
    for step in game.queue[:1]:
        if step["do"] == "fight":
            return {k: step[k] for k in _FIGHT_KEYS if k in step}
    return None
