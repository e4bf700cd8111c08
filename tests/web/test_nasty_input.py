"""Nasty input everywhere (issue 41, item 3): every URL pattern of the site, its path filled with
real objects of a small world (a running game of each family, a finished one, a waiting table,
a series waiting for a pick, a puzzle, players, staff), and every query parameter and form field
its view reads set to each nasty value in turn, by GET and POST, anonymous, as a player and as
staff. The answer is a page (2xx/3xx) or a refusal (4xx), never a server error; and where the
value was bad, nothing changed: no move, seat action, message, mute, vacation or pick.

Which parameters a view reads is declared below (PARAMETERS) and checked: every read of
request.GET / request.POST during the walk must be of a declared key, so a new parameter cannot
be added without being walked.
"""

from __future__ import annotations

import contextvars
import logging
import re
from contextlib import contextmanager

import pytest
from django.contrib import admin
from django.http import QueryDict
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from accounts.models import User
from alerts.models import AlertChoices, CalendarFeed, NextWatch, Nudge, PushDevice, Webhook
from games.clock import forfeits
from games.families import family_of
from games.models import (
    ChatMessage,
    ChatMute,
    Game,
    Move,
    RematchOffer,
    Seat,
    SeatAction,
    SeriesGame,
)
from games.services import open_table
from jackal_site.request_input import BadNumber, parse_int
from reminders.emails import unsubscribe_token
from tests.factories import make_user, start_game
from tests.web.test_archipelago_series import end_with, series_table

pytestmark = pytest.mark.django_db

DEEP_JSON = '{"format": "jackal-record", "tags": ' + "[" * 10_000 + "]" * 10_000 + "}"
NUL, LONG = "\x00", "x" * 10_000
# The parameters each view reads: (GET keys, POST keys), and the kind of each key, which says
# the nasty values it is given. A number is given digits that str.isdigit() takes but int() does
# not, Arabic-Indic digits that int() takes, a number past any column, a negative one; every
# key is given NUL (PostgreSQL refuses it in text) and most 10,000 characters; a record gets
# 10,000 levels of JSON and records with a bad number in a tag (RECORD_VALUES, from the world).
# Every value given to a number or a choice is bad input; text may take a short odd value (a
# chat message "²"). The empty value is "not given": it may act (a seat chosen by the site), and
# is sent by GET only.
NUMBER, CHOICE, TEXT, RECORD = "number", "choice", "text", "record"
VALUES = {
    NUMBER: ["²", "①", "٣", "9" * 30, "-1", NUL, LONG],
    CHOICE: ["²", NUL],
    TEXT: ["²", NUL, LONG],
    RECORD: [NUL, LONG, DEEP_JSON],
}
BAD_EVERYWHERE = {NUL, LONG, DEEP_JSON}
ARCHIVE = {
    "ruleset": CHOICE,
    "players": CHOICE,
    "rated": CHOICE,
    "result": CHOICE,
    "opponent": TEXT,
    "before": NUMBER,
    "after": NUMBER,
}
NEW_TABLE = {
    "ruleset": CHOICE,
    "setup": CHOICE,
    "visibility": CHOICE,
    "series": TEXT,
    "spectators_read_chat": TEXT,
    "rated": CHOICE,
    "bots": NUMBER,
    "bot_level": CHOICE,
    "clock_kind": CHOICE,
    "days_per_move": NUMBER,
    "bank_days": NUMBER,
    "increment_days": NUMBER,
    "weekends_off": TEXT,
    "vacation_allowed": TEXT,
    "timeout_policy": CHOICE,
    "min_reliability": CHOICE,
}
PROFILE = {
    "display_name": TEXT,
    "time_zone": CHOICE,
    "language": CHOICE,
    "turn_emails": CHOICE,
    "quiet_hours_start": CHOICE,
    "quiet_hours_end": CHOICE,
    "digest_hour": NUMBER,
    "auto_vacation": TEXT,
}
BOARD_QUERY = {"select": TEXT, "coin": TEXT, "part": TEXT}
PARAMETERS: dict[str, tuple[dict[str, str], dict[str, str]]] = {
    "home": ({}, {}),
    "health": ({}, {}),
    "favicon": ({}, {}),
    "lobby": ({"tables": NUMBER, "running": NUMBER}, {}),
    "new_table": ({"ruleset": CHOICE}, NEW_TABLE),
    "play_bots": ({}, {"opponents": NUMBER, "level": CHOICE, "ruleset": CHOICE}),
    "puzzles": ({}, {}),
    "puzzle_start": ({}, {}),
    "my_games": ({"page": NUMBER}, {}),
    "next_game": ({"from": NUMBER}, {}),
    "vacation": ({}, {"action": CHOICE, "days": NUMBER}),
    "game_invitation": ({}, {}),
    "game_board": (BOARD_QUERY, {}),
    "game_join": ({}, {"seat": NUMBER, "invite_token": CHOICE}),
    "game_leave": ({}, {}),
    "game_board_partial": (BOARD_QUERY, {}),
    "game_move": ({}, {"move": CHOICE, "notation": CHOICE, "expected_ply": NUMBER}),
    "game_chat": ({}, {"text": TEXT}),
    "game_chat_mute": ({}, {"user": NUMBER, "mute": TEXT}),
    "game_seat_action": ({}, {"expected_ply": NUMBER}),
    "game_rematch": ({}, {"action": CHOICE}),
    "series_pick": ({}, {"ability": CHOICE, "pirate": NUMBER}),
    "game_history": (ARCHIVE, {}),
    "game_replay": ({"ply": NUMBER}, {}),
    "game_verify": ({}, {}),
    "game_export": ({}, {}),
    "import_record": ({}, {"record": RECORD}),
    "imported_replay": ({"ply": NUMBER}, {}),
    "how_to_play": ({}, {}),
    "notation": ({}, {}),
    "how_to_play_ruleset": ({}, {}),
    "edit_profile": ({}, PROFILE),
    "set_language": ({}, {"language": CHOICE, "next": TEXT}),
    "player_profile": (ARCHIVE, {}),
    "rankings": ({"ladder": CHOICE}, {}),
    "reminders_unsubscribe": ({}, {}),
    "alerts_manifest": ({}, {}),
    "alerts_service_worker": ({}, {}),
    "alerts_settings": ({}, {}),
    "alerts_add_device": ({}, {"endpoint": TEXT, "keys": TEXT}),
    "alerts_remove_device": ({}, {}),
    "alerts_add_hook": ({}, {"url": TEXT, "form": CHOICE}),
    "alerts_remove_hook": ({}, {}),
    "alerts_enable_hook": ({}, {}),
    "alerts_choices": ({}, {"turn": CHOICE, "clock": CHOICE, "nudge": CHOICE, "next": CHOICE}),
    "alerts_new_calendar": ({}, {}),
    "alerts_confirm_address": ({}, {}),
    "alerts_reconfirm": ({}, {}),
    "alerts_calendar": ({}, {}),
    "alerts_nudge": ({}, {}),
    "alerts_next": ({}, {}),
    "seats_needing_players": ({"rating_from": NUMBER, "rating_to": NUMBER}, {}),
    "take_seat": ({}, {"expected_ply": NUMBER}),
    "keep_bot": ({}, {}),
    "block_player": ({}, {"block": CHOICE}),
    "follow_player": ({}, {"follow": CHOICE}),
    "report_player": (
        {"message": NUMBER, "game": NUMBER, "kind": CHOICE, "text": TEXT},
        {"message": NUMBER, "game": NUMBER, "kind": CHOICE, "text": TEXT},
    ),
    "challenge_player": ({}, {}),
}
# The good values sent beside the nasty one, so that the view gets as far as reading it.
BASE = {
    "series_pick": lambda world: {"ability": world["card"]},
    "vacation": lambda world: {"action": "start"},
    "new_table": lambda world: {"ruleset": "classic", "setup": "2", "visibility": "public"},
    "play_bots": lambda world: {"opponents": "1", "level": "easy", "ruleset": "classic"},
    "game_chat_mute": lambda world: {"mute": "1"},
}
# Views that act on a POST with no input at all: walked by GET only.
ACT_ON_ANY_POST = {
    "puzzle_start",
    "game_leave",
    "reminders_unsubscribe",
    "account_logout",
    "alerts_remove_device",
    "alerts_remove_hook",
    "alerts_enable_hook",
    "alerts_new_calendar",
    "alerts_confirm_address",
    "alerts_nudge",
    "alerts_next",
    "keep_bot",
    "block_player",
    "follow_player",
    "challenge_player",
}
# The admin's own parameters: a changelist's search, page and order, a history's page; and
# those of the site's own admins, which page without counting (games.lists.paging), find a game by
# its number and filter games by their players, and page a game's ledger. The action of a
# changelist on the rows chosen.
ADMIN_QUERY = {
    "_changelist": {"q": TEXT, "p": CHOICE, "o": CHOICE},
    "_history": {"p": NUMBER},
    "games_game_changelist": {"q": NUMBER, "p": NUMBER, "players": NUMBER},
    "games_move_changelist": {"p": NUMBER},
    "games_game_change": {"ledger": NUMBER},
}
ADMIN_POST = {"_selected_action": NUMBER, "index": NUMBER}
ALLAUTH_POST = {"login": TEXT, "password": TEXT, "email": TEXT, "username": TEXT}


# --- What the views read ----------------------------------------------------------------------

_reading = contextvars.ContextVar("reading", default=None)


@contextmanager
def keys_read():
    """The keys of request.GET / request.POST read inside the block."""
    read: set[str] = set()
    token = _reading.set(read)
    try:
        yield read
    finally:
        _reading.reset(token)


def _recording(method):
    def wrapper(self, key, *args, **kwargs):
        read = _reading.get()
        if read is not None:
            read.add(key)
        return method(self, key, *args, **kwargs)

    return wrapper


@pytest.fixture
def recorded_reads(monkeypatch):
    for name in ("__getitem__", "get", "getlist", "__contains__"):
        monkeypatch.setattr(QueryDict, name, _recording(getattr(QueryDict, name)))


# --- The world --------------------------------------------------------------------------------


def build_world() -> dict:
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    staff = make_user("sam", staff=True)
    running = {
        "classic": start_game(alice, bob),
        "second-edition": start_game(alice, bots=1, ruleset="second-edition"),
        "archipelago": start_game(alice, bob, ruleset="archipelago"),
        "jamaica": start_game(alice, bob, ruleset="jamaica"),
    }
    finished = start_game(alice, bob)
    forfeits.resign(finished.pk, alice, expected_ply=finished.ply)
    finished.refresh_from_db()
    assert finished.status == Game.Status.FINISHED
    waiting = open_table(creator=carol, players=3)
    puzzle = open_table(
        creator=alice, players=1, ruleset="archipelago-puzzle", options={"puzzle": "first-steps"}
    )
    series_game = end_with(series_table(alice, bob), [4, 3])  # alice won: her pick
    from games.families.archipelago import series

    entry = series.ensure_draw(series_game.pk)
    assert series.next_picker(entry) is not None
    world = {
        "alice": alice,
        "bob": bob,
        "carol": carol,
        "staff": staff,
        "running": running,
        "finished": finished,
        "waiting": waiting,
        "series": series_game,
        "card": series.cards_left(entry)[0],
        "puzzle": puzzle,
        "records": bad_records(finished),
        "device": PushDevice.objects.create(
            user=alice, endpoint="https://push.example/1", p256dh="k", auth="a"
        ),
        "hook": Webhook.objects.create(user=alice, url="https://hooks.example/1"),
        "calendar": CalendarFeed.objects.create(user=alice),
    }
    return world


def bad_records(game: Game) -> list[str]:
    """The game's own record with a bad number in a tag: "²@1" skipped, deck "²" and others."""
    family = family_of(game.ruleset)
    text = family.records.export_text(game, list(game.seats.select_related("user")), [])
    deck = re.search(r'\[Deck "[0-9]+"\]', text)[0]
    assert "[Skipped" not in text
    bad = [text.replace(deck, f'[Deck "{number}"]') for number in ("²", "9" * 30, "-1")]
    for skipped in ("²@1", "0@①", "0@" + "9" * 30, "-1@0", "7@0", "0@", "0"):
        bad.append(text.replace(deck, f'{deck}\n[Skipped "{skipped}"]'))
    return bad


def snapshot() -> tuple:
    """What bad input must leave as it was."""
    return (
        Move.objects.count(),
        SeatAction.objects.count(),
        ChatMessage.objects.count(),
        ChatMute.objects.count(),
        Game.objects.count(),
        RematchOffer.objects.count(),
        sorted(Game.objects.values_list("pk", "status", "ply", "paused_at")),
        sorted(Seat.objects.values_list("game_id", "index", "user_id", "stand_in")),
        sorted(SeriesGame.objects.values_list("pk", "picks")),
        sorted(User.objects.values_list("pk", "vacation_until", "digest_hour")),
        sorted(PushDevice.objects.values_list("pk", "endpoint")),
        sorted(Webhook.objects.values_list("pk", "url", "form", "disabled_at")),
        sorted(CalendarFeed.objects.values_list("pk", "token")),
        sorted(AlertChoices.objects.values_list("user_id", "channels")),
        Nudge.objects.count(),
        NextWatch.objects.count(),
    )


# --- The URLs ---------------------------------------------------------------------------------


def patterns(resolver: URLResolver | None = None, namespace: str = "", prefix: str = ""):
    """Every pattern of the URL configuration: (its name with namespace, its route as text)."""
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from patterns(entry, inner, route)
        elif isinstance(entry, URLPattern):
            yield (f"{namespace}{entry.name or ''}", route)


def fillings(world: dict) -> dict[str, list[dict]]:
    """The path parameters of each pattern that has some, from the world's real objects."""
    games = [*world["running"].values(), world["finished"], world["series"], world["puzzle"]]
    every_game = [{"game_id": game.pk} for game in games + [world["waiting"]]]
    over = [world["finished"], world["series"]]
    return {
        "puzzle_start": [{"key": "first-steps"}],
        "game_invitation": [{"token": world["waiting"].invite_token}],
        "game_join": [{"game_id": world["waiting"].pk}] + every_game,
        "game_leave": every_game,
        "game_board": every_game,
        "game_board_partial": every_game,
        "game_move": [{"game_id": g.pk} for g in world["running"].values()] + every_game,
        "game_chat": every_game,
        "game_chat_mute": every_game,
        "game_seat_action": [
            {"game_id": world["running"]["classic"].pk, "action": action}
            for action in ("resign", "claim", "reclaim")
        ],
        "game_rematch": [{"game_id": g.pk} for g in over],
        "series_pick": [{"game_id": world["series"].pk}, {"game_id": world["finished"].pk}],
        "game_replay": [{"game_id": g.pk} for g in over + list(world["running"].values())],
        "game_verify": [{"game_id": g.pk} for g in over],
        "game_export": [{"game_id": g.pk, "kind": k} for g in over for k in ("txt", "json")],
        "imported_replay": [{"key": "0" * 16}],
        "how_to_play_ruleset": [{"ruleset": r} for r in ("classic", "archipelago", "jamaica")],
        "player_profile": [{"username": "alice"}],
        "reminders_unsubscribe": [{"token": unsubscribe_token(world["bob"])}],
        "alerts_remove_device": [{"pk": world["device"].pk}],
        "alerts_remove_hook": [{"pk": world["hook"].pk}],
        "alerts_enable_hook": [{"pk": world["hook"].pk}],
        "alerts_reconfirm": [{"token": "x"}],
        "alerts_calendar": [{"token": world["calendar"].token}],
        "alerts_nudge": every_game,
        "alerts_next": every_game,
        "take_seat": [{"game_id": g["game_id"], "seat": 1} for g in every_game],
        "keep_bot": [{"game_id": g["game_id"], "seat": 1} for g in every_game],
        "block_player": [{"username": "bob"}],
        "follow_player": [{"username": "bob"}],
        "report_player": [{"username": "bob"}],
        "challenge_player": [{"username": "bob"}],
        "account_confirm_email": [{"key": "x"}],
        "account_reset_password_from_key": [{"uidb36": "1", "key": "x"}],
    }


def admin_fillings(name: str, route: str) -> list[dict] | None:
    """An admin pattern's parameters: a model's first object, an app's label."""
    takes = {a or b for a, b in PARAMETER.findall(route)}
    for model in admin.site._registry:
        prefixes = [f"admin:{model._meta.app_label}_{model._meta.model_name}_"]
        if model is User:  # Django's UserAdmin names its password page after auth.User
            prefixes.append("admin:auth_user_")
        if name.startswith(tuple(prefixes)):
            first = model._default_manager.order_by("pk").first()
            return [{key: str(first.pk if first else 1) for key in takes}]
    if name == "admin:app_list":
        return [{"app_label": label} for label in ("games", "accounts", "ratings", "reminders")]
    if name == "admin:view_on_site":
        from django.contrib.contenttypes.models import ContentType

        game = Game.objects.order_by("pk").first()
        content_type = ContentType.objects.get_for_model(Game)
        return [{"content_type_id": content_type.pk, "object_id": str(game.pk)}]
    return None


PARAMETER = re.compile(r"<(?:\w+:)?(\w+)>|\(\?P<(\w+)>")


def site_urls(world: dict) -> list[tuple[str, str]]:
    """(name, URL) of every pattern, filled."""
    filled = fillings(world)
    urls = []
    for name, route in patterns():
        takes = bool(PARAMETER.search(route))
        if name.endswith(":"):  # the admin's catch-all
            urls.append((name, "/" + PARAMETER.sub("x", route).replace("^", "").replace("$", "")))
            continue
        kwargs_list = filled.get(name) or (
            admin_fillings(name, route) if name.startswith("admin:") else None
        )
        if kwargs_list is None:
            kwargs_list = [{}]
            assert not takes, f"give the pattern {name} ({route}) a filling from the world"
        urls += [(name, reverse(name, kwargs=kwargs)) for kwargs in kwargs_list]
    return urls


def parameters_of(name: str) -> tuple[dict[str, str], dict[str, str]]:
    if name.startswith("admin:"):
        query = {}
        for ending, keys in ADMIN_QUERY.items():
            query |= keys if name.endswith(ending) else {}
        return query, ADMIN_POST if name.endswith("_changelist") else {}
    if name.startswith("account_"):
        return {"next": TEXT}, ALLAUTH_POST
    return PARAMETERS[name]


def base_of(name: str, world: dict) -> dict:
    if name.startswith("admin:") and name.endswith("_changelist"):
        return {"action": "delete_selected"}
    if name == "game_join":
        return {"seat": "7"}  # no such seat: the nasty invitation alone must not seat anyone
    return BASE[name](world) if name in BASE else {}


def posts(name: str) -> bool:
    """Whether the walk posts to `name`: not to views whose every POST acts (a logout, leaving
    a table, the admin's deletions)."""
    return name not in ACT_ON_ANY_POST and not name.endswith(("_delete", ":logout"))


def values_of(kind: str, world: dict) -> list[str]:
    return VALUES[kind] + (world["records"] if kind == RECORD else [])


def bad(kind: str, value: str) -> bool:
    return kind != TEXT or value in BAD_EVERYWHERE


# --- The walk ---------------------------------------------------------------------------------


def test_every_pattern_of_the_site_is_walked(db):
    world = build_world()
    names = {name for name, _url in site_urls(world)}
    site_names = {name for name, _route in patterns() if name and ":" not in name}
    assert site_names - {n for n in site_names if n.startswith("account_")} == set(PARAMETERS)
    assert {"lobby", "game_join", "admin:games_game_change", "admin:index"} <= names


def clients(world: dict) -> dict[str, Client]:
    anonymous, player, staff = (Client(raise_request_exception=False) for _ in range(3))
    player.force_login(world["alice"])
    staff.force_login(world["staff"])
    return {"anonymous": anonymous, "player": player, "staff": staff}


@pytest.fixture
def quiet_server_errors(monkeypatch):
    """The walk's server errors are listed by the test: their logged tracebacks (each with the
    nasty value in it, 20,000 characters of JSON) would bury that list."""
    monkeypatch.setattr(logging.getLogger("django.request"), "disabled", True)


def test_nasty_values_get_a_page_or_a_refusal_and_change_nothing(
    db, recorded_reads, quiet_server_errors
):
    world = build_world()
    who = clients(world)
    urls = site_urls(world)
    server_errors, changed, undeclared, seen = [], [], {}, {}

    def send(client, method, name, url, data, *, must_not_change):
        before = snapshot() if must_not_change else None
        with keys_read() as read:
            response = client.get(url, data) if method == "GET" else client.post(url, data)
        if response.status_code >= 500:
            server_errors.append(f"{method} {url} {shown(data)}")
        elif must_not_change and snapshot() != before:
            changed.append(f"{method} {url} {shown(data)}: {response.status_code}")
        seen.setdefault(name, set()).update(read)
        if ":" not in name and not name.startswith("account_"):
            declared = set().union(*parameters_of(name))
            extra = read - declared - {"csrfmiddlewaretoken"}
            if extra:
                undeclared.setdefault(name, set()).update(extra)
        return response

    # Nasty values, one key at a time, beside the good values the view needs to reach it: the
    # first filling of each pattern, as each user who gets past its log-in.
    walked = set()
    for name, url in urls:
        if name in walked:
            continue
        walked.add(name)
        get_keys, post_keys = parameters_of(name)
        users = ["staff"] if name.startswith("admin:") else ["anonymous", "player"]
        for user in users:
            client = who[user]
            if getattr(client.get(url), "url", "").startswith("/accounts/login/"):
                continue  # the nasty values would not reach the view
            for key, kind in get_keys.items():
                for value in [*values_of(kind, world), ""]:
                    send(client, "GET", name, url, {key: value}, must_not_change=True)
            if not posts(name):
                continue
            for key, kind in post_keys.items():
                for value in values_of(kind, world):
                    data = {**base_of(name, world), key: value}
                    send(client, "POST", name, url, data, must_not_change=bad(kind, value))

    # Then every filling, plainly: by GET as the player and staff (and anonymous, who is mostly
    # sent to log in, at the first of each pattern's), by POST as the one who may. A POST with
    # nothing in it may act (a seat taken at a table, no ability picked), so this pass comes
    # last and checks only the answer.
    first_of = {}
    for name, url in urls:
        first_of.setdefault(name, url)
        for user, client in who.items():
            if user != "anonymous" or first_of[name] == url:
                send(client, "GET", name, url, {}, must_not_change=False)
            if posts(name) and user == ("staff" if name.startswith("admin:") else "player"):
                send(client, "POST", name, url, {}, must_not_change=False)

    assert {"tables", "running"} <= seen["lobby"]  # the reads are recorded
    found = [f"5xx: {line}" for line in server_errors] + [f"changed: {line}" for line in changed]
    found += [f"reads undeclared {sorted(keys)}: {name}" for name, keys in undeclared.items()]
    assert not found, f"{len(found)} found:\n" + "\n".join(found)


def shown(data: dict) -> str:
    return ", ".join(f"{key}={value[:12]!r}" for key, value in data.items())


# --- The parser and its refusals --------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "number"), [("7", 7), ("0", 0), ("-3", -3), ("999999", 999999), ("", 5), (None, 5)]
)
def test_parse_int_reads_ascii_digits_within_the_range(value, number):
    assert parse_int(value, minimum=-5, maximum=999_999, default=5) == number


@pytest.mark.parametrize(
    "value", ["²", "①", "٣", "٣٣", "9" * 30, "1" * 19, " 3", "3 ", "1_000", "+3", "3.0", "0x1f"]
)
def test_parse_int_refuses_anything_else(value):
    with pytest.raises(BadNumber):
        parse_int(value, minimum=-(10**30), maximum=10**30)


def test_parse_int_refuses_a_number_out_of_its_range_or_missing():
    with pytest.raises(BadNumber):
        parse_int("0", minimum=1, maximum=9)
    with pytest.raises(BadNumber):
        parse_int("10", minimum=1, maximum=9)
    with pytest.raises(BadNumber):
        parse_int("", minimum=1, maximum=9)


def test_a_bad_number_in_the_lobby_is_a_400_that_says_why(client, db):
    response = client.get("/games/", {"tables": "²"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "a whole number from 1 to 999999" in page and "Nothing was changed." in page


def test_a_nul_in_a_posted_field_is_refused_before_the_view(client, db):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob)
    client.force_login(alice)
    response = client.post(f"/games/{game.pk}/join/", {"invite_token": "a\x00b"})
    assert response.status_code == 400
    assert "NUL character" in response.content.decode()


def import_refusal(client, record: str) -> str:
    response = client.post(reverse("import_record"), {"record": record})
    assert response.status_code == 400
    return response.content.decode()


def test_a_record_nested_ten_thousand_deep_is_refused_with_its_reason(client, db):
    client.force_login(make_user("alice"))
    assert "its JSON nests too deep" in import_refusal(client, DEEP_JSON)
    archipelago = '{"format": "archipelago-record", "x": ' + "[" * 10_000 + "]" * 10_000 + "}"
    assert "its JSON nests too deep" in import_refusal(client, archipelago)


def test_a_record_with_a_bad_number_in_its_skipped_or_deck_tag_is_refused(client, db):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob)
    forfeits.resign(game.pk, alice, expected_ply=0)
    game.refresh_from_db()
    client.force_login(alice)
    skipped, deck = bad_records(game)[3], bad_records(game)[0]
    assert '[Skipped "²@1"]' in skipped and '[Deck "²"]' in deck
    assert "the Skipped tag lists seat@ply pairs" in import_refusal(client, skipped)
    assert "the Deck tag is a whole number" in import_refusal(client, deck)
