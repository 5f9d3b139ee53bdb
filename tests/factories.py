"""factory_boy factories for the whole project, players registered in bulk, and the
licensee files the federation's import reads. Sessions in play: `tests.builders`."""

import csv
import datetime
import io
from decimal import Decimal

import factory
import openpyxl
from django.core.files.base import ContentFile
from django.utils import timezone

from apps.accounts.models import User
from apps.federation.models import Club, Committee, Licensee, Role, RoleAssignment, Zone
from apps.tournaments.models import RefereeAssignment, Registration, Session, Tournament

PASSWORD = "tarot-duplicate-2026"


class ZoneFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Zone

    code = factory.Sequence(lambda n: f"Z{n}")
    name = factory.Sequence(lambda n: f"Zone {n}")


class CommitteeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Committee

    code = factory.Sequence(lambda n: f"C{n}")
    name = factory.Sequence(lambda n: f"Comité {n}")
    zone = factory.SubFactory(ZoneFactory)


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    number = factory.Sequence(lambda n: f"{700000 + n}")
    name = factory.Sequence(lambda n: f"Tarot Club {n}")
    committee = factory.SubFactory(CommitteeFactory)
    city = "Lyon"


class LicenseeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Licensee

    licence_number = factory.Sequence(lambda n: f"{1001001 + n}")
    last_name = factory.Sequence(lambda n: f"Joueur{n}")
    first_name = "Camille"
    birth_date = datetime.date(1970, 5, 17)
    club = factory.SubFactory(ClubFactory)
    series = Licensee.Series.PROMOTION


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    first_name = "Dominique"
    last_name = factory.Sequence(lambda n: f"Utilisateur{n}")
    # Hashed as the user is built: one INSERT, no second save to store it.
    password = factory.django.Password(PASSWORD)

    @factory.post_generation
    def licensee(obj, create, extracted, **kwargs):
        """``UserFactory(licensee=…)``: the licensee whose account this is."""
        if create and extracted is not None:
            extracted.user = obj
            extracted.save(update_fields=["user"])


class RoleFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = RoleAssignment

    user = factory.SubFactory(UserFactory)
    role = Role.REFEREE


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tournament
        skip_postgeneration_save = True

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Tournoi {n}")
    date = factory.LazyFunction(lambda: timezone.localdate() + datetime.timedelta(days=7))
    venue = "Salle des fêtes"
    index = Decimal("1.0")

    @factory.post_generation
    def with_session(obj, create, extracted, **kwargs):
        if create:
            Session.objects.create(tournament=obj, number=1)


class RegistrationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Registration

    tournament = factory.SubFactory(TournamentFactory)
    licensee = factory.SubFactory(LicenseeFactory)


class RefereeAssignmentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = RefereeAssignment

    tournament = factory.SubFactory(TournamentFactory)
    referee = factory.SubFactory(UserFactory)


def register(tournament, count: int, **licensee) -> list[Registration]:
    """`count` new licensees of the tournament's club registered in it."""
    licensees = Licensee.objects.bulk_create(
        LicenseeFactory.build_batch(count, club=tournament.club, **licensee)
    )
    return Registration.objects.bulk_create(
        Registration(tournament=tournament, licensee=licensee) for licensee in licensees
    )


# --- licensee files, as the federation's import reads them -----------------------

HEADER = ["Licence", "Nom", "Prénom", "Date de naissance", "Club", "Série"]


def csv_bytes(rows, *, header=HEADER, separator=";", encoding="utf-8") -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=separator, lineterminator="\r\n")
    writer.writerows([header, *rows])
    return buffer.getvalue().encode(encoding)


def xlsx_bytes(rows, *, header=HEADER) -> bytes:
    workbook = openpyxl.Workbook()
    for row in [header, *rows]:
        workbook.active.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def upload(content: bytes, name: str = "licencies.csv") -> ContentFile:
    return ContentFile(content, name=name)


def licensee_rows(club_number: str, count: int, start: int = 3000001) -> list[list[str]]:
    return [
        [str(start + i), f"Martin{i}", "Léa", "17/05/1970", club_number, "P"] for i in range(count)
    ]
