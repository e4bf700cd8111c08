"""Many games with realistic ledgers on PostgreSQL, fast: for bench/scale.py and the EXPLAIN tests.

A few dozen games are played by the random bot with the engine, start to end (`Template`); each
built game is one of them, dealt from its seed and cut at some ply (running games) or played to
its end (finished ones), so that its ledger, cached state and outcome agree as if it had been
played through the site (`verify_ledger` passes). Rows go in with COPY: 10,000 games with two
million ledger rows take about a minute.

The mix: 4% open tables, 26% running games, 70% finished (a tenth of them stopped); 2 to 4
seats, a bot in the last seat of one game in seven; a tenth private; one player ("heavy") sits
at one game in 20.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

from games.lists.listing import list_order
from rules.jackal import new_game, player_view
from rules.jackal.bots.random_bot import choose_move

START = datetime(2025, 1, 1, tzinfo=UTC)
HEAVY = "heavy"
CUTS = 4  # plies at which each template's running games stand


@dataclass
class Template:
    players: int
    seed: str
    moves: list[tuple[str, int, list[str]]]  # text, seat, events
    cuts: dict[int, dict]  # ply -> cached state JSON (to act, at that ply)
    final: dict
    outcome: dict


def play_templates(count: int, rng: random.Random) -> list[Template]:
    templates = []
    for number in range(count):
        players = (2, 3, 4)[number % 3]
        seed = hashlib.sha256(f"scale-{number}".encode()).hexdigest()
        state = new_game("classic", players=players, seed=seed)
        moves = []
        while not state.is_over():
            seat = state.to_act()
            text = choose_move(player_view(state, seat), rng)
            events = [str(event) for event in state.apply(text)]
            moves.append((text, seat, events))
        cut_plies = sorted(rng.sample(range(1, len(moves)), min(CUTS, len(moves) - 1)))
        # States are changed in place by apply: replay to each cut for its JSON.
        cuts = {}
        replayed = new_game("classic", players=players, seed=seed)
        for ply, (text, _seat, _events) in enumerate(moves, start=1):
            replayed.apply(text)
            if ply in cut_plies:
                cuts[ply] = replayed.to_json()
        templates.append(
            Template(players, seed, moves, cuts, state.to_json(), state.outcome().to_json())
        )
    return templates


def build(games: int, *, seed: int = 14, templates: int = 40, log=print) -> dict:
    """Add `games` games (with users, seats and ledgers) to the database; their names."""
    from django.db import connection

    from accounts.models import User
    from games.models import Game

    clock_settings = tuple(Game._meta.get_field(name).get_default() for name in CLOCK_SETTINGS)
    rng = random.Random(seed)
    log(f"playing {templates} template games with the engine")
    pool = play_templates(templates, rng)
    people = max(50, games // 10)
    first_user = _copy_users(connection, people, heavy=not User.objects.filter(username=HEAVY))
    heavy = User.objects.get(username=HEAVY)
    user_ids = list(range(first_user, first_user + people))
    first_game = _next_id(connection, "games_game")
    game_rows, seat_rows, move_rows = [], [], []
    log(f"building {games} games")
    for number in range(games):
        game_id = first_game + number
        template = pool[number % len(pool)]
        created = START + timedelta(minutes=7 * number)
        roll = rng.random()
        status = "open" if roll < 0.04 else "running" if roll < 0.30 else "finished"
        aborted = status == "finished" and rng.random() < 0.1
        players = list(rng.sample(user_ids, template.players))
        if number % 20 == 0 and heavy.pk not in players:
            players[rng.randrange(template.players)] = heavy.pk
        state, outcome, to_act, ply = None, None, None, 0
        started = finished = last_move = None
        if status == "running":
            ply = rng.choice(list(template.cuts))
            state = template.cuts[ply]
        elif status == "finished":
            ply = len(template.moves) if not aborted else rng.choice(list(template.cuts))
            state = template.final if not aborted else template.cuts[ply]
            outcome = template.outcome if not aborted else None
        if status != "open":
            started = created + timedelta(minutes=5)
            last_move = started + timedelta(minutes=ply)
            to_act = template.moves[ply][1] if status == "running" else None
            if status == "finished":
                finished = last_move
        seated = template.players if status != "open" else rng.randrange(1, template.players)
        # A running game's clock: 3 days per move from its last move.
        deadline = last_move + timedelta(days=3) if status == "running" else None
        # One game in seven has a bot in its last seat.
        bot_seat = template.players - 1 if rng.random() < 1 / 7 else None
        game_rows.append(
            (
                game_id,
                "classic",
                template.players,
                False,
                "private" if rng.random() < 0.1 else "public",
                f"scale-{game_id}-{rng.getrandbits(40)}",
                players[0],
                "aborted" if aborted else status,
                template.seed if status != "open" else "",
                hashlib.sha256(template.seed.encode()).hexdigest() if status != "open" else "",
                ply,
                json.dumps(state) if state is not None else None,
                json.dumps(outcome) if outcome is not None else None,
                "stopped by staff" if aborted else "",
                True,
                created,
                started,
                finished,
                last_move,
                last_move if status == "running" else None,
                deadline,
            )
            + clock_settings
            + ("{}",)  # options: none (the rulesets' defaults)
        )
        summary = SimpleNamespace(
            deadline=deadline,
            status="aborted" if aborted else status,
            created_at=created,
            started_at=started,
            finished_at=finished,
            last_move_at=last_move,
        )
        for index in range(template.players):
            user = players[index] if index < seated and index != bot_seat else None
            bot = "easy" if index == bot_seat else ""
            section, key = list_order(summary, index == to_act)
            joined = created if user or bot else None
            seat_rows.append((game_id, index, user, bot, joined, section, key, "", index == to_act))
        for move_ply, (text, seat, events) in enumerate(template.moves[:ply], start=1):
            at = started + timedelta(minutes=move_ply)
            mover = None if seat == bot_seat else players[seat]
            move_rows.append((game_id, move_ply, text, seat, mover, json.dumps(events), at))
        if len(move_rows) > 200_000:
            _flush(connection, game_rows, seat_rows, move_rows)
    _flush(connection, game_rows, seat_rows, move_rows)
    with connection.cursor() as cursor:
        for table in ("games_game", "games_seat", "games_move", "accounts_user"):
            cursor.execute(f"ANALYZE {table}")
    return {"heavy": heavy, "first_game": first_game}


GAME_COLUMNS = (
    "id, ruleset, players, teams, visibility, invite_token, created_by_id, status, seed, "
    "seed_hash, ply, state, outcome, abort_reason, spectators_read_chat, "
    "created_at, started_at, finished_at, last_move_at, turn_started_at, deadline, "
    "clock_kind, clock_days, clock_increment_days, weekends_off, timeout_policy, "
    "vacation_allowed, paused_for, options"
)
# The clock settings every built game has: the model's defaults (3 days per move).
CLOCK_SETTINGS = (
    "clock_kind",
    "clock_days",
    "clock_increment_days",
    "weekends_off",
    "timeout_policy",
    "vacation_allowed",
    "paused_for",
)


SEAT_COLUMNS = "game_id, index, user_id, bot, joined_at, list_section, list_key, stand_in, must_act"


def _flush(connection, games: list, seats: list, moves: list) -> None:
    with connection.cursor() as cursor:
        raw = cursor.cursor
        for table, columns, rows in (
            ("games_game", GAME_COLUMNS, games),
            ("games_seat", SEAT_COLUMNS, seats),
            ("games_move", "game_id, ply, text, seat, user_id, events, created_at", moves),
        ):
            if rows:
                with raw.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                    for row in rows:
                        copy.write_row(row)
        if games:
            cursor.execute(
                "SELECT setval(pg_get_serial_sequence('games_game', 'id'), %s)", [games[-1][0]]
            )
    games.clear()
    seats.clear()
    moves.clear()


# The clocks' (issue 10), the unsubscribe links' version (issue 41.10).
LATE_USER_COLUMNS = ("digest_hour", "vacation_left", "turn_emails_version")


def _copy_users(connection, count: int, *, heavy: bool) -> int:
    """`count` players (the first is "heavy" if asked); the id of the first."""
    from accounts.models import TurnEmails, User

    # Columns with a default in the model but none in the table: COPY must name them.
    defaults = tuple(User._meta.get_field(name).get_default() for name in LATE_USER_COLUMNS)
    first = _next_id(connection, "accounts_user")
    rows = []
    for number in range(count):
        name = HEAVY if number == 0 and heavy else f"player{first + number}"
        rows.append(
            (first + number, name, f"{name}@example.com", "!", START)
            + (False, "", "", False, True, "", "UTC", "en", TurnEmails.EVERY_TURN.value)
            # Automatic vacation off: the sweep's benches time out, as they measure.
            + (False,)
            + defaults
        )
    columns = (
        "id, username, email, password, date_joined, is_superuser, first_name, last_name, "
        "is_staff, is_active, display_name, time_zone, language, turn_emails, auto_vacation, "
        + ", ".join(LATE_USER_COLUMNS)
    )
    with connection.cursor() as cursor:
        with cursor.cursor.copy(f"COPY accounts_user ({columns}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        cursor.execute(
            "SELECT setval(pg_get_serial_sequence('accounts_user', 'id'), %s)", [rows[-1][0]]
        )
    return first


def _next_id(connection, table: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COALESCE(MAX(id), 0) + 1 FROM {table}")
        return cursor.fetchone()[0]
