"""The project's own deterministic RNG: xoshiro256** seeded from SHA-256 of the game seed.

It exists so that a seed deals the same board on every Python version (``random.shuffle`` makes
no such promise). Every chance event of a game (a deal, a die) comes from the game's seed: the deal
from ``DealRng(seed)``, a die rolled later from ``chance_rng(seed, ply)``, so that a replay of the
same moves meets the same luck, whatever was asked of the generator before.

>>> rng = DealRng("example")
>>> [rng.below(10) for _ in range(5)]
[7, 1, 3, 1, 2]
"""

from __future__ import annotations

import hashlib
import struct

_MASK = (1 << 64) - 1
_FOUR_WORDS = struct.Struct("<4Q")  # a 32-byte digest as four little-endian 64-bit words


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _MASK


class DealRng:
    """xoshiro256** (Blackman & Vigna) with its 256-bit state taken from sha256(seed)."""

    __slots__ = ("_s",)

    def __init__(self, seed: str) -> None:
        s = list(_FOUR_WORDS.unpack(hashlib.sha256(seed.encode("utf-8")).digest()))
        if not any(s):  # the all-zero state is the generator's one fixed point
            s[0] = 1
        self._s = s

    def next64(self) -> int:
        s = self._s
        result = (_rotl((s[1] * 5) & _MASK, 7) * 9) & _MASK
        t = (s[1] << 17) & _MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def below(self, n: int) -> int:
        """A uniform int in 0..n-1 (rejection sampling: no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place, from the last position down."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def chance_rng(seed: str, ply: int, draw: str = "") -> DealRng:
    """The generator for the chance event at ``ply`` (``draw`` tells several apart in one ply).

    It depends on nothing but its arguments, so a replay, a copy or a position loaded from JSON
    rolls the same dice at the same ply.

    >>> chance_rng("example", 7).below(6) == chance_rng("example", 7).below(6)
    True
    >>> [chance_rng("example", ply).below(6) for ply in range(6)]
    [5, 3, 1, 1, 1, 2]
    """
    # The unit separator cannot occur in a seed the site makes (hex) nor in a ply number.
    return DealRng(f"{seed}\x1fchance\x1f{ply}\x1f{draw}")
