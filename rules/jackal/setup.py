"""Hand-made positions, for tests, tutorials and puzzles.

>>> s = custom_position(tiles={"F3": "ice", "G4": "?crocodile"}, pirates={"W1": "E2"})
>>> s.apply("W1 E2-F3")[1].text
'White 1 slides on to G4'
"""

from __future__ import annotations

from .geometry import CELL_BY_NAME, LAND, LAND_CELLS
from .moves import CREWS, piece_index
from .state import SetupError, State, _coin_key_parse, _crew_index, _land_cell, _pirate
from .tiles import CAVE, parse_tile


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
    s = State._blank(ruleset, players, teams, seed)
    default_down = default.startswith("?")
    dk, da = parse_tile(default.lstrip("?"))
    for cell in LAND_CELLS:
        s._kind[cell], s._arg[cell] = dk, da
        s._up[cell] = 0 if default_down else 1
    for name, spec in (tiles or {}).items():
        cell = _land_cell(name)
        s._kind[cell], s._arg[cell] = parse_tile(spec.lstrip("?"))
        s._up[cell] = 0 if spec.startswith("?") else 1
    s._plane_used = plane_used
    for crew, berth in (ships or {}).items():
        c = _crew_index(crew)
        cell = CELL_BY_NAME.get(berth.upper(), -1)
        if c not in s._order:
            raise SetupError(f"no {crew} crew in a {players}-player game")
        if cell < 0 or LAND[cell]:
            raise SetupError(f"{berth} is not a berth")
        for p in range(3 * c, 3 * c + 3):
            s._pc[p] = cell
        s._ship[c] = cell
    for name, where in (pirates or {}).items():
        p = _pirate(name)
        if p // 3 not in s._order:
            raise SetupError(f"no {CREWS[p // 3]} crew in a {players}-player game")
        if where is None:
            s._pc[p] = -1
            continue
        cell_name, _, step = where.partition(".")
        cell = CELL_BY_NAME.get(cell_name.upper())
        if cell is None:
            raise SetupError(f"{where} is not a square")
        s._pc[p] = cell
        s._ps[p] = int(step) if step else 0
    for name in trapped:
        s._trap[piece_index(name)] = 1
    for name in drunk:
        s._drunk[piece_index(name)] = 1
    s._coins = {}
    for name, n in (coins or {}).items():
        if n:
            key = _coin_key_parse(name)
            s._coins[key] = s._coins.get(key, 0) + n
    for crew, n in (scores or {}).items():
        s._score[_crew_index(crew)] = n
    if s._se:
        for crew, n in (bottles or {}).items():
            s._bottles[_crew_index(crew)] = n
        for name, (crew, where) in (characters or {}).items():
            q = piece_index(name)
            cell_name, _, step = where.partition(".")
            s._cstat[q - 12] = 1
            s._pcrew[q] = _crew_index(crew)
            s._pc[q] = CELL_BY_NAME[cell_name.upper()]
            s._ps[q] = int(step) if step else 0
        if chest:
            s._chest = _coin_key_parse(chest)
        for name in lost:
            s._trap[piece_index(name)] = 2
        s._converted = converted
        s._caves = [c for c in (_land_cell(n) for n in (tiles or {})) if s._kind[c] == CAVE]
        s._caves = [c for c in s._caves if s._up[c]]
    s._turn = s._order.index(_crew_index(turn))
    s._rebuild()
    s._total = s._island + sum(s._score)
    return s
