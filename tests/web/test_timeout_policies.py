"""Every game family the site runs (classic Jackal, Jamaica, Archipelago), two players: a
resignation, a claim of victory after a timeout, and a timeout under each answer the table may
choose for its rules (TimeoutPolicy.offered_for), through the clock's sweep. Each game then ends
or plays on as its table chose, its ledger verifies and the replay reaches the same position.
Every game gets a random seed: the tests hold for every deal."""

import json
import random
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.urls import reverse

from games import positions
from games.clock import standings
from games.clock.clocks import TimeControl
from games.clock.sweep import sweep_timeouts
from games.models import Game, SeatAction, TimeoutPolicy
from games.services import (
    TableError,
    head_state,
    join_table,
    open_table,
    stored_position,
    submit_move,
    verify_ledger,
)
from rules.core import ruleset as rules_named

MONDAY = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)
FAMILIES = ("classic", "jamaica", "archipelago")
# The free actions about ending by agreement: random play leaves them, so the game plays on.
AGREEMENT = ("offer end", "accept end", "refuse end")
OFFERED = [(name, policy) for name in FAMILIES for policy in TimeoutPolicy.offered_for(name)]


@pytest.fixture
def travel():
    with time_machine.travel(MONDAY, tick=False) as traveller:
        yield traveller


def start(ruleset, people, policy=""):
    game = open_table(
        creator=people[0],
        players=len(people),
        ruleset=ruleset,
        control=TimeControl(days=1),
        timeout_policy=policy,
    )
    for person in people[1:]:
        join_table(game.pk, person)
    game.refresh_from_db()
    return game


def play(game: Game, rng: random.Random, plies: int, *, never=()) -> None:
    """The people play random legal moves for `plies` moves (or to the end); no seat of `never`
    is ever asked to act."""
    for _ in range(plies):
        game.refresh_from_db()
        if not game.is_running:
            return
        owing = game.seats_to_act()
        assert owing and not set(owing) & set(never), (owing, never)
        seat = game.seats.get(index=owing[0])
        legal = head_state(game).legal_moves(seat.index)
        moves = [m for m in legal if m not in AGREEMENT] or legal
        submit_move(game.pk, text=rng.choice(moves), expected_ply=game.ply, user=seat.user)
    game.refresh_from_db()


def running_game(ruleset, people, rng, policy="", plies=6):
    """A game of `ruleset` a few random moves in; one the deal ended at once gives way."""
    while True:
        game = start(ruleset, people, policy)
        play(game, rng, rng.randrange(plies + 1))
        if game.is_running:
            return game


def assert_replays(game: Game) -> None:
    """The ledger verifies, and the replay of its moves (with the clock's skips, and the seat
    action that ended it, if one did) is the stored position as the site reads it (a timeout's
    end is made on reading: services.stored_position)."""
    assert verify_ledger(game) == []
    entries = list(game.moves.order_by("ply").values_list("seat", "text"))
    state = positions.position_at(game, game.ply, entries)
    standings.replay_end(game, state)
    assert json.loads(json.dumps(state.to_json())) == stored_position(game)
    for ply in sorted({0, game.ply // 2, game.ply}):
        again = positions.position_at(game, ply, entries)
        assert again.ply == ply


def time_out(travel, game: Game) -> int:
    """The seat whose clock runs out, after the sweep that timed it out."""
    game.refresh_from_db()
    seat = game.seats_to_act()[0]
    travel.shift(DAY + timedelta(minutes=1))
    assert sweep_timeouts() == 1
    game.refresh_from_db()
    return seat


@pytest.mark.parametrize("ruleset", FAMILIES)
def test_a_resignation_ends_a_two_player_game_as_it_stands(client, ruleset, alice, bob):
    game = running_game(ruleset, [alice, bob], random.Random(ruleset))
    loser = game.seats_to_act()[-1]  # the rules say who may act; anyone may resign
    client.force_login(game.seats.get(index=loser).user)
    answer = client.post(
        reverse("game_seat_action", args=[game.pk, "resign"]), {"expected_ply": game.ply}
    )
    assert answer.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.outcome["reason"] == "resignation"
    assert game.outcome["forfeited"] == [loser] and game.outcome["ranking"][-1] == [loser]
    assert head_state(game).outcome().reason == "resignation"
    assert_replays(game)
    # The replay page (or the board, for a family without a replay viewer) shows the end.
    assert client.get(reverse("game_replay", args=[game.pk]), follow=True).status_code == 200
    assert client.get(game.get_absolute_url()).status_code == 200


@pytest.mark.parametrize("ruleset", FAMILIES)
def test_the_player_left_claims_the_victory_after_a_timeout(client, travel, ruleset, alice, bob):
    # A bot stands in for the seat out of time, so the game runs on until the other claims.
    game = running_game(ruleset, [alice, bob], random.Random(ruleset), policy="bot")
    late = time_out(travel, game)
    assert game.is_running
    winner = 1 - late
    client.force_login(game.seats.get(index=winner).user)
    answer = client.post(
        reverse("game_seat_action", args=[game.pk, "claim"]), {"expected_ply": game.ply}
    )
    assert answer.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.outcome["reason"] == "claim"
    assert game.outcome["forfeited"] == [late] and game.outcome["ranking"][-1] == [late]
    assert [a.kind for a in game.seat_actions.order_by("pk")] == ["timeout-bot", "claim"]
    assert_replays(game)


@pytest.mark.parametrize("ruleset, policy", OFFERED)
def test_a_timeout_does_what_the_table_chose(db, travel, ruleset, policy, alice, bob):
    rng = random.Random(f"{ruleset} {policy}")
    game = running_game(ruleset, [alice, bob], rng, policy=policy)
    assert game.policy_on_timeout == policy
    late = time_out(travel, game)
    action = game.seat_actions.get()
    assert action.seat == late and action.kind == f"timeout-{policy}"
    seat = game.seats.get(index=late)
    if policy == TimeoutPolicy.END:
        assert game.status == Game.Status.FINISHED and game.outcome["reason"] == "timeout"
        assert game.outcome["ranking"][-1] == [late]
    elif policy == TimeoutPolicy.BOT:
        assert game.is_running and seat.stand_in  # the bot plays for the seat from now on
    else:  # skipped: the other plays on alone, never waiting for the seat out of time
        assert game.is_running and not seat.stand_in
        assert game.seats_to_act() == [1 - late] and game.deadline is not None
        play(game, rng, 30, never=[late])
    assert_replays(game)


@pytest.mark.parametrize("ruleset", FAMILIES)
def test_the_table_form_and_the_services_refuse_an_answer_the_rules_cannot_honour(
    client, ruleset, alice
):
    client.force_login(alice)
    form = client.get(reverse("new_table")).content.decode()
    assert "js/new_table.js" in form
    offered = json.loads(form.split('data-offered="')[1].split('"', 1)[0].replace("&quot;", '"'))
    assert offered[ruleset] == TimeoutPolicy.offered_for(ruleset)
    rules = rules_named(ruleset)
    assert (TimeoutPolicy.SKIP in offered[ruleset]) == rules.skips_seats
    assert (TimeoutPolicy.END in offered[ruleset]) == rules.ends_early
    for policy in TimeoutPolicy.values:
        if policy in offered[ruleset]:
            continue
        answer = client.post(  # a forged form: the page would not offer it
            reverse("new_table"),
            {
                "ruleset": ruleset,
                "setup": "2",
                "visibility": "public",
                "bots": "0",
                "timeout_policy": policy,
            },
        )
        assert answer.status_code == 200 and not Game.objects.exists()
        assert "These rules cannot" in answer.content.decode()
        with pytest.raises(TableError):
            open_table(creator=alice, players=2, ruleset=ruleset, timeout_policy=policy)


def test_jamaica_offers_no_skipping_and_a_table_that_chose_it_before_ends_on_a_timeout(
    travel, alice, bob
):
    assert TimeoutPolicy.SKIP not in TimeoutPolicy.offered_for("jamaica")
    game = running_game("jamaica", [alice, bob], random.Random(3))
    # A table opened before the rules declared what they can honour kept "skip" (as the admin
    # still may set it): its timeout gets the usual answer, the end of a two-player game.
    Game.objects.filter(pk=game.pk).update(timeout_policy=TimeoutPolicy.SKIP)
    game.refresh_from_db()
    assert game.policy_on_timeout == TimeoutPolicy.END
    late = time_out(travel, game)
    assert game.status == Game.Status.FINISHED and game.outcome["ranking"][-1] == [late]
    assert SeatAction.objects.get(game=game).kind == "timeout-end"
    assert_replays(game)
