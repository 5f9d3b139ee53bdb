"""Print the tournament file's JSON Schema, as docs/tournament-file.schema.json holds it:

python manage.py tournament_file_schema > docs/tournament-file.schema.json
"""

from django.core.management.base import BaseCommand

from apps.exchange.domain.schema import tournament_file_schema_text


class Command(BaseCommand):
    help = "Print the tournament file's JSON Schema (docs/tournament-file.schema.json)."

    def handle(self, *args, **options):
        self.stdout.write(tournament_file_schema_text(), ending="")
