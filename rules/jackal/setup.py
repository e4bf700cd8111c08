"""Hand-made positions, for tests, tutorials and puzzles.

A hand-made position is written as a position JSON document (serialise.py) and loaded like a
stored game, so it passes the same checks and needs nothing private of ``State``.

>>> s = custom_position(tiles={"F3": "ice", "G4": "?crocodile"}, pirates={"W1": "E2"})
>>> s.apply("W1 E2-F3")[1].text
'White 1 slides on to G4'
"""

from __future__ import annotations

from .errors import SetupError
from .geometry import CELL_BY_NAME, LAND, LAND_CELLS, NAMES, SHIP_START
from .moves import CHARACTERS, CREWS, piece_index, piece_name
from .outcome import seating
from .position import (
    POSITION_FORMAT,
    POSITION_VERSION,
    coin_key_name,
    coin_key_parse,
    crew_index,
    land_cell,
    pirate_index,
)
from .state import State
from .tiles import CAVE, GALLEON, GOLD, format_tile, parse_tile


def custom_position(
    players: int = 2,
    teams: bool = False,
    tiles: dict[str, str] | None = None,
    pirates: dict[str, str | None] | None = None,
    ships: dict[str, str] | None = None,
    coins: dict[str, int] | None = None,
    turn: str = "white",
    scores: dict[str, int] | None = None,
    trapped: tuple[str, ...] = (),
    drunk: tuple[str, ...] = (),
    plane_used: bool = False,
    default: str = "empty",
    seed: str = "custom",
    ruleset: str = "classic",
    bottles: dict[str, int] | None = None,
    characters: dict[str, tuple[str, str]] | None = None,
    chest: str | None = None,
    lost: tuple[str, ...] = (),
    converted: bool = False,
) -> State:
    """A position built by hand.

    - ``tiles``: square -> tile text (tiles.py); a leading ``?`` leaves it face down. Every other
      land square gets ``default``, face up (``?empty`` for face-down filler).
    - ``pirates``: id -> square (``F7``, ``F7.2`` for spinner step 2, the ship's square for aboard)
      or None for dead. Pirates not named stay aboard their ship.
    - ``ships``: crew -> berth; default the middle of the side.
    - ``coins``: square (``F7`` or ``F7.2``) -> coins lying there.
    - ``turn``: the crew to act. The coin total is whatever the position holds.

    Second edition (``ruleset="second-edition"``): ``bottles`` crew -> count; ``characters``
    ``BG``/``MI``/``FR`` -> (crew, square); ``chest``: the square where the galleon's chest lies;
    ``lost``: pirates lost in a cave; ``converted``: the Missionary has become a pirate. Face-up
    cave tiles join the cave network in the order ``tiles`` names them.
    """
    order, _owner = seating(players, bool(teams))
    filler = parse_tile(default.lstrip("?"))
    board = {cell: (filler, not default.startswith("?")) for cell in LAND_CELLS}
    named_cells = []
    for name, spec in (tiles or {}).items():
        cell = land_cell(name)
        board[cell] = (parse_tile(spec.lstrip("?")), not spec.startswith("?"))
        named_cells.append(cell)
    hidden_coins = sum(
        arg if kind == GOLD else 3 if kind == GALLEON else 0
        for (kind, arg), up in board.values()
        if not up
    )

    berths = {c: SHIP_START[c] for c in order}
    for crew, berth in (ships or {}).items():
        c = crew_index(crew)
        cell = CELL_BY_NAME.get(berth.upper(), -1)
        if c not in order:
            raise SetupError(f"no {crew} crew in a {players}-player game")
        if cell < 0 or LAND[cell]:
            raise SetupError(f"{berth} is not a berth")
        berths[c] = cell
    spots = {p: NAMES[berths[c]] for c in order for p in range(3 * c, 3 * c + 3)}
    for name, where in (pirates or {}).items():
        p = pirate_index(name)
        if p // 3 not in order:
            raise SetupError(f"no {CREWS[p // 3]} crew in a {players}-player game")
        if where is not None and where.partition(".")[0].upper() not in CELL_BY_NAME:
            raise SetupError(f"{where} is not a square")
        spots[p] = where
    held = {piece_index(name): 1 for name in trapped}
    held.update({piece_index(name): 2 for name in lost})
    drunk_pieces = {piece_index(name) for name in drunk}

    def spot_info(piece: int, where: str) -> dict:
        cell, _, step = where.partition(".")
        return {
            "cell": cell.upper(),
            "step": int(step) if step else 0,
            "trapped": held.get(piece) == 1,
            "lost": held.get(piece) == 2,
            "drunk": 1 if piece in drunk_pieces else 0,
        }

    lying: dict[str, int] = {}
    for name, n in (coins or {}).items():
        if n:
            key = coin_key_name(coin_key_parse(name))
            lying[key] = lying.get(key, 0) + n
    crew_scores = {CREWS[c]: 0 for c in order}
    for crew, n in (scores or {}).items():
        crew_scores[CREWS[crew_index(crew)]] = n
    se = ruleset == "second-edition"
    chest_key = coin_key_name(coin_key_parse(chest)) if se and chest else None
    doc = {
        "format": POSITION_FORMAT,
        "version": POSITION_VERSION,
        "ruleset": ruleset,
        "players": players,
        "teams": teams,
        "seed": seed,
        "tiles": {NAMES[cell]: format_tile(*tile) for cell, (tile, _up) in board.items()},
        "face_up": [NAMES[cell] for cell, (_tile, up) in board.items() if up],
        "plane_used": plane_used,
        "coins": lying,
        "pirates": {
            piece_name(p): None if where is None else spot_info(p, where)
            for p, where in spots.items()
        },
        "ships": {CREWS[c]: NAMES[berths[c]] for c in order},
        "scores": crew_scores,
        "sunk": 0,
        "eaten": 0,
        "total_coins": hidden_coins
        + sum(lying.values())
        + sum(crew_scores.values())
        + (3 if chest_key else 0),
        "turn": turn,
        "ply": 0,
        "quiet_turns": 0,
        "over": False,
        "reason": None,
        "pending": None,
        "chain": None,
    }
    if se:
        found = {
            piece_index(name): (crew, where) for name, (crew, where) in (characters or {}).items()
        }
        doc["chest"] = chest_key
        doc["bottles"] = {CREWS[c]: 0 for c in order} | {
            CREWS[crew_index(crew)]: n for crew, n in (bottles or {}).items()
        }
        doc["characters"] = {}
        for name in CHARACTERS:
            q = piece_index(name)
            doc["characters"][name] = (
                {"crew": found[q][0], "gone": False, **spot_info(q, found[q][1])}
                if q in found
                else None
            )
        if doc["characters"]["MI"] is not None:
            doc["characters"]["MI"]["converted"] = converted
        doc["smoke"] = {"turns": 0, "new": False}
        doc["after"] = None
        doc["caves"] = [
            NAMES[cell] for cell in named_cells if board[cell][0][0] == CAVE and board[cell][1]
        ]
        doc["peeks"] = {}
    return State.from_json(doc)
