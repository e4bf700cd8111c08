"""Why a move is refused, in the player's language: the engine's refusal as data (its reason key
and fields, ``IllegalMove.reason``) said through gettext. A refusal without data (another
game's engine, or a reason this site has no words for) keeps the engine's English."""

from __future__ import annotations

from django.utils.translation import pgettext, pgettext_lazy

from games.families import not_a_move
from games.families.island.words import crew_name
from rules.core.errors import GameError, NotationError

from .words import piece_label

REASONS = {
    "game-over": pgettext_lazy("refusal", "the game is over"),
    "finish-first": pgettext_lazy("refusal", "%(piece)s must first finish the move"),
    "after-action": pgettext_lazy(
        "refusal", "%(crew)s have made their action; use a bottle or end the turn"
    ),
    "end-after-action": pgettext_lazy(
        "refusal",
        "a turn is ended that way only after the action, while a bottle could still be used",
    ),
    "no-bottle": pgettext_lazy("refusal", "%(crew)s have no message bottle"),
    "no-crew-yet": pgettext_lazy("refusal", "%(piece)s is not in anyone's crew"),
    "no-such-crew": pgettext_lazy("refusal", "there is no crew %(crew)s in this game"),
    "no-choice": pgettext_lazy("refusal", "there is no choice to make now"),
    "not-your-turn": pgettext_lazy("refusal", "it is the turn of %(crew)s"),
    "ship-elsewhere": pgettext_lazy("refusal", "that ship is at %(cell)s, not %(origin)s"),
    "ship-one-berth": pgettext_lazy(
        "refusal",
        "a ship moves one square along its own side of the island and never round a corner",
    ),
    "ship-needs-pirate": pgettext_lazy(
        "refusal", "a ship sails only with a sober pirate of its crew (or an ally) aboard"
    ),
    "alive": pgettext_lazy("refusal", "%(piece)s is alive"),
    "no-native": pgettext_lazy("refusal", "there is no native girl's fortress at %(cell)s"),
    "revive-rule": pgettext_lazy(
        "refusal",
        "a pirate comes back only while one of its crew stands in the native girl's fortress, "
        "one at a time (the lowest number first)",
    ),
    "dead": pgettext_lazy("refusal", "%(piece)s is dead"),
    "elsewhere": pgettext_lazy("refusal", "%(piece)s is at %(cell)s, not %(origin)s"),
    "trapped": pgettext_lazy("refusal", "%(piece)s is caught in a trap until a friend comes"),
    "drunk": pgettext_lazy("refusal", "%(piece)s is drunk on rum and misses this turn"),
    "missionary-alone": pgettext_lazy(
        "refusal", "the Missionary never shares a square with enemies"
    ),
    "enemy-missionary": pgettext_lazy(
        "refusal", "nobody shares a square with an enemy Missionary (%(cell)s)"
    ),
    "missionary-no-coin": pgettext_lazy("refusal", "the Missionary does not carry coins"),
    "thicket-no-coin": pgettext_lazy("refusal", "no coin goes into the dense jungle"),
    "never-attacks": pgettext_lazy("refusal", "%(piece)s never attacks"),
    "no-coin-here": pgettext_lazy("refusal", "there is no coin to carry at %(cell)s"),
    "cross-first": pgettext_lazy(
        "refusal",
        "%(piece)s must first cross the slow tile at %(cell)s: step %(step)s of %(steps)s",
    ),
    "next-step-held": pgettext_lazy(
        "refusal", "an enemy holds the next step, and a pirate with a coin cannot attack"
    ),
    "not-crossing": pgettext_lazy("refusal", "%(piece)s is not crossing a slow tile"),
    "fly-to-leave": pgettext_lazy("refusal", "leaving the plane's square means flying the plane"),
    "plane-cannot": pgettext_lazy("refusal", "the plane cannot take %(piece)s to %(target)s"),
    "no-plane": pgettext_lazy("refusal", "there is no plane ready to fly at %(cell)s"),
    "ashore-in-front": pgettext_lazy(
        "refusal",
        "a pirate goes ashore only onto the square straight in front of the ship (%(cell)s)",
    ),
    "fortress-held": pgettext_lazy("refusal", "enemies hold the fortress at %(cell)s"),
    "swimmer": pgettext_lazy(
        "refusal", "a swimmer moves one square along the coast and climbs out only aboard a ship"
    ),
    "not-next": pgettext_lazy("refusal", "%(target)s is not next to %(cell)s"),
    "no-jump": pgettext_lazy("refusal", "a pirate cannot jump into the sea from land"),
    "coin-enemy-ship": pgettext_lazy("refusal", "a coin cannot be carried onto an enemy ship"),
    "coin-face-up": pgettext_lazy(
        "refusal", "a pirate carrying a coin walks only on face-up squares"
    ),
    "coin-fortress": pgettext_lazy("refusal", "a pirate cannot carry a coin into a fortress"),
    "coin-attack": pgettext_lazy(
        "refusal", "a pirate carrying a coin cannot attack; leave the coin and attack empty-handed"
    ),
    "agree-retired": pgettext_lazy(
        "refusal",
        "one player cannot end the game: offer it, and it ends when everyone has accepted",
    ),
    "agreement-later": pgettext_lazy(
        "refusal", "finish the move first; offer or accept at the start of a turn"
    ),
    "offer-open": pgettext_lazy("refusal", "an offer to end the game is already open"),
    "no-offer": pgettext_lazy("refusal", "nobody has offered to end the game"),
    "already-agreed": pgettext_lazy("refusal", "you have already agreed to end the game"),
    # The clock's skip of a seat (rules.jackal.skipping): never typed, said in the staff's log.
    "skipped": pgettext_lazy("refusal", "this player's crews are skipped already"),
    "mid-action": pgettext_lazy("refusal", "this player is in the middle of an action"),
}


def refusal_text(error: GameError, typed: str = "") -> str:
    """The player's words for a refused move (`typed`: the move as the player wrote it)."""
    if isinstance(error, NotationError):
        return not_a_move(typed)
    data = getattr(error, "reason", None)
    if not data or data.get("reason") not in REASONS:
        return str(error)
    fields = {
        **data,
        "piece": piece_label(data["piece"]) if data.get("piece") else "",
        "crew": crew_name(data.get("crew", "")),
    }
    try:
        reason = REASONS[data["reason"]] % fields
    except (KeyError, TypeError, ValueError):
        return str(error)
    text = pgettext("refusal", "%(move)s is not possible: %(reason)s.") % {
        "move": data.get("move", ""),
        "reason": reason,
    }
    options = data.get("options")
    if options:
        text += " " + pgettext("refusal", "Possible now: %(moves)s.") % {
            "moves": ", ".join(options)
        }
    return text
