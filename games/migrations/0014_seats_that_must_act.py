"""The seats that must act (issue 18): a flag on each seat instead of one `Game.to_act_seat`, so a
game may wait for several seats at once (a simultaneous choice). Running games keep playing: the
seat their column named is flagged before the column goes. Going back restores the column from
the flags (a game owing several seats, which the old column could not hold, keeps the lowest)."""

from django.db import migrations, models
from django.db.models import Q


def flag_seats(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    running = Game.objects.filter(status="running", to_act_seat__isnull=False)
    for game_id, index in running.values_list("id", "to_act_seat").iterator(chunk_size=2000):
        Seat.objects.filter(game_id=game_id, index=index).update(must_act=True)


def unflag_seats(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    owing = Seat.objects.filter(must_act=True).order_by("game_id", "-index")
    for game_id, index in owing.values_list("game_id", "index").iterator(chunk_size=2000):
        Game.objects.filter(pk=game_id).update(to_act_seat=index)


class Migration(migrations.Migration):
    dependencies = [("games", "0013_verbose_names")]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="must_act",
            field=models.BooleanField(default=False, verbose_name="must act"),
        ),
        migrations.RunPython(flag_seats, unflag_seats),
        migrations.RemoveField(model_name="game", name="to_act_seat"),
    ]
