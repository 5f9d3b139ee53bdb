"""`manage.py demo_data`: load the demonstration data (apps.demo.builders; idempotent) and
print one login per role, the pages to look at and the address the room's phones open, at
the address `make run` serves (SITE_URL, config/served_address.py)."""

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import transaction
from django.urls import reverse

from apps.competitions.models import Stage
from apps.core.addresses import site_address
from apps.demo import builders
from apps.movements.models import SessionMovement
from apps.rankings.models import Publication
from apps.tournaments.models import Tournament


def table_page(movement: SessionMovement) -> str:
    """The address of table 1's page (table entry from a phone, no account)."""
    code = movement.table_codes.order_by("section", "table").first()
    return reverse("scoring:table_page", args=[code.code])


def pages(
    coming: Tournament,
    finished: Tournament,
    in_play: SessionMovement,
    stage: Stage,
    publication: Publication,
) -> list[tuple[str, str]]:
    """What to look at, in French, with its address: (label, path)."""
    playing = in_play.session.tournament
    return [
        (
            f"Tournoi ouvert aux inscriptions ({coming.name})",
            reverse("tournaments:detail", args=[coming.pk]),
        ),
        (
            f"Tournoi terminé et homologué, résultats et PCN ({finished.name})",
            reverse("results:tournament", args=[finished.pk]),
        ),
        (
            f"Tournoi en jeu, position {in_play.current_position} ({playing.name})",
            reverse("tournaments:detail", args=[playing.pk]),
        ),
        ("Saisie des scores depuis la table 1 (sans compte)", table_page(in_play)),
        (f"Championnat, étape « {stage.name} »", reverse("competitions:stage", args=[stage.pk])),
        (
            f"Classement national {publication.season} publié ({publication.run.players} joueurs)",
            reverse("rankings:index"),
        ),
    ]


class Command(BaseCommand):
    help = "Charge les données de démonstration et affiche un identifiant par rôle."

    @transaction.atomic
    def handle(self, *args, **options):
        demo = builders.base_build()
        builders.previous_season_build(demo)  # last season's ranking: the charts have data
        to_see = pages(
            coming=builders.coming_tournaments_build(demo),
            finished=builders.finished_tournament_build(demo),
            in_play=builders.tournament_in_play_build(demo),
            stage=builders.championship_build(demo),
            publication=builders.national_ranking_build(demo),
        )
        self.stdout.write(self.style.SUCCESS("Données de démonstration prêtes."))
        self.stdout.write(f"Identifiants (mot de passe pour tous : {builders.DEMO_PASSWORD}) :")
        for username, _role, _scope, label, _name in builders.DEMO_USERS:
            self.stdout.write(f"  {label:<22} {username}")
        self.stdout.write("À voir :")
        for label, path in to_see:
            self.stdout.write(f"  {label} : {site_address(path)}")
        served = settings.RUN_ADDRESS
        if served and served.beyond_loopback:
            self.stdout.write(f"Téléphones de la salle : ouvrez {site_address('/')}")
        else:
            self.stdout.write(
                f"Ce portable seul ouvre {site_address('/')} ; pour les téléphones de la salle : "
                "make run ADDRESS=0.0.0.0:8000"
            )
