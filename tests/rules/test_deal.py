"""The deal: the classic deck, the project's own RNG, and one pinned seed."""

import hashlib
import json
from collections import Counter

from rules.core.rng import DealRng
from rules.jackal import new_game
from rules.jackal.decks import deck as deck_tiles

PINNED_SEED = "jackal-online pinned deal"


def test_classic_deck_has_117_tiles_and_37_coins():
    """RULES.md 'Decks': 117 tiles; treasure 5/5/3/2/1 = 37 coins."""
    deck = deck_tiles("classic")
    assert len(deck) == 117
    names = Counter(json.dumps(t) for t in deck)
    assert sum(arg for kind, arg in deck if kind == 11) == 37
    assert len(names) > 20


def test_deal_counts_match_rules_md():
    """RULES.md 'Decks': the classic column, tile by tile."""
    tiles = new_game("classic", players=2, seed="counts").to_json()["tiles"]
    kinds = Counter(spec.split(":")[0] for spec in tiles.values())
    assert kinds == {
        "empty": 40,
        "arrow": 21,
        "horse": 2,
        "jungle": 5,
        "desert": 4,
        "swamp": 2,
        "mountains": 1,
        "ice": 6,
        "trap": 3,
        "crocodile": 4,
        "ogre": 1,
        "fortress": 2,
        "native": 1,
        "gold": 16,
        "balloon": 2,
        "plane": 1,
        "cannon": 2,
        "rum": 4,
    }
    gold = Counter(spec for spec in tiles.values() if spec.startswith("gold"))
    assert gold == {"gold:1": 5, "gold:2": 5, "gold:3": 3, "gold:4": 2, "gold:5": 1}


def test_pinned_seed_deals_this_island():
    """The same seed gives the same island and orientations on any Python version (own RNG,
    not random.shuffle), from the same deck version (a game stores its version)."""
    tiles = new_game("classic", players=2, seed=PINNED_SEED, deck=1).to_json()["tiles"]
    row2 = {k: tiles[k] for k in ("C2", "D2", "E2", "F2", "G2", "H2", "I2", "J2", "K2")}
    assert row2 == {
        "C2": "arrow:N,E,S,W",
        "D2": "rum",
        "E2": "gold:4",
        "F2": "rum",
        "G2": "empty:3",
        "H2": "arrow:SW",
        "I2": "empty:3",
        "J2": "empty:3",
        "K2": "ice",
    }
    assert tiles["C3"] == "cannon:S" and tiles["I12"] == "plane" and tiles["J7"] == "native"
    digest = hashlib.sha256(json.dumps(tiles, sort_keys=True).encode()).hexdigest()
    assert digest == "64c98231ae9b30fe7752b4cd9ca6fe8f88b2268cbd2dd1dcf44f0e1988c9584a"


def test_rng_is_pinned():
    """xoshiro256** seeded from sha256(seed): fixed output for a fixed seed, forever."""
    rng = DealRng("abc")
    assert hex(rng.next64()) == "0x8c534008a5bc398f"
    rng = DealRng("abc")
    assert [rng.below(1000) for _ in range(6)] == [663, 565, 836, 291, 470, 663]


def test_rng_below_is_unbiased_enough():
    rng = DealRng("uniform")
    counts = Counter(rng.below(6) for _ in range(6000))
    assert all(850 < n < 1150 for n in counts.values())


def test_every_seed_string_is_accepted():
    for seed in ("", "ü-ñïcødé", "9f1c" * 16, "x" * 1000):
        s = new_game("classic", players=3, seed=seed)
        assert len(s.to_json()["tiles"]) == 117


def test_new_game_starts_face_down_with_ships_in_the_middle():
    """Rulebook 'Getting ready': tiles face down, ships in the middle of each side, three pirates
    aboard each; White goes first."""
    s = new_game("classic", players=4, seed="start")
    d = s.to_json()
    assert d["face_up"] == [] and d["ships"] == {
        "white": "G1",
        "yellow": "A7",
        "black": "G13",
        "red": "M7",
    }
    assert all(
        p["cell"] == d["ships"][{"W": "white", "Y": "yellow", "B": "black", "R": "red"}[pid[0]]]
        for pid, p in d["pirates"].items()
    )
    assert s.to_act() == 0 and s.crew_to_act() == "white" and s.ply == 0


def test_rng_matches_the_published_xoshiro256starstar_sequence():
    """Known answer of the reference algorithm for the state {1, 2, 3, 4}."""
    rng = DealRng.__new__(DealRng)
    rng._s = [1, 2, 3, 4]
    assert [rng.next64() for _ in range(6)] == [
        11520,
        0,
        1509978240,
        1215971899390074240,
        1216172134540287360,
        607988272756665600,
    ]
