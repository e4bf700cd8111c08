"""A series of Archipelago games at one table with special abilities (rulings S2–S8): the table
form, the draw after a game, picks over HTTP, the next game carrying the abilities, the
standings."""

from __future__ import annotations

import hashlib
from datetime import timedelta
from unittest import mock

import pytest
import time_machine
from django.urls import reverse

from games.families.archipelago import series
from games.models import Game, RematchOffer, SeriesGame
from games.rematch import answer_rematch, offer_rematch
from games.services import head_state, join_table, open_table, submit_move
from rules.archipelago.tiles import FACES
from tests.factories import make_user

# One deal for the first game of every series here: the island's random removal decides which
# chests are left, and a few deals in a thousand cannot make the coins a test asks `end_with`
# for. This one makes every split these tests use.
SEED = "series-test-deal"


def _fixed_seed(game: Game) -> None:
    game.seed = SEED
    game.seed_hash = hashlib.sha256(SEED.encode()).hexdigest()


def series_table(*people, bots: int = 0, players: int | None = None, teams: bool = False):
    players = players or len(people) + bots
    with mock.patch.object(Game, "assign_seed", _fixed_seed):
        game = open_table(
            creator=people[0],
            ruleset="archipelago",
            players=players,
            teams=teams,
            bot_seats=tuple(range(len(people), players)),
            bot_level="easy",
            options={"landing": "recommended", "island": "twin"},
        )
        series.start_series(game)
        for person in people[1:]:
            join_table(game.pk, person)
    game.refresh_from_db()
    return game


def end_with(game: Game, stowed: list[int]) -> Game:
    """End `game` by a unanimous vote with exactly `stowed` coins aboard each boat: face-down
    chests are turned up and their coins put aboard (the 19 coins still add up), then every seat
    votes through the move service."""
    state = head_state(game)
    chests = sorted(
        (c for c, t in state.tiles.items() if not t["up"] and t["face"].startswith("chest-")),
        key=lambda c: FACES[state.tiles[c]["face"]].coins,
    )

    def coins(cell):
        return FACES[state.tiles[cell]["face"]].coins

    def split(wants: list[int], left: list) -> list[list] | None:
        """Face-down chests for each seat holding exactly what it still needs (searched
        together: a greedy pick could overshoot, or starve the next seat)."""
        if not wants:
            return []
        for picked in subsets(wants[0], left):
            rest = split(wants[1:], [c for c in left if c not in picked])
            if rest is not None:
                return [picked, *rest]
        return None

    def subsets(total: int, left: list):
        if total == 0:
            yield []
            return
        for i, cell in enumerate(left):
            if coins(cell) <= total:
                for rest in subsets(total - coins(cell), left[i + 1 :]):
                    yield [cell, *rest]

    plan = split([want - state.stowed[seat] for seat, want in enumerate(stowed)], chests)
    assert plan is not None, f"this deal's chests cannot make {stowed} coins"
    for seat, picked in enumerate(plan):
        for cell in picked:
            state.tiles[cell].update(up=True, spent=True)
            state.stowed[seat] += coins(cell)
        assert state.stowed[seat] == stowed[seat]
    Game.objects.filter(pk=game.pk).update(state=state.to_json())
    game.refresh_from_db()
    first = game.seats_to_act()[0]
    submit_move(game.pk, seat_index=first, text="offer end", expected_ply=game.ply)
    for seat in range(game.players):
        if seat != first:
            game.refresh_from_db()
            submit_move(game.pk, seat_index=seat, text="accept end", expected_ply=game.ply)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


@pytest.fixture
def duo(db):
    alice, bob = make_user("alice"), make_user("bob")
    return series_table(alice, bob), alice, bob


def test_the_table_form_opens_a_series_and_refuses_it_for_other_rules(client, db):
    alice = make_user("alice")
    client.force_login(alice)
    form = {"ruleset": "archipelago", "setup": "2", "visibility": "public", "bots": "1"}
    form.update(bot_level="easy", clock_kind="per-move", days_per_move="3", series="on")
    response = client.post(reverse("new_table"), form)
    assert response.status_code == 302
    game = Game.objects.get(created_by=alice)
    assert SeriesGame.objects.get(game=game).number == 1
    html = client.get(game.get_absolute_url()).content.decode()
    assert "game 1 of a series" in html and "Series standings" in html
    refused = client.post(reverse("new_table"), dict(form, ruleset="classic"))
    assert "Series with special abilities are for Archipelago." in refused.content.decode()
    assert Game.objects.filter(created_by=alice).count() == 1


def test_S2_the_draw_lays_four_cards_and_the_winner_picks_first(client, duo):
    game, alice, bob = duo
    game = end_with(game, [3, 6])  # bob (seat 1) wins
    client.force_login(alice)
    html = client.get(game.get_absolute_url()).content.decode()
    assert "The ability draw after game 1 of the series" in html
    assert "Cards on the table, for bob to pick:" in html
    assert 'name="ability"' not in html  # not alice's pick yet
    entry = SeriesGame.objects.get(game=game)
    assert len(entry.offer) == 4 and entry.pickers == [1, 0]
    # alice may not pick before bob: refused, nothing changed.
    response = client.post(
        reverse("series_pick", args=[game.pk]),
        {"ability": entry.offer[0], "pirate": "1"},
        follow=True,
    )
    assert "It is not your pick." in response.content.decode()
    entry.refresh_from_db()
    assert entry.picks == []
    client.force_login(bob)
    client.post(reverse("series_pick", args=[game.pk]), {"ability": entry.offer[1], "pirate": "2"})
    entry.refresh_from_db()
    assert entry.picks == [{"member": 1, "ability": entry.offer[1], "pirate": 2}]
    # The card bob took is gone from the table; a card not on it is refused.
    client.force_login(alice)
    html = client.get(game.get_absolute_url()).content.decode()
    left = series.cards_left(entry)
    assert len(left) == 3 and sorted(left + [entry.offer[1]]) == sorted(entry.offer)
    assert html.count('class="ability-card"') == 3
    assert all(f'name="ability" value="{card}"' in html for card in left)
    response = client.post(
        reverse("series_pick", args=[game.pk]), {"ability": "wizard", "pirate": "1"}, follow=True
    )
    assert "That card is not on the table." in response.content.decode()
    response = client.post(
        reverse("series_pick", args=[game.pk]),
        {"ability": entry.offer[0], "pirate": "7"},
        follow=True,
    )
    assert "Choose a pirate of yours without an ability." in response.content.decode()
    client.post(reverse("series_pick", args=[game.pk]), {"ability": "", "pirate": ""})
    entry.refresh_from_db()
    assert entry.picks[-1] == {"member": 0, "ability": None, "pirate": None}
    assert "The draw is over." in client.get(game.get_absolute_url()).content.decode()


def test_S2_fewer_than_three_coins_gives_no_pick(duo):
    game, _alice, _bob = duo
    game = end_with(game, [2, 5])
    entry = series.ensure_draw(game.pk)
    assert entry.pickers == [1]


def test_S3_the_next_game_waits_for_the_draw_then_carries_the_abilities(client, duo):
    game, alice, bob = duo
    game = end_with(game, [4, 3])
    entry = series.ensure_draw(game.pk)
    with pytest.raises(series.SeriesError):
        offer_rematch(game.pk, alice)
    assert not RematchOffer.objects.filter(game=game).exists()
    series.pick(game.pk, alice, entry.offer[0], "2")
    series.pick(game.pk, bob, entry.offer[1], "3")
    offer_rematch(game.pk, bob)
    offer = answer_rematch(game.pk, alice, accept=True)
    nxt = Game.objects.get(pk=offer.new_game_id)
    assert nxt.is_running and nxt.options["island"] == "twin"
    # Seats moved one place on: bob is white now, alice yellow; the abilities follow them.
    seats = {s.index: s.user for s in nxt.seats.all()}
    assert seats == {0: bob, 1: alice}
    assert nxt.options["abilities"] == {"Y2": entry.offer[0], "W3": entry.offer[1]}
    state = head_state(nxt)
    assert state.ability("Y2") == entry.offer[0] and state.ability("W3") == entry.offer[1]
    assert SeriesGame.objects.get(game=nxt).number == 2
    client.force_login(alice)
    html = client.get(nxt.get_absolute_url()).content.decode()
    assert "game 2 of a series" in html
    assert f'data-ability="{entry.offer[0]}"' in html or "Y2:" in html
    assert "Y2:" in html and "W3:" in html and "★" in html


def test_S8_the_draw_closes_after_three_days_and_the_next_game_may_start(client, duo):
    game, alice, bob = duo
    game = end_with(game, [4, 3])  # alice wins and picks first; nobody picks
    entry = series.ensure_draw(game.pk)
    assert entry.pickers == [0, 1] and entry.picks == []
    client.force_login(bob)
    html = client.get(game.get_absolute_url()).content.decode()
    assert "The draw closes on" in html
    with time_machine.travel(game.finished_at + timedelta(days=2, hours=23), tick=False):
        assert series.next_picker(series.ensure_draw(game.pk)) == 0  # still waiting
        with pytest.raises(series.SeriesError):
            offer_rematch(game.pk, bob)
    with time_machine.travel(game.finished_at + timedelta(days=3), tick=False):
        # A late pick is refused, changing nothing but the closing itself.
        with pytest.raises(series.SeriesError, match="no ability to pick"):
            series.pick(game.pk, alice, entry.offer[0], "1")
        entry.refresh_from_db()
        lapsed = {"ability": None, "pirate": None, "lapsed": True}
        assert entry.picks == [{"member": 0, **lapsed}, {"member": 1, **lapsed}]
        html = client.get(game.get_absolute_url()).content.decode()
        assert "alice did not pick within three days: no card." in html
        assert "The draw is over." in html and "The draw closes on" not in html
        offer_rematch(game.pk, bob)
        offer = answer_rematch(game.pk, alice, accept=True)
        nxt = Game.objects.get(pk=offer.new_game_id)
        assert nxt.is_running and "abilities" not in nxt.options


def test_S4_an_abilitys_holder_cannot_take_a_second_for_the_same_pirate(duo):
    game, alice, bob = duo
    game = end_with(game, [4, 3])
    entry = series.ensure_draw(game.pk)
    series.pick(game.pk, alice, entry.offer[0], "1")
    series.pick(game.pk, bob, "", "")
    offer_rematch(game.pk, alice)
    nxt = Game.objects.get(pk=answer_rematch(game.pk, bob, accept=True).new_game_id)
    nxt = end_with(nxt, [3, 3])  # both first: seat order, bob (white) then alice
    second = series.ensure_draw(nxt.pk)
    assert second.pickers == [1, 0]  # members: bob is member 1
    series.pick(nxt.pk, bob, "", "")
    with pytest.raises(series.SeriesError):
        series.pick(nxt.pk, alice, series.cards_left(second)[0], "1")
    series.pick(nxt.pk, alice, series.cards_left(second)[0], "3")
    assert series.held_abilities(second.series) == {0: {1: entry.offer[0], 3: second.offer[0]}}


def test_S5_the_standings_count_wins_then_coins(duo):
    game, alice, bob = duo
    game = end_with(game, [3, 7])
    rows = series.standings(SeriesGame.objects.get(game=game).series)
    assert [(r["name"], r["played"], r["wins"], r["coins"]) for r in rows] == [
        ("bob", 1, 1, game.outcome["scores"]["1"]),
        ("alice", 1, 0, game.outcome["scores"]["0"]),
    ]


def test_S6_bots_pick_at_once_the_first_card_for_their_first_free_pirate(db):
    alice = make_user("alice")
    game = series_table(alice, bots=1)
    game = end_with(game, [3, 8])  # the bot wins, picks first, then alice's turn
    entry = series.ensure_draw(game.pk)
    assert entry.picks == [{"member": 1, "ability": entry.offer[0], "pirate": 1}]
    assert series.next_picker(entry) == 0
    series.pick(game.pk, alice, entry.offer[2], "1")
    offer = offer_rematch(game.pk, alice)  # one person: it starts at once
    nxt = Game.objects.get(pk=offer.new_game_id)
    # A bot never takes seat 0 (the table's creator's): alice stays white; the bot keeps its level.
    assert nxt.options["abilities"] == {"W1": entry.offer[2], "Y1": entry.offer[0]}
    assert [s.bot for s in nxt.seats.order_by("index")] == ["", "easy"]


def test_a_pirate_with_an_ability_wears_a_star_on_the_island_and_its_boat_too(duo):
    from games.families.archipelago.board_svg import render_board

    game, alice, bob = duo
    game = end_with(game, [4, 3])
    entry = series.ensure_draw(game.pk)
    series.pick(game.pk, alice, entry.offer[0], "1")
    series.pick(game.pk, bob, "", "")
    offer_rematch(game.pk, alice)
    nxt = Game.objects.get(pk=answer_rematch(game.pk, bob, accept=True).new_game_id)
    state = head_state(nxt)
    view = state.view(None)
    assert view["abilities"] == {"Y1": entry.offer[0]}  # public: the cards lie face up
    # Y1 is aboard: its boat carries the one star, at the masthead.
    star = f'data-ability="{entry.offer[0]}"'
    drawn = render_board(view)
    assert drawn.count('data-ability="') == 1 and star in drawn
    assert 'data-piece="Y1"' not in drawn
    land = next(sq["cell"] for sq in view["squares"] if sq["back"] == "B")
    for piece in view["pieces"]:
        if piece["id"] == "Y1":
            piece.update(where="land", cell=land)
    drawn = render_board(view)  # ashore: the star goes with the pirate, the boat has none
    assert drawn.count('data-ability="') == 1
    assert drawn.index('data-piece="Y1"') < drawn.index(star)


def test_S7_an_aborted_game_draws_no_cards(duo):
    from games.services import abort_game

    game, alice, _bob = duo
    abort_game(game.pk, "test")
    game.refresh_from_db()
    entry = series.ensure_draw(game.pk)
    assert entry.offer == [] and entry.pickers == [] and series.next_picker(entry) is None


def test_the_russian_draw_panel(client, duo):
    game, alice, bob = duo
    game = end_with(game, [5, 3])
    type(alice).objects.filter(pk=alice.pk).update(language="ru")
    client.force_login(alice)
    html = client.get(game.get_absolute_url()).content.decode()
    assert "Розыгрыш способностей после партии 1 серии" in html
    assert "Ваша карта" in html


def test_staff_see_a_series_and_its_draws_in_the_admin_but_never_its_seed(client, duo):
    game, alice, bob = duo
    end_with(game, [4, 3])
    sg = series.ensure_draw(game.pk)  # the draw, as the board makes it once the game is over
    assert sg is not None and sg.offer
    staff = make_user("erin")
    staff.is_staff = staff.is_superuser = True
    staff.save(update_fields=["is_staff", "is_superuser"])
    client.force_login(staff)
    listing = client.get(reverse("admin:games_series_changelist"))
    assert listing.status_code == 200 and f"series {sg.series_id}" in listing.content.decode()
    page = client.get(reverse("admin:games_series_change", args=[sg.series_id])).content.decode()
    assert reverse("admin:games_game_change", args=[game.pk]) in page
    assert str(sg.offer[0]) in page  # the cards laid out after the game
    assert sg.series.seed not in page
    assert client.get(reverse("admin:games_series_add")).status_code == 403
