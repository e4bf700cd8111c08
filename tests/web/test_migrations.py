"""Data migrations carry existing games forward."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)


def migrate_to(target: tuple[str, str]):
    executor = MigrationExecutor(connection)
    executor.migrate([target])
    executor.loader.build_graph()
    return executor.loader.project_state([target]).apps


def test_bot_seats_are_filled_in_for_the_games_that_exist():
    old = migrate_to(("games", "0003_second_edition_ruleset"))
    try:
        User, Game, Seat = (
            old.get_model("accounts", "User"),
            old.get_model("games", "Game"),
            old.get_model("games", "Seat"),
        )
        alice = User.objects.create(username="alice", email="alice@example.com")
        with_bots = Game.objects.create(players=3, created_by=alice, invite_token="t1")
        people = Game.objects.create(players=2, created_by=alice, invite_token="t2")
        for game, bots in ((with_bots, {1, 2}), (people, set())):
            for index in range(game.players):
                Seat.objects.create(
                    game=game,
                    index=index,
                    user=alice if index == 0 else None,
                    bot="random" if index in bots else "",
                )
        new = migrate_to(("games", "0004_game_bot_seats"))
        Game = new.get_model("games", "Game")
        assert Game.objects.get(pk=with_bots.pk).bot_seats == [1, 2]
        assert Game.objects.get(pk=people.pk).bot_seats == []
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())  # the other tests' schema
