"""A plain-text board diagram for logs and tests: ``render_text(view_or_state)``.

Each square is a two-letter tile code followed by up to three characters naming who stands there
(codes in docs/notation.md). A State is drawn as a spectator sees it: nothing hidden is shown.
"""

from __future__ import annotations

from .geometry import COLUMNS, SIZE
from .state import State
from .view import View, player_view

_NUMPAD = {"N": "8", "NE": "9", "E": "6", "SE": "3", "S": "2", "SW": "1", "W": "4", "NW": "7"}
_PAIRS = {
    frozenset({"N", "S"}): "|",
    frozenset({"E", "W"}): "-",
    frozenset({"NE", "SW"}): "/",
    frozenset({"NW", "SE"}): "\\",
    frozenset({"N", "E", "S", "W"}): "+",
    frozenset({"NE", "SE", "SW", "NW"}): "x",
}
_OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
_CODES = {
    "empty": "..",
    "horse": "Hs",
    "ice": "Ic",
    "trap": "Tr",
    "crocodile": "Cr",
    "ogre": "Og",
    "fortress": "Ft",
    "native": "Nv",
    "balloon": "Bn",
    "rum": "Rm",
    "galleon": "Gl",
    "smoke": "Sm",
    "lighthouse": "Lh",
    "cave": "Cv",
    "earthquake": "Eq",
    "thicket": "Th",
    "caramba": "Ca",
    "bottles": "Bt",
    "ben-gunn": "bg",
    "missionary": "mi",
    "friday": "fr",
    "jungle": "J2",
    "desert": "D3",
    "swamp": "S4",
    "mountains": "M5",
}


def tile_code(cell: dict) -> str:
    """The two-character code of one view cell."""
    if cell["sea"]:
        return "~~"
    if cell["face_down"]:
        return "##"
    tile = cell["tile"]
    if tile == "arrow":
        dirs = cell["dirs"]
        if len(dirs) == 1:
            return "A" + _NUMPAD[dirs[0]]
        pair = _PAIRS.get(frozenset(dirs))
        if pair:
            return "A" + pair
        if len(dirs) == 3 and all(d in _OPPOSITE for d in dirs):
            missing = ({"N", "E", "S", "W"} - set(dirs)).pop()
            return "T" + _NUMPAD[_OPPOSITE[missing]]
        return "A*"
    if tile == "cannon":
        return "C" + _NUMPAD[cell["dirs"][0]]
    if tile == "gold":
        return "$" + str(cell["value"])
    if tile == "plane":
        return "pl" if cell["used"] else "Pl"
    return _CODES[tile]


def render_text(subject: View | State) -> str:
    view = player_view(subject, None) if isinstance(subject, State) else subject
    marks: dict[str, str] = {}
    for ship in view.ships:
        aboard = sum(1 for p in view.pirates if p["cell"] == ship["cell"])
        marks[ship["cell"]] = ship["id"] + (str(aboard) if aboard else " ")
    groups: dict[str, list[dict]] = {}
    for p in view.pirates:
        if p["alive"] and not p["aboard"]:
            groups.setdefault(p["cell"], []).append(p)
    for cell, ps in groups.items():
        crews = {p["crew"] for p in ps}
        if len(crews) == 1:
            marks[cell] = (ps[0]["id"][0] + "".join(p["id"][1] for p in ps))[:3].ljust(3)
        else:
            marks[cell] = f"*{len(ps)} "
    lines = ["     " + "".join(f"{c:<6}" for c in COLUMNS).rstrip()]
    for y in range(SIZE - 1, -1, -1):
        row = []
        for x in range(SIZE):
            cell = view.cells[y * SIZE + x]
            row.append(tile_code(cell) + marks.get(cell["coord"], "   ") + " ")
        lines.append(f"{y + 1:>3}  " + "".join(row).rstrip())
    coins = []
    for cell in view.cells:
        if cell.get("coins"):
            if "step_coins" in cell:
                per = ",".join(f"step {i + 1}:{n}" for i, n in enumerate(cell["step_coins"]) if n)
                coins.append(f"{cell['coord']} {cell['coins']} ({per})")
            else:
                coins.append(f"{cell['coord']} {cell['coins']}")
    lines.append(
        "Coins: "
        + (", ".join(coins) if coins else "none on face-up tiles")
        + f"; {view.coins['on_island']} left on the island"
    )
    states = []
    for p in view.pirates:
        if not p["alive"]:
            states.append(f"{p['id']} dead")
            continue
        words = [p["id"], p["cell"]]
        if p["aboard"]:
            words.append("aboard")
        if p["swimming"]:
            words.append("swimming")
        if p["step"]:
            words.append(f"step {p['step']}")
        for flag in ("trapped", "drunk", "carrying"):
            if p[flag]:
                words.append(flag)
        states.append(" ".join(words))
    lines.append("Pirates: " + ", ".join(states))
    lines.append("Scores: " + ", ".join(f"{c.capitalize()} {n}" for c, n in view.scores.items()))
    if view.over:
        lines.append(f"Game over ({view.outcome['reason']}) after ply {view.ply}")
    else:
        line = f"Ply {view.ply}: {view.crew_to_act.capitalize()} (seat {view.to_act}) to act"
        if view.pending:
            pend = view.pending
            line += (
                f"; {pend['pirate']} at {pend['cell']} must choose ({pend['kind']}): "
                + ", ".join(pend["options"])
                + (" or stay" if pend["can_stay"] else "")
            )
        lines.append(line)
    return "\n".join(lines) + "\n"
