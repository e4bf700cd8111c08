"""The admin never answers a question about a running game's seed or hidden position (issue 17,
item 2). erin is staff with only the view permissions, as a moderator would be."""

import json

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from games.admin.game import GameAdmin, MoveAdmin
from games.models import Game
from tests.factories import make_user, start_game

SECRET_FIELDS = {"seed", "state", "outcome"}


@pytest.fixture
def erin(db):
    user = make_user("erin")
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.user_permissions.add(
        *Permission.objects.filter(codename__in=["view_game", "view_move", "change_game"])
    )
    return user


@pytest.fixture
def running(alice, bob):
    return start_game(alice, bob)


def face_down_cell(game: Game) -> tuple[str, str]:
    cell = next(c for c in game.state["tiles"] if c not in game.state["face_up"])
    return cell, json.dumps(game.state["tiles"][cell])


def secret_lookups(game: Game) -> list[tuple[str, str]]:
    cell, tile = face_down_cell(game)
    return [
        ("admin:games_game_changelist", f"seed__startswith={game.seed[0]}"),
        ("admin:games_game_changelist", f"seed={game.seed}"),
        ("admin:games_game_changelist", f"state__tiles__{cell}={tile}"),
        ("admin:games_game_changelist", f"state__tiles__{cell}__isnull=False"),
        ("admin:games_game_changelist", "outcome__isnull=True"),
        # Detours through relations lead to the same fields.
        ("admin:games_game_changelist", f"seats__game__seed__startswith={game.seed[0]}"),
        ("admin:games_game_changelist", f"moves__game__seed__startswith={game.seed[0]}"),
        ("admin:games_move_changelist", f"game__seed__startswith={game.seed[0]}"),
        ("admin:games_move_changelist", f"game__state__tiles__{cell}={tile}"),
    ]


def test_no_changelist_filters_on_the_seed_or_the_state(client, erin, running):
    client.force_login(erin)
    for url_name, query in secret_lookups(running):
        response = client.get(f"{reverse(url_name)}?{query}")
        # Django's answer to a refused lookup is 400 Bad Request, with no list at all.
        assert response.status_code == 400, query
        assert f"Game {running.pk}" not in response.content.decode()


def test_public_filters_still_work(client, erin, running):
    client.force_login(erin)
    for query in ("status=running", f"seed_hash={running.seed_hash}", "visibility=public"):
        response = client.get(f"{reverse('admin:games_game_changelist')}?{query}")
        assert response.status_code == 200, query
        assert f"/admin/games/game/{running.pk}/change/" in response.content.decode()


def test_no_column_sorts_or_searches_on_secrets():
    # `?o=N` sorts by the N-th listed column and `?q=` searches search_fields: none is secret.
    for admin_class in (GameAdmin, MoveAdmin):
        columns = {part for name in admin_class.list_display for part in str(name).split("__")} | {
            part for name in admin_class.search_fields for part in name.split("__")
        }
        assert not columns & SECRET_FIELDS, admin_class
        assert not {str(f) for f in admin_class.list_filter} & SECRET_FIELDS


def test_the_change_form_shows_neither_seed_nor_state(client, erin, running):
    client.force_login(erin)
    page = client.get(reverse("admin:games_game_change", args=[running.pk])).content.decode()
    assert running.seed not in page
    assert running.seed_hash in page  # public: published at the start
    assert "face_up" not in page and '"tiles"' not in page
    history = client.get(reverse("admin:games_game_history", args=[running.pk]))
    assert running.seed not in history.content.decode()
