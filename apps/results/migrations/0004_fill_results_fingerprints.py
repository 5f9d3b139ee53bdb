from django.db import migrations

from apps.results.played import tournament_played_fingerprint
from apps.tournaments.domain.workflow import RESULT_STATUSES

OVER = sorted(RESULT_STATUSES)


def fill(apps, schema_editor):
    """Each duplicate tournament whose play was over before the fingerprint was kept gets
    it, as the results hook computes it (apps.results.played)."""
    Tournament = apps.get_model("tournaments", "Tournament")
    Place = apps.get_model("movements", "Place")
    Play = apps.get_model("scoring", "Play")
    over = Tournament.objects.filter(status__in=OVER, game="duplicate_tarot")
    for pk in over.values_list("pk", flat=True).iterator():
        fingerprint = tournament_played_fingerprint(pk, Place, Play)
        Tournament.objects.filter(pk=pk).update(results_fingerprint=fingerprint)


class Migration(migrations.Migration):
    dependencies = [
        ("results", "0003_award_rules_version"),
        ("tournaments", "0010_results_fingerprint"),
        ("movements", "0008_seating_version"),
        ("scoring", "0003_table_entry"),
    ]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
