"""The provably fair deal of a finished game, as `manage.py verify_deal` and the verify page
report it (`check_deal`), and the verify page's context (`verify_context`)."""

from __future__ import annotations

import hashlib

from games import services
from games.families import family_of
from games.models import Game
from games.presenters.after_game import records_ready
from rules.core import GameError as RulesError


def check_deal(game: Game) -> dict:
    """What `verify_deal` and the verify page report: the hash of the revealed seed against the
    published one, and the ledger replayed from that seed against the recorded result."""
    computed = hashlib.sha256(game.seed.encode()).hexdigest()
    problems = []
    try:
        final = services.replay_ledger(game)
    except (ValueError, RulesError) as error:
        final = None
        problems.append(str(error))
    if final is not None and game.status == Game.Status.FINISHED:
        outcome = final.outcome()
        if outcome is None or outcome.to_json()["scores"] != (game.outcome or {}).get("scores"):
            problems.append("the replayed ledger does not give the recorded result")
    return {
        "seed": game.seed,
        "published_hash": game.seed_hash,
        "computed_hash": computed,
        "hash_ok": computed == game.seed_hash,
        "replay_ok": not problems,
        "problems": problems,
        "plies": game.ply,
    }


def verify_context(game: Game) -> dict:
    """The verify page: the published hash, and once the game is over the revealed seed and the
    check of both. A family without a record format or replay viewer links neither."""
    family = family_of(game.ruleset)
    context = {
        "game": game,
        "over": game.is_over,
        "recorded": records_ready(family, game) and family.replays,
    }
    if game.is_over:
        context.update(check_deal(game))
    return context
