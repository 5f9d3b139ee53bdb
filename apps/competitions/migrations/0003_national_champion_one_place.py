from django.db import migrations, models


def champion_to_the_competition(apps, schema_editor):
    """The champion of France named on a national final moves to its competition, which
    had none; the stage keeps no champion of its own."""
    Stage = apps.get_model("competitions", "Stage")
    Competition = apps.get_model("competitions", "Competition")
    finals = Stage.objects.filter(level="national_final", outgoing_champion__isnull=False)
    for stage in finals:
        Competition.objects.filter(pk=stage.competition_id, outgoing_champion=None).update(
            outgoing_champion=stage.outgoing_champion_id
        )
    finals.update(outgoing_champion=None)


class Migration(migrations.Migration):
    dependencies = [
        ("competitions", "0002_first_session_seating"),
    ]

    operations = [
        migrations.RunPython(champion_to_the_competition, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="stage",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("level", "national_final"), _negated=True),
                    ("outgoing_champion", None),
                    _connector="OR",
                ),
                name="national_final_champion_on_the_competition",
            ),
        ),
    ]
