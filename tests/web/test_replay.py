"""The replay viewer: each ply's board is the engine's position, a running game shows only what
the viewer's seat saw, the deal is revealed at the end and verifies."""

import hashlib
import re

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.urls import reverse

from games import positions
from games.families.jackal import records
from games.families.jackal.board_layout import side_for
from games.families.jackal.board_svg import render_board
from games.models import Game
from rules.jackal import player_view, replay
from tests.factories import make_user, start_game
from tests.web.history_kit import play_out

pytestmark = pytest.mark.django_db


def ledger(game: Game) -> list[str]:
    return list(game.moves.order_by("ply").values_list("text", flat=True))


def engine_at(game: Game, ply: int):
    return replay(game.ruleset, game.players, game.seed, ledger(game)[:ply], teams=game.teams)


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()


@pytest.mark.parametrize("ruleset", ["classic", "second-edition"])
def test_every_ply_of_a_whole_game_is_the_engines_position(ruleset, client):
    alice, bob = make_user("alice"), make_user("bob")
    game = play_out(start_game(alice, bob, ruleset=ruleset), seed=7)
    assert game.status == Game.Status.FINISHED
    moves = ledger(game)
    state = replay(game.ruleset, game.players, game.seed, [], teams=game.teams)
    for ply in range(len(moves) + 1):
        if ply:
            state.apply(moves[ply - 1])
        # The viewer's position (through its cache of checkpoints) is the engine's, move by move.
        entries = list(game.moves.order_by("ply").values_list("seat", "text"))
        assert positions.position_at(game, ply, entries).to_json() == state.to_json(), ply
    # And the page shows it, at a sample of plies (every ply over HTTP is too slow for the suite).
    client.force_login(alice)
    url = reverse("game_replay", args=[game.pk])
    for ply in sorted({0, 1, 2, len(moves) // 3, len(moves) // 2, len(moves) - 1}):
        page = client.get(url, {"ply": ply})
        expected = records.revealed_view(engine_at(game, ply), whole_island=False)
        assert page.context["view"].to_json() == expected.to_json()
        assert page.context["svg"] in page.content.decode()
    last = client.get(url, {"ply": len(moves)}).context["view"]
    # The last ply: the deal revealed, the whole island face up.
    assert not [cell for cell in last.cells if cell.get("face_down")]
    assert last.pirates == player_view(engine_at(game, len(moves)), None).pirates


@pytest.mark.parametrize("ruleset", ["classic", "second-edition"])
def test_a_running_game_never_shows_a_face_down_tile(ruleset, client):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = play_out(start_game(alice, bob, ruleset=ruleset), seed=3, max_plies=60)
    assert game.status == Game.Status.RUNNING
    url = reverse("game_replay", args=[game.pk])
    for user, seat in ((alice, 0), (bob, 1), (carol, None)):
        client.force_login(user)
        for ply in range(game.ply + 1):
            page = client.get(url, {"ply": ply})
            html = page.content.decode()
            view = page.context["view"]
            # Exactly this seat's view at this ply, nothing more: no tile under a face-down square
            # but what the seat itself saw (the lighthouse), and never the seed.
            assert view.to_json() == player_view(engine_at(game, ply), seat).to_json(), (seat, ply)
            # Turned as the seat's own board is (bob's Yellow at the bottom, issue 43).
            assert page.context["svg"] == render_board(
                view, side=side_for(view, seat), last_move=page.context["svg"] and _last(game, ply)
            )
            assert game.seed not in html
            hidden = [c["coord"] for c in view.cells if c.get("face_down")]
            tiles = engine_at(game, ply).to_json()["tiles"]
            for coord in hidden:
                peeked = next(c for c in view.cells if c["coord"] == coord).get("peeked")
                assert peeked is None or seat is not None
                assert f"{coord}: {tiles[coord]}" not in html
    verify = client.get(reverse("game_verify", args=[game.pk])).content.decode()
    assert game.seed not in verify and "revealed when the game ends" in verify


def _last(game: Game, ply: int):
    from games.families.jackal.replay_board import last_move_cells

    return last_move_cells(ledger(game)[ply - 1]) if ply else None


def test_without_javascript_the_controls_are_links_and_htmx_gets_the_partial(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = play_out(start_game(alice, bob), seed=5, max_plies=12)
    client.force_login(alice)
    url = reverse("game_replay", args=[game.pk])
    html = client.get(url, {"ply": 5}).content.decode()
    for ply in (0, 4, 6, 12):
        assert f'href="{url}?ply={ply}"' in html
    assert 'aria-current="step" class="current">' in html
    assert re.search(r'<form id="replay-slider"[^>]*method="get"', html)
    assert "<script>" not in html  # no inline scripts: a Content-Security-Policy is coming
    partial = client.get(url, {"ply": 6}, HTTP_HX_REQUEST="true").content.decode()
    assert partial.lstrip().startswith('<section id="replay"')
    assert "<html" not in partial
    # Out-of-range plies are clamped, not errors.
    assert client.get(url, {"ply": 999}).context["ply"] == 12
    assert client.get(url, {"ply": "x"}).context["ply"] == 12


def test_private_games_replay_only_for_their_players(client):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = play_out(start_game(alice, bob, private=True), seed=5, max_plies=4)
    client.force_login(carol)
    assert client.get(reverse("game_replay", args=[game.pk])).status_code == 404
    assert client.get(reverse("game_export", args=[game.pk, "txt"])).status_code == 404
    client.force_login(bob)
    assert client.get(reverse("game_replay", args=[game.pk])).status_code == 200


def test_the_deal_is_revealed_and_verifies(client, capsys):
    alice, bob = make_user("alice"), make_user("bob")
    game = play_out(start_game(alice, bob), seed=11)
    client.force_login(bob)
    page = client.get(reverse("game_replay", args=[game.pk])).content.decode()
    assert game.seed in page and game.seed_hash in page
    check = client.get(reverse("game_verify", args=[game.pk])).content.decode()
    assert hashlib.sha256(game.seed.encode()).hexdigest() == game.seed_hash
    assert 'id="hash-check" class="message success"' in check
    assert 'id="replay-check" class="message success"' in check
    call_command("verify_deal", str(game.pk))
    out = capsys.readouterr().out
    assert "the hash matches" in out and f"the {game.ply} moves replay" in out


def test_verify_deal_reports_a_seed_that_does_not_match(capsys):
    alice, bob = make_user("alice"), make_user("bob")
    game = play_out(start_game(alice, bob), seed=11)
    Game.objects.filter(pk=game.pk).update(seed_hash="0" * 64)
    with pytest.raises(SystemExit):
        call_command("verify_deal", str(game.pk))
    assert "DOES NOT MATCH" in capsys.readouterr().out


def test_verify_deal_refuses_a_running_game(capsys):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob)
    with pytest.raises(SystemExit):
        call_command("verify_deal", str(game.pk))
    out = capsys.readouterr()
    assert game.seed not in out.out + out.err
