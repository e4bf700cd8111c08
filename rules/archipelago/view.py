"""What a seat may see: the position with every face-down tile reduced to its back.

The face of a face-down tile appears only in the view of the seat that peeked at it from the
lighthouse (``peeked``). The removed tiles, the seed and the coins inside face-down chests never
appear; ``unfound`` is the sum of the coins not yet seen anywhere (face-down and removed chests
together), which every seat can work out anyway.
"""

from __future__ import annotations

from .geometry import cell_name
from .position import COLOURS, CREWS
from .tiles import TOTAL_COINS


class View:
    def view(self, seat: int | None) -> dict:
        squares = []
        for cell, t in sorted(self.tiles.items(), key=lambda i: (i[0][1], i[0][0])):
            sq = {"cell": cell_name(cell), "back": t["back"], "up": t["up"]}
            if t["up"]:
                sq.update(face=t["face"], rot=t["rot"], spent=t["spent"])
            if self.coins.get(cell):
                sq["coins"] = self.coins[cell]
            squares.append(sq)
        seen = sum(self.coins.values()) + sum(self.stowed) + self.sunk + self.eaten
        doc = {
            "ruleset": "archipelago",
            "seat": seat,
            "seats": self.nseats,
            "crews": [{"letter": CREWS[s], "colour": COLOURS[s]} for s in range(self.nseats)],
            "teams": self.teams,
            "island": self.options["island"],
            "size": [self.width, self.height],
            "ply": self._ply,
            "phase": self.phase,
            "turn": self.slot_crew() if self.phase != "over" else None,
            "controller": self.controller() if self.phase != "over" else None,
            "to_act": sorted(self.to_act()),
            "squares": squares,
            "boats": {str(s): cell_name(c) for s, c in sorted(self.boats.items())},
            "pieces": [
                {
                    "id": pid,
                    "seat": p["seat"],
                    "where": p["where"],
                    "cell": cell_name(p["cell"]) if p["cell"] else None,
                    "boat": p["boat"],
                    "stage": p["stage"],
                    "trapped": p["trapped"],
                    "drunk": p["drunk"],
                    "is_missionary": pid == "M" and not p["convert"],
                }
                for pid, p in self.pieces.items()
            ],
            "bear_at": cell_name(self.bear) if self.bear else None,
            "bear_waker": self.bear_waker,
            "stowed": list(self.stowed),
            "sunk": self.sunk,
            "eaten": self.eaten,
            "unfound": TOTAL_COINS - seen,
            "bottles": list(self.bottles),
            "bottle_supply": self.bottle_supply,
            "removed": len(self.removed),
            "smoke_turns": self.smoke,
            "vote": dict(self.vote) if self.vote else None,
            "quiet_turns": self.quiet,
            "pending": None,
            "peeked": {},
            "outcome": self.outcome().to_json() if self.phase == "over" else None,
            # A series' abilities are public: the book keeps the cards face up (S1).
            "abilities": dict(sorted((self.options.get("abilities") or {}).items())),
        }
        if self.pending is not None:
            doc["pending"] = {"kind": self.pending["kind"], "piece": self.pending["piece"]}
        if seat is not None:
            doc["peeked"] = {
                cell_name(c): self.tiles[c]["face"]
                for c in sorted(self.known[seat])
                if not self.tiles[c]["up"]
            }
            doc["legal_moves"] = self.legal_moves(seat)
        return doc
