from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_stuck_bot_index"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="game",
            options={
                "ordering": ["-created_at"],
                "permissions": [
                    (
                        "watch_private_game",
                        "Can watch private games (a spectator's view)",
                    )
                ],
            },
        ),
    ]
