"""Tournaments sent for approval before the chain existed: the old workflow sent them
straight to the federation. Each gets its homologation, at the federation (submitted) or
approved, so that it can be approved, sent back or corrected through the chain."""

from django.db import migrations

LEVELS = {"submitted": "federation", "approved": "approved"}


def open_existing(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    Homologation = apps.get_model("approvals", "Homologation")
    for tournament in Tournament.objects.filter(status__in=LEVELS, homologation__isnull=True):
        players = tournament.registrations.count()
        Homologation.objects.create(
            tournament=tournament,
            level=LEVELS[tournament.status],
            club_id=tournament.club_id,
            name=tournament.name,
            date=tournament.date,
            index=tournament.index,
            championship=tournament.kind == "championship",
            players=players,
            session_players=[players],
        )


class Migration(migrations.Migration):
    dependencies = [
        ("approvals", "0001_initial"),
        ("tournaments", "0005_refereeassignment_grade"),
    ]

    operations = [migrations.RunPython(open_existing, migrations.RunPython.noop)]
