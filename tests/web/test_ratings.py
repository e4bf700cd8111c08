"""Ratings: openskill's Plackett-Luce numbers per ladder, once per game, rebuilt identically."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from openskill.models import PlackettLuce

from games.models import Game
from ratings.models import RatedGame, Rating, RatingChange, Standing, shown_rating
from ratings.services import rate_pending
from ratings.tasks import rate_finished_games
from tests.factories import make_user
from tests.web.history_kit import finished_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def people():
    return [make_user(name) for name in ("alice", "bob", "carol", "dave")]


def rating(user, ladder: str) -> Rating:
    return Rating.objects.get(user=user, ladder_id=ladder)


def test_one_against_one_is_a_direct_openskill_call(people):
    alice, bob = people[:2]
    finished_game([alice, bob], [10, 4], ended=timezone.now())
    assert rate_pending() == 1
    model = PlackettLuce()
    [[a], [b]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    assert rating(alice, "1v1").mu == pytest.approx(a.mu)
    assert rating(alice, "1v1").sigma == pytest.approx(a.sigma)
    assert rating(bob, "1v1").mu == pytest.approx(b.mu)
    assert rating(alice, "1v1").shown == round(1000 + 40 * (a.mu - 3 * a.sigma))
    # Hand-checked: the winner gains what the loser loses, from 25 each.
    assert a.mu > 25 > b.mu and a.mu - 25 == pytest.approx(25 - b.mu)


def test_three_players_with_a_tie_for_second(people):
    alice, bob, carol = people[:3]
    finished_game([alice, bob, carol], [3, 9, 3], ended=timezone.now())
    rate_pending()
    model = PlackettLuce()
    fresh = [[model.rating()] for _ in range(3)]
    [[a], [b], [c]] = model.rate(fresh, ranks=[2, 1, 2])
    assert rating(bob, "3p").mu == pytest.approx(b.mu)
    assert rating(alice, "3p").mu == pytest.approx(a.mu)
    # Equal coins are a tie: alice and carol are rated alike.
    assert rating(alice, "3p").mu == pytest.approx(rating(carol, "3p").mu)
    assert [s.place for s in Standing.objects.order_by("seat")] == [2, 1, 2]
    assert [s.won for s in Standing.objects.order_by("seat")] == [False, True, False]


def test_four_players_each_for_themselves(people):
    finished_game(people, [1, 8, 5, 0], ended=timezone.now())
    rate_pending()
    model = PlackettLuce()
    after = model.rate([[model.rating()] for _ in range(4)], ranks=[3, 1, 2, 4])
    for user, [expected] in zip(people, after, strict=True):
        assert rating(user, "4p").mu == pytest.approx(expected.mu)
        assert rating(user, "4p").sigma == pytest.approx(expected.sigma)


def test_two_against_two_rates_partners_as_a_team(people):
    alice, bob, carol, dave = people
    # White (alice) and Black (carol) against Yellow (bob) and Red (dave).
    finished_game(people, [4, 6, 5, 1], teams=True, ended=timezone.now())
    rate_pending()
    model = PlackettLuce()
    [[a, c], [b, d]] = model.rate(
        [[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=[1, 2]
    )
    assert rating(alice, "2v2").mu == pytest.approx(a.mu)
    assert rating(carol, "2v2").mu == pytest.approx(c.mu)
    assert rating(bob, "2v2").mu == pytest.approx(b.mu)
    assert rating(alice, "2v2").wins == 1 and rating(bob, "2v2").wins == 0


def test_unrated_tables_aborted_games_and_bots(people):
    alice, bob = people[:2]
    finished_game([alice], [3, 4], bots=1, ended=timezone.now())
    finished_game([alice, bob], [3, 4], private=True, ended=timezone.now())
    finished_game([alice, bob], [3, 4], rated=False, ended=timezone.now())
    aborted = finished_game([alice, bob], [0, 0], ended=timezone.now())
    Game.objects.filter(pk=aborted.pk).update(status=Game.Status.ABORTED)
    assert rate_pending() == 0
    assert not Rating.objects.exists()
    # A friends' game chosen as rated when the table opened is rated.
    finished_game([alice, bob], [3, 4], private=True, rated=True, ended=timezone.now())
    assert rate_pending() == 1


def test_a_forfeited_seat_takes_the_last_place_whatever_its_coins(people):
    alice, bob, carol = people[:3]
    finished_game([alice, bob, carol], [9, 5, 1], forfeited=[0], ended=timezone.now())
    rate_pending()
    assert [s.place for s in Standing.objects.order_by("seat")] == [3, 1, 2]


def test_a_jamaica_score_below_zero_is_rated_and_kept(people):
    # Jamaica counts the -5 square and cursed treasures: a player can finish below zero.
    alice, bob = people[:2]
    finished_game([alice, bob], [14, -6], ruleset="jamaica", ended=timezone.now())
    assert rate_pending() == 1
    assert [(s.place, s.coins) for s in Standing.objects.order_by("seat")] == [(1, 14), (2, -6)]
    assert rating(alice, "jamaica").mu > rating(bob, "jamaica").mu


def test_archipelago_is_rated_on_the_jackal_ladders(people):
    # Archipelago is a Jackal ruleset: its games count on the ladders of the table's shape,
    # beside classic and second-edition games (docs/ratings.md), not on a ladder of their own.
    alice, bob, carol, dave = people
    finished_game([alice, bob], [7, 12], ruleset="archipelago", ended=timezone.now())
    finished_game([alice, bob, carol], [5, 8, 6], ruleset="archipelago", ended=timezone.now())
    finished_game(
        [alice, bob, carol, dave],
        [4, 3, 6, 6],
        teams=True,
        ruleset="archipelago",
        ended=timezone.now(),
    )
    assert rate_pending() == 3
    assert sorted(RatedGame.objects.values_list("ladder_id", flat=True)) == ["1v1", "2v2", "3p"]
    assert rating(bob, "1v1").mu > rating(alice, "1v1").mu
    # 2v2: seats 0 and 2 (alice, carol: 4 + 6 = 10) beat seats 1 and 3 (bob, dave: 3 + 6 = 9).
    assert rating(carol, "2v2").mu > rating(dave, "2v2").mu
    assert not Rating.objects.filter(ladder_id="jamaica").exists()


def test_a_game_is_rated_once_even_if_the_task_runs_twice(people):
    alice, bob = people[:2]
    finished_game([alice, bob], [10, 4], ended=timezone.now())
    assert rate_finished_games.delay().get() == 1
    once = (rating(alice, "1v1").mu, rating(alice, "1v1").games)
    assert rate_finished_games.delay().get() == 0
    assert (rating(alice, "1v1").mu, rating(alice, "1v1").games) == once == (once[0], 1)
    assert RatingChange.objects.count() == 2 and RatedGame.objects.count() == 1


def test_recompute_gives_the_incremental_numbers(people):
    now = timezone.now()
    import random

    rng = random.Random(4)
    for day in range(40):
        seated = rng.sample(people, rng.choice([2, 3, 4]))
        scores = [rng.randint(0, 9) for _ in seated]
        teams = len(seated) == 4 and rng.random() < 0.5
        finished_game(seated, scores, teams=teams, ended=now - timedelta(days=60 - day))
        if day % 3 == 0:
            rate_pending()  # games are rated as they end, in several runs
    rate_pending()
    incremental = sorted(Rating.objects.values_list("user_id", "ladder_id", "mu", "sigma", "games"))
    history = sorted(RatingChange.objects.values_list("user_id", "ladder_id", "shown", "ended_at"))
    call_command("recompute_ratings")
    assert sorted(Rating.objects.values_list("user_id", "ladder_id", "mu", "sigma", "games")) == (
        incremental
    )
    assert (
        sorted(RatingChange.objects.values_list("user_id", "ladder_id", "shown", "ended_at"))
        == history
    )


def test_finishing_a_game_rates_it_after_commit(people, django_capture_on_commit_callbacks):
    alice, bob = people[:2]
    game = finished_game([alice, bob], [1, 2], ended=timezone.now())
    Game.objects.filter(pk=game.pk).update(status=Game.Status.RUNNING)
    game.refresh_from_db()
    game.status = Game.Status.FINISHED
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        game.save(update_fields=["status"])
    assert not RatedGame.objects.exists()  # nothing before the commit
    assert len(callbacks) == 1
    callbacks[0]()
    assert rating(bob, "1v1").wins == 1


def test_rankings_show_active_players_and_the_viewers_place(client, people):
    alice, bob, carol, dave = people
    now = timezone.now()
    for _ in range(3):
        finished_game([alice, bob], [9, 1], ended=now - timedelta(days=1))
    finished_game([carol, dave], [9, 1], ended=now - timedelta(days=200))
    rate_pending()
    client.force_login(bob)
    page = client.get(reverse("rankings"), {"ladder": "1v1"})
    names = [r.user.username for _place, r in page.context["top"]]
    assert names == ["alice", "bob"]  # carol and dave have not played for 90 days
    html = page.content.decode()
    assert 'class="own-place" aria-current="true"' in html
    assert "provisional" in html
    assert page.context["mine"]["place"] == 2
    assert "100%" in html and "0%" in html


def test_a_profile_shows_ratings_a_chart_and_the_record_against_the_viewer(client, people):
    alice, bob = people[:2]
    now = timezone.now()
    for i, scores in enumerate([[9, 1], [2, 8], [9, 1], [5, 5]]):
        finished_game([alice, bob], scores, ended=now - timedelta(hours=10 - i))
    rate_pending()
    client.force_login(bob)
    html = client.get(reverse("player_profile", args=["alice"])).content.decode()
    assert f"One against one: {rating(alice, '1v1').shown}" in html
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in html and "<polyline" in html
    shown = list(
        RatingChange.objects.filter(user=alice).order_by("ended_at").values_list("shown", flat=True)
    )
    assert len(shown) == 4 and shown[-1] == rating(alice, "1v1").shown
    # The chart's line: the newcomer's 1000, then the rating after each game.
    line = html.split('<polyline points="', 1)[1].split('"', 1)[0]
    assert len(line.split()) == 5
    assert "4 games against you. alice placed ahead: 2, behind: 1, level: 1." in html


def test_the_shown_rating_scale():
    assert shown_rating(25, 25 / 3) == 1000
    assert shown_rating(30, 2) == 1000 + 40 * 24


def test_the_admin_shows_ratings_read_only_and_recomputes(client, people):
    alice, bob = people[:2]
    finished_game([alice, bob], [10, 4], ended=timezone.now())
    rate_pending()
    before = rating(alice, "1v1").mu
    client.force_login(make_user("staffer", staff=True))
    assert client.get(reverse("admin:ratings_rating_changelist")).status_code == 200
    entry = rating(alice, "1v1")
    change = client.get(reverse("admin:ratings_rating_change", args=[entry.pk]))
    assert change.status_code == 200 and b'name="mu"' not in change.content  # read-only
    assert client.get(reverse("admin:ratings_rating_add")).status_code == 403
    Rating.objects.filter(pk=entry.pk).update(mu=1.0)  # a rating gone wrong
    answer = client.post(
        reverse("admin:ratings_ladder_changelist"),
        {"action": "recompute_ratings", "_selected_action": ["1v1"]},
    )
    assert answer.status_code == 302
    assert rating(alice, "1v1").mu == pytest.approx(before)


def test_recompute_from_the_ledgers_replays_each_game_and_checks_its_result(capsys):
    from tests.web.history_kit import play_out

    alice, bob = make_user("alice"), make_user("bob")
    from tests.factories import start_game

    game = play_out(start_game(alice, bob), seed=13)
    call_command("recompute_ratings", "--from-ledgers")
    assert "rated 1 games" in capsys.readouterr().out
    shown = rating(alice, "1v1").shown
    outcome = dict(game.outcome, scores={"0": 99, "1": 0}, ranking=[[0], [1]])
    Game.objects.filter(pk=game.pk).update(outcome=outcome)
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="does not give its recorded result"):
        call_command("recompute_ratings", "--from-ledgers")
    assert rating(alice, "1v1").shown == shown  # nothing was changed


def test_partners_are_not_counted_as_opponents_head_to_head(client, people):
    alice, bob, carol, dave = people
    finished_game(people, [4, 6, 5, 1], teams=True, ended=timezone.now())  # alice + carol won
    finished_game([alice, carol], [2, 7], ended=timezone.now())
    rate_pending()
    client.force_login(alice)
    html = client.get(reverse("player_profile", args=["carol"])).content.decode()
    assert "1 game against you. carol placed ahead: 1, behind: 0, level: 0." in html
