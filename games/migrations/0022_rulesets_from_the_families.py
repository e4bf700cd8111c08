# The rulesets a game may have come from the site's families (games.families.ruleset_choices),
# not from a list in games/models.py that repeated them: no column changes.

import games.families
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0021_lean_indexes_lz4_positions"),
    ]

    operations = [
        migrations.AlterField(
            model_name="game",
            name="ruleset",
            field=models.CharField(
                choices=games.families.ruleset_choices,
                default="classic",
                max_length=32,
                verbose_name="ruleset",
            ),
        ),
    ]
