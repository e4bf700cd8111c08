"""Indexes behind the lists (issue 14), and each seat's place in its player's "my games".

The places of existing games are written here as games.listing.list_order writes them (copied,
so that this migration keeps working when the order changes later).
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def _ms(moment):
    return int(moment.timestamp() * 1000) if moment else 0


def list_existing_games(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    fields = ("id", "status", "to_act_seat", "created_at", "started_at", "finished_at", "deadline")
    for game in Game.objects.only(*fields, "last_move_at").iterator(chunk_size=2000):
        since = game.last_move_at or game.started_at
        if game.status == "running":
            Seat.objects.filter(game_id=game.pk).exclude(index=game.to_act_seat).update(
                list_section=1, list_key=-_ms(since)
            )
            mine = _ms(game.deadline) if game.deadline else (1 << 50) + _ms(since)
            Seat.objects.filter(game_id=game.pk, index=game.to_act_seat).update(
                list_section=0, list_key=mine
            )
        elif game.status == "open":
            Seat.objects.filter(game_id=game.pk).update(
                list_section=2, list_key=-_ms(game.created_at)
            )
        else:
            end = game.finished_at or game.created_at
            Seat.objects.filter(game_id=game.pk).update(list_section=3, list_key=-_ms(end))


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0011_order_by_game_column"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="list_key",
            field=models.BigIntegerField(default=0, editable=False),
        ),
        migrations.AddField(
            model_name="seat",
            name="list_section",
            field=models.PositiveSmallIntegerField(default=2, editable=False),
        ),
        migrations.AlterField(
            model_name="seat",
            name="user",
            field=models.ForeignKey(
                blank=True,
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="seats",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddIndex(
            model_name="game",
            index=models.Index(fields=["-created_at", "-id"], name="game_by_creation"),
        ),
        migrations.AddIndex(
            model_name="seat",
            index=models.Index(
                condition=models.Q(("user__isnull", False)),
                fields=["user", "list_section", "list_key", "game"],
                name="seat_by_player",
            ),
        ),
        migrations.AddIndex(
            model_name="seat",
            index=models.Index(
                condition=models.Q(
                    models.Q(("bot", ""), _negated=True),
                    models.Q(("stand_in", ""), _negated=True),
                    _connector="OR",
                ),
                fields=["game", "index"],
                name="seat_bots",
            ),
        ),
        migrations.RunPython(list_existing_games, migrations.RunPython.noop, elidable=True),
    ]
