# Bots gain levels (issue 12): easy, normal, strong besides random.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_game_rated"),
    ]

    operations = [
        migrations.AlterField(
            model_name="seat",
            name="bot",
            field=models.CharField(
                blank=True,
                choices=[
                    ("random", "Random bot"),
                    ("easy", "Easy bot"),
                    ("normal", "Normal bot"),
                    ("strong", "Strong bot"),
                ],
                max_length=16,
            ),
        ),
    ]
