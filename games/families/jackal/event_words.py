"""The move log in the reader's language: an engine event (its kind and data, as the ledger stores
it) said in words at display time.

The ledger keeps events as data (``Event.as_data()``: ``{"kind": "reveal", "piece": "W2", "cell":
"F7", "tile": "ice"}``), never sentences, so one ledger reads in every language. Rows written
before events were data hold the engine's English sentence: they are shown as they are.

Each kind has a predicate without its subject ("reveals ice at F7"); a line is subject and
predicate, and a reveal joins what the tile did next to the same piece ("… and slides on to G8").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from games.families.island import tile_art
from games.families.island.words import crew_name

from .words import capitalised, piece_label, ship_label

# A pirate's curse on the caramba tile, in the engine's order (rules.jackal.position.CURSES).
CURSES = (
    gettext_lazy("Barnacles and bilge water!"),
    gettext_lazy("May a gull steal yer biscuit!"),
    gettext_lazy("Thunder and tar!"),
    gettext_lazy("Rot me rigging!"),
    gettext_lazy("Ten thousand soggy sea boots!"),
    gettext_lazy("Blast this root to the bottom of the sea!"),
)
# Why forced movement killed a pirate (rules.jackal.events.DEATH_REASONS).
DEATHS = {
    "cycle": pgettext_lazy("event", "is caught in a cycle and dies"),
    "no-way-left": pgettext_lazy("event", "has no way left that was not taken already and dies"),
    "coin-face-down": pgettext_lazy(
        "event", "cannot carry a coin onto the face-down tile at %(cell)s and dies"
    ),
    "fortress-held": pgettext_lazy(
        "event", "cannot enter the fortress at %(cell)s, held by enemies, and dies"
    ),
    "coin-attack": pgettext_lazy(
        "event", "cannot attack at %(cell)s while carrying a coin, and dies"
    ),
    "coin-fortress": pgettext_lazy(
        "event", "cannot carry a coin into the fortress at %(cell)s and dies"
    ),
    "coin-thicket": pgettext_lazy(
        "event", "cannot carry a coin into the dense jungle at %(cell)s and dies"
    ),
    "missionary": pgettext_lazy(
        "event", "cannot enter %(cell)s, where the Missionary keeps enemies away, and dies"
    ),
    "harmless": pgettext_lazy("event", "cannot attack at %(cell)s and dies"),
    "enemies": pgettext_lazy("event", "cannot stand with the enemies at %(cell)s and dies"),
}
LEAVINGS = {
    "bottle": pgettext_lazy("event", "reads the message in the bottle and leaves the island"),
    "meets": pgettext_lazy("event", "meets the Missionary"),
    "together": pgettext_lazy("event", "leaves the island together with Friday"),
}
END_REASONS = {
    "all coins gone": pgettext_lazy("game end", "no coin is left on the island"),
    "agreement": pgettext_lazy("game end", "by agreement"),
    "stalemate": pgettext_lazy("game end", "no progress"),
    "timeout": pgettext_lazy("game end", "time ran out"),
    "resignation": pgettext_lazy("game end", "resignation"),
}


def _pieces(ids: Iterable[str]) -> str:
    return ", ".join(piece_label(piece) for piece in ids)


def _with_coin(text: str, data: dict) -> str:
    return text + " " + pgettext("event", "with a coin") if data.get("coin") else text


def _move(d: dict) -> str:
    return _with_coin(pgettext("event", "moves from %(origin)s to %(target)s") % d, d)


def _fly(d: dict) -> str:
    if d.get("ice"):
        return pgettext("event", "slides into another flight from %(origin)s to %(target)s") % d
    return _with_coin(pgettext("event", "flies the plane from %(origin)s to %(target)s") % d, d)


def _spin(d: dict) -> str:
    if "steps" not in d:  # written before the event said how many steps the tile has
        return pgettext("event", "is on step %(step)d at %(cell)s") % d
    if d["step"] == 1:
        return pgettext("event", "stops on step 1 of %(steps)d at %(cell)s") % d
    return _with_coin(pgettext("event", "goes on to step %(step)d of %(steps)d at %(cell)s") % d, d)


def _board(d: dict) -> str:
    return pgettext("event", "climbs aboard %(ship)s at %(cell)s") % {**d, "ship": ship_label(d)}


def _score(d: dict) -> str:
    words = {**d, "ship": ship_label(d), "crew": crew_name(d.get("crew", ""))}
    if d.get("chest"):
        return (
            pgettext("event", "brings the galleon's chest aboard %(ship)s: %(crew)s have %(score)d")
            % words
        )
    return pgettext("event", "brings a coin aboard %(ship)s: %(crew)s have %(score)d") % words


def _death(d: dict) -> str:
    if d.get("reason") in DEATHS:
        text = DEATHS[d["reason"]] % d
    else:
        text = pgettext("event", "runs into %(ship)s at %(cell)s and dies") % {
            **d,
            "ship": ship_label(d),
        }
    if d.get("coin_back"):
        text += "; " + pgettext("event", "the coin goes back to %(cell)s") % {
            "cell": d["coin_back"]
        }
    return text


def _kill(d: dict) -> str:
    if "victim" in d:
        return pgettext("event", "kills %(victim)s in the water at %(cell)s") % {
            **d,
            "victim": piece_label(d["victim"]),
        }
    return pgettext("event", "is run down by %(ship)s at %(cell)s") % {**d, "ship": ship_label(d)}


def _cave(d: dict) -> str:
    if "freed" in d:
        return pgettext(
            "event",
            "opens a way out of the cave for %(freed)s at %(cell)s and goes on to %(target)s",
        ) % {
            **d,
            "freed": _pieces(d["freed"]),
        }
    if "coin" in d:
        return _with_coin(
            pgettext("event", "finds the way through the cave from %(origin)s to %(target)s") % d, d
        )
    return pgettext("event", "goes through the cave to %(target)s") % d


def _bottle(d: dict) -> str:
    if "target" in d:
        return pgettext("event", "hands a message bottle to the character at %(target)s") % d
    if "step" in d:
        return (
            pgettext("event", "opens a message bottle and crosses to step %(step)d at %(cell)s") % d
        )
    return pgettext("event", "opens a message bottle and climbs out of the trap at %(cell)s") % d


def _caramba(d: dict) -> str:
    if "curse" in d:
        curse = CURSES[d["curse"] % len(CURSES)]
        return pgettext("event", "stumbles at %(cell)s and shouts: %(curse)s") % {
            **d,
            "curse": curse,
        }
    return pgettext("event", "stumbles at %(cell)s and swears") % d


def _end(d: dict) -> str:
    scores = d.get("outcome", {}).get("crew_scores", {})
    reason = END_REASONS.get(d.get("reason", ""), d.get("reason", ""))
    totals = ", ".join(f"{crew_name(crew)} {n}" for crew, n in scores.items())
    return pgettext("event", "is over (%(reason)s): %(totals)s") % {
        "reason": reason,
        "totals": totals,
    }


def _surrender(d: dict) -> str:
    words = {"crew": crew_name(d.get("crew", "")), "attacker": piece_label(d.get("attacker", ""))}
    if "attacker" in d:
        return pgettext("event", "surrenders to %(attacker)s and joins %(crew)s") % words
    return pgettext("event", "surrenders and joins %(crew)s") % words


def _bottles(d: dict) -> str:
    return (
        ngettext("finds %(count)d message bottle", "finds %(count)d message bottles", d["count"])
        % d
    )


# kind -> the predicate, from the event's data and the game around it (the ruleset).
PREDICATES: dict[str, Callable[[dict, str], str]] = {
    "move": lambda d, r: _move(d),
    "disembark": lambda d, r: pgettext("event", "goes ashore at %(target)s") % d,
    "swim": lambda d, r: pgettext("event", "swims from %(origin)s to %(target)s") % d,
    "ship": lambda d, r: pgettext("event", "sails from %(origin)s to %(target)s") % d,
    "fly": lambda d, r: _fly(d),
    "horse": lambda d, r: (
        pgettext("event", "jumps like a knight from %(origin)s to %(target)s") % d
    ),
    "arrow": lambda d, r: pgettext("event", "follows the arrow from %(origin)s to %(target)s") % d,
    "ice": lambda d, r: pgettext("event", "slides on over the ice to %(target)s") % d,
    "crocodile": lambda d, r: pgettext("event", "flees the crocodile back to %(target)s") % d,
    "cannon": lambda d, r: pgettext("event", "is fired by the cannon to %(target)s") % d,
    "balloon": lambda d, r: pgettext("event", "is carried by the balloon to its ship") % d,
    "spin": lambda d, r: _spin(d),
    "reveal": lambda d, r: (
        pgettext("event", "reveals %(tile)s at %(cell)s")
        % {**d, "tile": tile_art.describe(tile_art.cell_of_text(d["tile"]))}
    ),
    "board": lambda d, r: _board(d),
    "score": lambda d, r: _score(d),
    "sink": lambda d, r: pgettext("event", "drops the coin into the sea at %(cell)s") % d,
    "death": lambda d, r: _death(d),
    "kill": lambda d, r: _kill(d),
    "attack": lambda d, r: (
        pgettext("event", "attacks and sends %(victims)s back to their ship")
        % {"victims": _pieces(d["victims"])}
    ),
    "rescue": lambda d, r: (
        pgettext("event", "frees %(freed)s from the trap at %(cell)s")
        % {**d, "freed": _pieces(d["freed"])}
    ),
    "trap": lambda d, r: pgettext("event", "is caught in the trap at %(cell)s") % d,
    "rum": lambda d, r: (
        pgettext("event", "finds rum at %(cell)s and misses the crew's next turn") % d
    ),
    "ogre": lambda d, r: (
        pgettext("event", "is not afraid of the ogre")
        if "cell" not in d
        else pgettext("event", "is eaten by the ogre together with the coin")
        if d.get("coin")
        else pgettext("event", "is eaten by the ogre")
    ),
    "revive": lambda d, r: (
        pgettext("event", "comes back to life in the native girl's fortress at %(target)s") % d
    ),
    "plane": lambda d, r: pgettext("event", "may fly the plane now or wait by it"),
    "stay": lambda d, r: (
        pgettext("event", "lets the plane go")
        if r == "second-edition"
        else pgettext("event", "waits by the plane at %(cell)s") % d
    ),
    "peek": lambda d, r: (
        pgettext("event", "looks from the lighthouse at the face-down tile at %(cell)s") % d
    ),
    "quake": lambda d, r: (
        pgettext("event", "shakes the island: the tiles at %(first)s and %(second)s swap places")
        % {"first": d["tiles"][0], "second": d["tiles"][1]}
    ),
    "cave": lambda d, r: _cave(d),
    "lost": lambda d, r: pgettext("event", "is lost in the cave at %(cell)s") % d,
    "caramba": lambda d, r: _caramba(d),
    "join": lambda d, r: (
        pgettext("event", "joins %(crew)s at %(cell)s") % {**d, "crew": crew_name(d["crew"])}
    ),
    "surrender": lambda d, r: _surrender(d),
    "leave": lambda d, r: str(
        LEAVINGS.get(d.get("reason", ""), pgettext("event", "leaves the island"))
    ),
    "convert": lambda d, r: pgettext(
        "event", "reads the message in the bottle and becomes a pirate"
    ),
    "bottle": lambda d, r: _bottle(d),
    "bottles": lambda d, r: _bottles(d),
    "end-turn": lambda d, r: pgettext("event", "ends the turn"),
    "skip": lambda d, r: pgettext("event", "has no legal move and skips the turn"),
    "skipped": lambda d, r: pgettext("event", "is skipped: its player ran out of time"),
    "out": lambda d, r: pgettext("event", "has no pirates left and is out of the game"),
    "offer": lambda d, r: pgettext("event", "offers to end the game by agreement"),
    "accept": lambda d, r: pgettext("event", "agrees to end the game"),
    "offer-lapsed": lambda d, r: pgettext(
        "event", "no longer offers to end the game: the offer lapsed"
    ),
    "end": lambda d, r: _end(d),
}
# Events whose subject is a crew, a seat, or the game rather than a piece.
CREW_SUBJECT = {"bottles", "end-turn", "skip", "skipped", "out"}
SEAT_SUBJECT = {"offer", "accept", "offer-lapsed"}


def _subject(event: dict, seat_names: dict[int, str]) -> str:
    kind = event["kind"]
    if kind in CREW_SUBJECT:
        return crew_name(event.get("crew", ""))
    if kind in SEAT_SUBJECT:
        seat = event.get("seat")
        return seat_names.get(seat) or _("Seat %(n)s") % {"n": seat}
    if kind == "end":
        return pgettext("event", "The game")
    return capitalised(piece_label(event.get("piece", "")))


def _predicate(event: dict, ruleset: str) -> str | None:
    say = PREDICATES.get(event.get("kind", ""))
    if say is None:
        return None
    try:
        return str(say(event, ruleset))
    except (KeyError, TypeError, ValueError, IndexError):
        return None  # data of a shape this site does not know: the fallback below


def event_lines(
    events: Iterable[dict | str], *, ruleset: str, seat_names: dict[int, str] | None = None
) -> list[str]:
    """The log lines of one move, in the active language. An old row's English sentence stays
    as it is; an event of a kind the site has no words for shows its kind and data."""
    seat_names = seat_names or {}
    said: list[tuple[dict, str, str]] = []  # (event, subject, predicate); subject "" = a line
    for event in events:
        if isinstance(event, str):
            said.append(({}, "", event))
            continue
        predicate = _predicate(event, ruleset)
        if predicate is None:
            details = ", ".join(f"{k}={v}" for k, v in event.items() if k != "kind")
            said.append(({}, "", f"{event.get('kind')}: {details}"))
        else:
            said.append((event, _subject(event, seat_names), predicate))
    lines = []
    i = 0
    while i < len(said):
        event, subject, predicate = said[i]
        after = said[i + 1] if i + 1 < len(said) else None
        if (
            event.get("kind") == "reveal"
            and after is not None
            and after[1] == subject
            and after[0].get("piece") == event.get("piece")
        ):
            # What the tile did next to the piece that turned it over: one line.
            lines.append(
                pgettext("event", "%(subject)s %(first)s and %(second)s")
                % {"subject": subject, "first": predicate, "second": after[2]}
            )
            i += 2
            continue
        if subject:
            predicate = pgettext("event", "%(subject)s %(predicate)s") % {
                "subject": subject,
                "predicate": predicate,
            }
        lines.append(predicate)
        i += 1
    return lines
