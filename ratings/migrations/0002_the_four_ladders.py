from django.db import migrations

LADDERS = ("1v1", "3p", "4p", "2v2")


def create(apps, schema_editor):
    Ladder = apps.get_model("ratings", "Ladder")
    for slug in LADDERS:
        Ladder.objects.get_or_create(slug=slug)


class Migration(migrations.Migration):
    dependencies = [("ratings", "0001_initial")]

    operations = [migrations.RunPython(create, migrations.RunPython.noop)]
