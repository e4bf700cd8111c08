"""The bear: a neutral piece that walks one square towards the nearest pirate on dry land.

By the book: shortest path (over land squares, face up or down, ignoring every tile's effect);
among equally near pirates the first in clockwise order from the island's northernmost point; it
prefers diagonal steps, except that a step onto a square next to its quarry prefers a square
orthogonally next to it. Pirates aboard boats (and swimmers: ruling A18) are hidden from it. What
it enters, it mauls: pirates go back to their boats, the missionary dies.
"""

from __future__ import annotations

import math
from collections import deque

from .geometry import Cell, cell_name, is_diagonal, neighbours


class Bear:
    def _land_distances(self, origin: Cell) -> dict[Cell, int]:
        """Steps over land squares from ``origin``. They depend on the land's squares alone, so
        they are kept per island (``Position._land``, shared by copies): never change one."""
        memo = self._land()[3]
        dist = memo.get(origin)
        if dist is None:
            dist = memo[origin] = self._bfs_over_land(origin)
        return dist

    def _bfs_over_land(self, origin: Cell) -> dict[Cell, int]:
        dist = {origin: 0}
        queue = deque([origin])
        while queue:
            c = queue.popleft()
            for n in neighbours(c):
                if n in self.tiles and n not in dist:
                    dist[n] = dist[c] + 1
                    queue.append(n)
        return dist

    def clockwise_key(self, cell: Cell) -> tuple:
        """Clockwise order around the island's centre, starting due north (ruling A19)."""
        xs = [c[0] for c in self.tiles]
        ys = [c[1] for c in self.tiles]
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        dx, dy = cell[0] - cx, cell[1] - cy
        angle = math.atan2(dx, -dy) % (2 * math.pi)
        return (round(angle, 9), round(math.hypot(dx, dy), 9), cell[1], cell[0])

    def bear_target(self) -> Cell | None:
        """The square of the pirate the bear goes for, or None (it sits and sucks its paw)."""
        if self.bear is None:
            return None
        dist = self._land_distances(self.bear)
        cells = {c for _, c in self.land_pirates() if c in dist}
        if not cells:
            return None
        best = min(dist[c] for c in cells)
        return min((c for c in cells if dist[c] == best), key=self.clockwise_key)

    def _bear_step(self, ev: list) -> None:
        target = self.bear_target()
        if target is None:
            ev.append({"kind": "bear sits", "cell": cell_name(self.bear)})
            return
        to_target = self._land_distances(target)
        d = to_target[self.bear]
        steps = [n for n in neighbours(self.bear) if to_target.get(n) == d - 1]

        def preference(n: Cell) -> tuple:
            if d - 1 == 1:  # next to its quarry: orthogonally next to it, if it can
                rank = 0 if not is_diagonal(n, target) else 1
            else:
                rank = 0 if is_diagonal(n, self.bear) else 1
            return (rank, self.clockwise_key(n))

        frm = self.bear
        self.bear = min(steps, key=preference)
        ev.append({"kind": "bear", "from": cell_name(frm), "to": cell_name(self.bear)})
        for pid in sorted(self.pieces_at(self.bear)):
            self._maul(pid, ev)
