from django.db import migrations, models


def fill_bot_seats(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    by_game: dict[int, list[int]] = {}
    for game_id, index in Seat.objects.exclude(bot="").values_list("game_id", "index"):
        by_game.setdefault(game_id, []).append(index)
    for game_id, indices in by_game.items():
        Game.objects.filter(pk=game_id).update(bot_seats=sorted(indices))


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0003_second_edition_ruleset"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="bot_seats",
            field=models.JSONField(blank=True, default=list, editable=False),
        ),
        migrations.RunPython(fill_bot_seats, migrations.RunPython.noop),
    ]
