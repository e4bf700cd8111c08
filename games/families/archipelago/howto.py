"""What the Archipelago "How to play" page says: the goal, the boats, a turn, every tile, the
bear, two against two, the series with abilities and the puzzles — in the site's own words (from
the rulebook and docs/archipelago-rulings.md), marked for translation. Pictures are the board's
own drawings (board_svg.tile_picture)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from rules.archipelago.abilities import ABILITIES
from rules.archipelago.tiles import box_tiles

from . import board_svg
from .ability_words import ability_cards

# Each entry: its anchor, the faces it covers (drawn in that order) and what it does.
TILES = (
    (
        "arrow",
        ("arrow-1", "arrow-1d", "arrow-2", "arrow-3", "arrow-4", "arrow-4d"),
        _("Arrows"),
        _(
            "The pirate is pushed on at once, one square the way an arrow points (its player "
            "picks when there are several). Pushed into the sea, it swims; arrows that send it "
            "round in a loop kill it. Each arrow lies turned at random."
        ),
    ),
    (
        "maze",
        ("maze-2", "maze-3", "maze-4", "maze-5"),
        _("Labyrinths"),
        _(
            "The number is how many turns the pirate spends on the tile before it walks out. "
            "A coin may be dragged in and out; inside only an enemy one stage ahead can be "
            "attacked. A bottle gets a pirate out at once."
        ),
    ),
    (
        "chest",
        ("chest-1", "chest-2", "chest-3", "chest-4"),
        _("Treasure chests"),
        _(
            "Turned up, the chest lays its coins on the tile (1 to 4; 19 coins in the whole box). "
            "A pirate drags one coin at a time, and only onto face-up tiles."
        ),
    ),
    (
        "bottle",
        ("bottle-1", "bottle-2"),
        _("Messages in bottles"),
        _(
            "The crew takes the bottles shown. After its action, a player may use one to free a "
            "pirate from a pit or a labyrinth, or hand it to the missionary, who then becomes a "
            "fighting pirate."
        ),
    ),
    ("horse", ("horse",), _("Horse"), _("A knight's jump, as in chess, onto land or aboard.")),
    (
        "ice",
        ("ice",),
        _("Ice"),
        _(
            "The pirate slides on: it repeats the move that brought it here — one more step the "
            "same way; after a horse or a trampoline another jump, wherever its player picks; "
            "another flight."
        ),
    ),
    (
        "pit",
        ("pit",),
        _("Pit"),
        _("The pirate is stuck until a comrade (or an ally) comes to the tile, or a bottle."),
    ),
    ("barrel", ("barrel",), _("Barrel of rum"), _("The pirate skips its crew's next turn.")),
    (
        "crocodile",
        ("crocodile",),
        _("Crocodile"),
        _("The pirate goes back to the square its move began on."),
    ),
    (
        "bank",
        ("bank",),
        _("Bank"),
        _(
            "One pirate at a time. A pirate standing on a coin here cannot be attacked; a coin "
            "left alone here belongs to whoever comes for it."
        ),
    ),
    (
        "jungle",
        ("jungle",),
        _("Jungle"),
        _("Nobody fights in the thicket and no coin comes in; rival crews may share it."),
    ),
    (
        "lighthouse",
        ("lighthouse",),
        _("Lighthouse"),
        _("Its finder looks secretly under 4 face-down tiles, which stay face down."),
    ),
    (
        "caramba",
        ("caramba",),
        _("Caramba!"),
        _("A small misfortune: the pirate goes back to its boat, and a coin it dragged stays."),
    ),
    (
        "balloon",
        ("balloon",),
        _("Hot-air balloon"),
        _("Lifts the pirate, and its coin, straight to its own boat; nobody stays on it."),
    ),
    (
        "musket",
        ("musket",),
        _("Musket"),
        _(
            "Its finder fires once in one of eight directions; the first pirate in that line is "
            "sent back to its boat."
        ),
    ),
    (
        "shrine",
        ("shrine",),
        _("Shrine"),
        _(
            "A pirate here brings a dead comrade back to life here, one a turn, while the crew "
            "has fewer than 3 fighters. No coins, and no enemy comes in while you are inside."
        ),
    ),
    (
        "die",
        ("die",),
        _("Crossroads die"),
        _("The die is rolled: it picks which of the six arrows sends the pirate on."),
    ),
    (
        "trampoline",
        ("trampoline",),
        _("Trampoline"),
        _("Throws the pirate two squares in any direction, coin and all — even into its boat."),
    ),
    (
        "airplane",
        ("airplane",),
        _("Airplane"),
        _("Once a game: flies the pirate and its coin to any free face-up tile."),
    ),
    (
        "cannon",
        ("cannon",),
        _("Cannon"),
        _(
            "Shoots the pirate over the island into the sea the way the barrel points: into its "
            "own boat with luck, to its death on an enemy boat."
        ),
    ),
    (
        "smoke",
        ("smoke",),
        _("Smoke"),
        _("For one round, every crew is moved by the next player in turn order."),
    ),
    (
        "bear",
        ("bear",),
        _("Bear's den"),
        _("The bear wakes, mauls its finder and starts to walk (see below)."),
    ),
    (
        "missionary",
        ("missionary",),
        _("Missionary"),
        _(
            "He joins the crew that found him. He carries nothing, cannot attack or be attacked, "
            "and protects the pirates on his tile; a bottle turns him into a pirate."
        ),
    ),
    (
        "earthquake",
        ("earthquake",),
        _("Earthquake"),
        _(
            "Its finder swaps two free tiles (no piece, no coin) — face-down ones unseen — and "
            "may then turn each swapped face-up arrow to point elsewhere."
        ),
    ),
    (
        "spyglass",
        ("spyglass",),
        _("Spyglass"),
        _("While a pirate of the crew stands on it, the crew's boat sails one square further."),
    ),
    (
        "cannibal",
        ("cannibal",),
        _("Cannibal"),
        _("The pirate dies, and the coin it dragged is eaten."),
    ),
    (
        "fortress",
        ("fortress",),
        _("Fortress"),
        _("Nobody can attack a pirate inside; friends only, and no coins."),
    ),
    ("empty", ("empty",), _("Empty"), _("Nothing happens: a rare moment of rest.")),
)


@dataclass(frozen=True)
class TileEntry:
    kind: str
    faces: tuple[str, ...]
    name: str
    text: str
    count: int


def tile_entries() -> list[TileEntry]:
    """Every tile of the box, grouped as the page shows them, with how many the box holds."""
    counts = Counter(face for _back, face in box_tiles())
    entries = []
    for kind, faces, name, text in TILES:
        every = [f for f in counts if f == kind or f.startswith(f"{kind}-")] or list(faces)
        entries.append(TileEntry(kind, faces, name, text, sum(counts[f] for f in every)))
    return entries


def page_context() -> dict:
    """The how-to page's tiles (each with its drawings), the three tile backs and the abilities."""
    tiles = [
        {
            "entry": entry,
            # Drawn by the site from fixed data: nothing a user wrote is in it.
            "pictures": [mark_safe(board_svg.tile_picture(face)) for face in entry.faces],
        }
        for entry in tile_entries()
    ]
    backs = [mark_safe(board_svg.back_picture(back)) for back in "MFB"]
    return {"tiles": tiles, "backs": backs, "abilities": ability_cards(ABILITIES)}
