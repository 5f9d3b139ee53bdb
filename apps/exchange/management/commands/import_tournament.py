"""`manage.py import_tournament FILE [--club NUMBER] [--same-results-reason TEXT]`: import a
tournament file (apps.exchange.domain.document); the new tournament's id is the last line
printed. The command line is the server's administrator (actor None): with a reason it
imports results another tournament holds, as federation staff may, audited with no actor."""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from apps.exchange.management.file_reading import file_content
from apps.exchange.services import club_by_number, document_decode, tournament_file_import


class Command(BaseCommand):
    help = (
        "Importe un fichier de tournoi (JSON « donne-tournament/1 ») : tout ou rien. "
        "Le club organisateur : --club, sinon « club » dans l'objet « tournament » du "
        "fichier, sinon le seul club de la base. Affiche l'identifiant du tournoi créé "
        "sur la dernière ligne. Des résultats qu'un autre tournoi détient déjà sont "
        "refusés, sauf avec --same-results-reason."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="fichier JSON du tournoi")
        parser.add_argument("--club", help="numéro du club organisateur")
        parser.add_argument(
            "--same-results-reason",
            default="",
            help="pourquoi importer des résultats qu'un autre tournoi détient déjà",
        )

    def handle(self, *args, file, club, same_results_reason, **options):
        content = file_content(file)
        try:
            document = document_decode(content)
            organiser = club_by_number(club) if club else None
            tournament = tournament_file_import(
                actor=None,
                document=document,
                club=organiser,
                same_results_reason=same_results_reason,
            )
        except ValidationError as exc:
            raise CommandError("\n".join([_("Nothing was imported."), *exc.messages])) from exc
        self.stdout.write(
            _("Tournament “%(name)s” imported for %(club)s: %(players)s players.")
            % {
                "name": tournament.name,
                "club": tournament.club.name,
                "players": tournament.registrations.count(),
            }
        )
        self.stdout.write(str(tournament.pk))
