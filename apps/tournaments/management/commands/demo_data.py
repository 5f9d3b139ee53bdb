"""Load the demonstration data (idempotent) and print one login per role."""

import datetime
import random
from decimal import Decimal

from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from apps.accounts.models import Role, RoleAssignment, User
from apps.federation.domain.seasons import season_of
from apps.federation.models import Club, Committee, Licensee, Season, Zone
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import RefereeAssignment, Registration, Session, Tournament

DEMO_PASSWORD = "donne-demo-2026"
DEMO_CLUB_PLAYERS = 48

LAST_NAMES = [
    "Martin", "Bernard", "Thomas", "Petit", "Robert", "Richard", "Durand", "Dubois",
    "Moreau", "Laurent", "Simon", "Michel", "Lefebvre", "Leroy", "Roux", "David",
    "Bertrand", "Morel", "Fournier", "Girard", "Bonnet", "Dupont", "Lambert", "Fontaine",
]  # fmt: skip
FIRST_NAMES = [
    "Camille", "Dominique", "Claude", "Jeanne", "Pierre", "Marie", "Louis", "Anne",
    "Michel", "Françoise", "Alain", "Sylvie", "Bernard", "Nicole", "Patrick", "Monique",
]  # fmt: skip

# username, role, scope attribute on the demo objects, French label for the printout,
# the person's name
DEMO_USERS = [
    ("federation", Role.FEDERATION_STAFF, None, "fédération", ("Hélène", "Garnier")),
    ("zone", Role.ZONE_MANAGER, "zone", "responsable de zone", ("Marc", "Rey")),
    ("comite", Role.COMMITTEE_STAFF, "committee", "comité régional", ("Sophie", "Blanc")),
    ("club", Role.CLUB_MANAGER, "club", "responsable de club", ("Jacques", "Morel")),
    ("arbitre", Role.REFEREE, None, "arbitre", ("Nadia", "Perrin")),
    ("joueur", None, None, "joueur", ("Camille", "Martin")),
]


class Command(BaseCommand):
    help = "Charge les données de démonstration et affiche un identifiant par rôle."

    @transaction.atomic
    def handle(self, *args, **options):
        rng = random.Random(2026)
        zone, _ = Zone.objects.get_or_create(code="SE", defaults={"name": "Zone Sud-Est"})
        other_zone, _ = Zone.objects.get_or_create(code="NO", defaults={"name": "Zone Nord-Ouest"})
        committee, _ = Committee.objects.get_or_create(
            code="RA", defaults={"name": "Comité Rhône-Alpes", "zone": zone}
        )
        other_committee, _ = Committee.objects.get_or_create(
            code="BR", defaults={"name": "Comité de Bretagne", "zone": other_zone}
        )
        club, _ = Club.objects.get_or_create(
            number="6901",
            defaults={"name": "Tarot Club Lyonnais", "committee": committee, "city": "Lyon"},
        )
        Club.objects.get_or_create(
            number="3501",
            defaults={"name": "Excuse Rennaise", "committee": other_committee, "city": "Rennes"},
        )
        today = timezone.localdate()
        Season.objects.get_or_create(
            start_year=season_of(today).start_year, defaults={"is_current": True}
        )

        series = [Licensee.Series.FIRST] * 6 + [Licensee.Series.SECOND] * 12
        series += [Licensee.Series.PROMOTION] * 20 + [Licensee.Series.UNRANKED] * 10
        for n in range(DEMO_CLUB_PLAYERS):
            Licensee.objects.get_or_create(
                licence_number=str(1001001 + n),
                defaults={
                    "last_name": LAST_NAMES[n % len(LAST_NAMES)],
                    "first_name": FIRST_NAMES[(n * 7) % len(FIRST_NAMES)],
                    "birth_date": datetime.date(1940 + rng.randrange(60), rng.randrange(1, 13), 1),
                    "club": club,
                    "series": series[n],
                },
            )

        scopes = {"zone": zone, "committee": committee, "club": club}
        users = {}
        for username, role, scope, _label, (first_name, last_name) in DEMO_USERS:
            user, created = User.objects.get_or_create(
                username=username, defaults={"first_name": first_name, "last_name": last_name}
            )
            if created:
                user.set_password(DEMO_PASSWORD)
                user.save()
            if role:
                RoleAssignment.objects.get_or_create(
                    user=user, role=role, **({scope: scopes[scope]} if scope else {})
                )
            users[username] = user
        player = users["joueur"]
        if player.licensee_id is None:
            player.licensee = Licensee.objects.get(licence_number="1001001")
            player.save(update_fields=["licensee"])

        open_tournament = self._tournament(
            club, "Tournoi du jeudi", today + datetime.timedelta(days=5), Status.REGISTRATION_OPEN
        )
        self._tournament(club, "Grand prix de printemps", today + datetime.timedelta(days=40))
        RefereeAssignment.objects.get_or_create(
            tournament=open_tournament, referee=users["arbitre"]
        )
        for licensee in Licensee.objects.filter(club=club).order_by("licence_number")[:20]:
            Registration.objects.get_or_create(tournament=open_tournament, licensee=licensee)

        self.stdout.write(self.style.SUCCESS("Données de démonstration prêtes."))
        self.stdout.write(f"Identifiants (mot de passe pour tous : {DEMO_PASSWORD}) :")
        for username, _role, _scope, label, _name in DEMO_USERS:
            self.stdout.write(f"  {label:<22} {username}")

    @staticmethod
    def _tournament(club, name, date, status=Status.DRAFT) -> Tournament:
        tournament, created = Tournament.objects.get_or_create(
            club=club,
            name=name,
            defaults={"date": date, "venue": "Salle Paul Bert", "status": status,
                      "index": Decimal("1.0")},
        )  # fmt: skip
        if created:
            Session.objects.create(tournament=tournament, number=1)
        return tournament
