"""Helpers shared by the rules tests: build a position, play moves, look at pieces."""

from rules.jackal import State, custom_position, narrate

RESERVE = "C11"


def pos(reserve: bool = True, **kw) -> State:
    """A hand-made position (see rules.jackal.setup.custom_position).

    Unless ``reserve=False``, a face-down one-coin chest lies at C11, far from the action, so
    that the game is not over at once (ruling 20: it ends when no coin is left on the island).
    """
    if reserve:
        kw["tiles"] = {RESERVE: "?gold:1", **kw.get("tiles", {})}
    return custom_position(**kw)


def se(**kw) -> State:
    """A hand-made second-edition position (``pos``)."""
    return pos(ruleset="second-edition", **kw)


def chars(s: State) -> dict:
    """The second edition's characters: who commands each and where it stands."""
    return s.to_json()["characters"]


def legal(s: State) -> list[str]:
    return sorted(str(m) for m in s.legal_moves())


def play(s: State, *moves: str) -> list[str]:
    """Apply the moves; return the narrated log lines."""
    lines = []
    for m in moves:
        lines += narrate(s.apply(m))
    return lines


def at(s: State, pid: str):
    """Where a pirate is: 'F7', 'F7.2' on a spinner step, or None if dead."""
    info = s.to_json()["pirates"][pid]
    if info is None:
        return None
    return info["cell"] + (f".{info['step']}" if info["step"] else "")


def pirate(s: State, pid: str) -> dict:
    return s.to_json()["pirates"][pid]


def coins(s: State) -> dict:
    return s.to_json()["coins"]


def tile_up(s: State, square: str) -> bool:
    return square in s.to_json()["face_up"]


def pass_round(s: State, crew: str = "white") -> None:
    """Sail ships one berth (first legal ship move) until it is the given crew's turn again. When
    that crew is to act now, its own turn is spent on its ship too."""
    while True:
        play(s, [m for m in legal(s) if m[1] == "S"][0])
        if s.crew_to_act() == crew:
            return
