"""What the "How to play" pages say: the goal, a turn, and every tile of each ruleset, in the
site's own words (from the rulebooks and RULES.md, never copied), marked for translation.

A tile's entry is keyed by its kind (`ice`, `arrow`, …), as the board names it, so that the board
can link a tile to `#tile-<kind>`. Pictures are the board's own art (tile_art).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games.families.island.tile_art import NAMES
from rules.jackal.decks import deck_list

RULESETS = ("classic", "second-edition")


def _slow_tile(steps: int) -> str:
    first = ngettext(
        "A slow tile: crossing it takes %(steps)d of the pirate's moves.",
        "A slow tile: crossing it takes %(steps)d of the pirate's moves.",
        steps,
    ) % {"steps": steps}
    return (
        first
        + " "
        + gettext(
            "It stands on step 1, climbs a step with each later move, and leaves only from the "
            "last step. Enemies on different steps do not meet; an enemy can be hit only from "
            "the step just behind it."
        )
    )


slow_tile = lazy(_slow_tile, str)

TILE_TEXT = {
    "empty": _(
        "Nothing happens: the pirate simply stands here, and may leave a coin here. The four "
        "pictures differ only in looks."
    ),
    "arrow": _(
        "Nobody stops on an arrow: the pirate moves on at once, one square the way the arrow "
        "points; with several heads its player picks one. An arrow into the sea drops the pirate "
        "in the water (a coin sinks). Arrows that send a pirate round in a loop kill it. Each "
        "arrow is turned at random when the island is laid out."
    ),
    "horse": _(
        "The pirate jumps on at once like a chess knight, to any square an L-shape away: land, "
        "its own ship, or the sea. Only the square it lands on is turned over."
    ),
    "jungle": slow_tile(2),
    "desert": slow_tile(3),
    "swamp": slow_tile(4),
    "mountains": slow_tile(5),
    "ice": _(
        "The pirate slides on: it repeats the move that brought it here — one more step the same "
        "way, another knight's jump after a horse, another flight after the plane."
    ),
    "trap": _(
        "The pirate is stuck until a pirate of its own crew (or an ally) comes to the square and "
        "frees it. An enemy who comes attacks: the trapped pirate goes back to its ship and the "
        "enemy is caught instead."
    ),
    "crocodile": _(
        "The crocodile chases the pirate back to the square it came from (back aboard, if it "
        "came from the ship), and that square acts on it again."
    ),
    "ogre": _(
        "The ogre eats the pirate, and any coin it carried. A dead pirate comes back only at the "
        "native girl's fortress."
    ),
    "fortress": _(
        "Nobody can attack a pirate inside. Any number of friends may shelter here, but nobody "
        "comes in with a coin or while an enemy is inside."
    ),
    "native": _(
        "A fortress with one more gift: while a pirate of the crew stands here and the crew has "
        "fewer than three living pirates of its own colour, it may spend its move to bring a dead "
        "pirate back to life, right here."
    ),
    "gold": _(
        "The chest shows how many coins lie here, one to five. A pirate carries one coin at a "
        "time, only over face-up squares, and scores it by bringing it aboard its own ship. A "
        "pirate with a coin cannot attack; a coin that falls into the sea is lost."
    ),
    "balloon": _(
        "The balloon carries the pirate, with its coin, straight to its own ship. Nobody ever "
        "stops on it."
    ),
    "plane": _(
        "The pirate may fly at once or wait by the plane for a later turn. The flight goes to any "
        "square of the island or to its own ship, coin included. The plane flies only once."
    ),
    "cannon": _(
        "The cannon fires the pirate the way its barrel points, across the island into the sea. "
        "Its own ship there takes it aboard with its coin; an enemy ship kills it; otherwise it "
        "swims, and a coin sinks."
    ),
    "rum": _(
        "The pirate finds rum and sleeps it off: it misses its crew's next turn, while the crew "
        "moves its other pieces."
    ),
    "galleon": _(
        "A chest from the wrecked galleon, worth three coins. One pirate carries it, like a "
        "single coin."
    ),
    "smoke": _(
        "A grass fire: for the next full round each crew is moved by the player of the next crew "
        "in turn order."
    ),
    "lighthouse": _(
        "The pirate climbs the lighthouse and secretly looks under four face-down squares. Only "
        "its player sees them, for the rest of the game."
    ),
    "cave": _(
        "The caves are joined underground: a pirate entering one comes out of another face-up "
        "cave of its player's choice, unless an enemy blocks it. With no way out it is lost in "
        "the cave until a new cave is found."
    ),
    "earthquake": _(
        "The island shakes: the player swaps two squares with no pirate and no coin on them. "
        "Face-down squares stay face down."
    ),
    "thicket": _(
        "The jungle is so thick that nobody fights here and nobody carries coins in; enemies may "
        "stand side by side."
    ),
    "caramba": _("Nothing happens, except that the pirate trips and swears."),
    "bottles": _(
        "One, two or three message bottles for the crew. A bottle is used during one's own turn, "
        "without spending the move: to lift a pirate to the last step of a slow tile, to free a "
        "trapped pirate, or to hand to Friday or the Missionary next door."
    ),
    "ben-gunn": _(
        "Ben Gunn, marooned here for years, joins the crew that finds him and moves like one of "
        "its pirates."
    ),
    "missionary": _(
        "The Missionary joins the crew that finds him. He never fights and cannot be attacked, "
        "pirates on his square are safe, and he carries no coins. A message bottle makes him an "
        "ordinary pirate."
    ),
    "friday": _(
        "Friday joins the crew that finds him. He harms nobody, and whoever attacks him wins him "
        "over. Ogres and traps cannot hold him, and he crosses slow tiles at once. Given a "
        "bottle, he leaves the island."
    ),
}
# Where the second edition plays a tile differently.
SECOND_EDITION_TEXT = {
    "plane": _(
        "Only the first pirate to arrive may fly, and only at once, to any face-up square; "
        "otherwise the plane is lost."
    ),
    "trap": _(
        "The pirate is stuck until a pirate of its own crew (or an ally) comes to the square and "
        "frees it, or a message bottle does. An enemy who comes attacks: the trapped pirate goes "
        "back to its ship and the enemy is caught instead."
    ),
}


@dataclass(frozen=True)
class TileEntry:
    kind: str
    name: str
    text: str
    pictures: tuple[str, ...]  # tile texts as the deck writes them ('arrow:N', 'gold:3')
    count: int  # how many the deck holds


def tile_entries(ruleset: str) -> list[TileEntry]:
    """Every kind of tile the ruleset deals, in deck order, with its pictures and count."""
    kinds: dict[str, list[tuple[str, int]]] = {}
    for text, n in deck_list(ruleset):
        kind = text.partition(":")[0]
        kinds.setdefault(kind, []).append((text, n))
    texts = {**TILE_TEXT, **(SECOND_EDITION_TEXT if ruleset == "second-edition" else {})}
    return [
        TileEntry(
            kind=kind,
            name=str(NAMES.get(kind, kind)),
            text=str(texts[kind]),
            pictures=tuple(dict.fromkeys(text for text, _ in variants)),
            count=sum(n for _, n in variants),
        )
        for kind, variants in kinds.items()
    ]
