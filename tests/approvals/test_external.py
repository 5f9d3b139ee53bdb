"""A tournament received as the FFT's file (fascicule 3, ch. 5, « Homologation des P.C.N. /
Déclaration »): the Excel sheet of Extar's « Export des Pcn » with its bordereau details
entered by hand joins the chain at the receiver's level, its awards taken as given; all or
nothing, every error named with its row; only the committee and the federation receive."""

import datetime
import io
from decimal import Decimal

import openpyxl
import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from apps.approvals.domain.chain import Action, Level
from apps.approvals.external import external_tournament_receive
from apps.approvals.models import ExternalAward, Homologation, HomologationStep
from apps.approvals.selectors import waiting_for
from apps.core.models import AuditLog
from tests import factories as f
from tests.personas import PERSONAS

HEADER = ["NumLicenceJoueur", "NomJoueur", "Pcn", "Pp"]
RECEIVERS = {"committee_staff", "federation_staff"}
REFUSED = [name for name in PERSONAS if name not in RECEIVERS]
URL = reverse("approvals:external")


def xlsx(*rows, header=HEADER) -> bytes:
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    for row in [header, *rows]:
        sheet.append(list(row))
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def yesterday() -> datetime.date:
    return timezone.localdate() - datetime.timedelta(days=1)


REFEREE_LICENCE = "7007007"


def details(club, **changes) -> dict:
    """A club's evening of 28 players (7 tables en ligne), index 1, its referee graded: the
    file names 3 licensees, 25 guests played."""
    values = {
        "club": club,
        "name": "Open de Printemps",
        "date": yesterday(),
        "index": Decimal("1"),
        "guests": 25,
        "session_players": [28],
        "referee_licence": REFEREE_LICENCE,
    }
    return values | changes


def receive(actor, club, content: bytes, **changes) -> Homologation:
    return external_tournament_receive(actor=actor, content=content, **details(club, **changes))


@pytest.fixture(autouse=True)
def referee(world):
    """The official referee named with the files, in the licensee base with their grade."""
    return f.LicenseeFactory(
        licence_number=REFEREE_LICENCE, referee_grade="club", club=world.other_club
    )


def written() -> tuple[int, int, int, int]:
    return (
        Homologation.objects.count(),
        ExternalAward.objects.count(),
        HomologationStep.objects.count(),
        AuditLog.objects.filter(content_type__model="homologation").count(),
    )


@pytest.fixture
def players(world):
    """The licensees of a good file: the world's player and two others from elsewhere."""
    return [world.licensee, world.other_licensee, f.LicenseeFactory()]


@pytest.fixture
def good_file(players) -> bytes:
    first, second, third = players
    # The first, second and third of a line at 7 tables: 560, 403, 290 (the en ligne table).
    return xlsx(
        (int(first.licence_number), "DUCARD Lionel", 560, None),  # an empty cell counts 0
        (),  # a blank row is skipped
        (float(second.licence_number), "MARTIN Anne", 403.0, 0),
        (third.licence_number, "DURAND Paul", "290", "0"),
    )


def test_a_good_file_received_by_the_committee_waits_at_the_committee(world, players, good_file):
    homologation = receive(world.committee_staff, world.club, good_file)
    homologation.refresh_from_db()
    assert homologation.level == Level.COMMITTEE
    assert homologation.external is True
    assert homologation.tournament_id is None
    assert (homologation.club, homologation.name, homologation.date) == (
        world.club,
        "Open de Printemps",
        yesterday(),
    )
    assert homologation.index == Decimal("1")
    assert (homologation.championship, homologation.stage) == (False, None)
    assert (homologation.players, homologation.session_players) == (28, [28])
    assert homologation.guests == 25
    assert homologation.referee.licence_number == REFEREE_LICENCE
    # Its awards are taken as given, one per row.
    awards = {
        award.licensee_id: (award.pcn, award.pp) for award in homologation.external_awards.all()
    }
    assert awards == {players[0].pk: (560, 0), players[1].pk: (403, 0), players[2].pk: (290, 0)}
    # Its history says where it came from; the audit trail keeps the receipt.
    (step,) = homologation.steps.all()
    assert (step.action, step.from_level, step.to_level) == (
        Action.SUBMIT,
        Level.ORGANISER,
        Level.COMMITTEE,
    )
    assert step.actor == world.committee_staff
    assert step.comment == "reçu comme fichier FFT (Extar)"
    audit = AuditLog.objects.get(content_type__model="homologation", object_id=homologation.pk)
    assert (audit.actor, audit.action) == (world.committee_staff, "create")
    # It waits in the committee's inbox, like a tournament sent by its club.
    assert list(waiting_for(world.committee_staff, Level.COMMITTEE)) == [homologation]


def test_a_good_file_received_by_the_federation_waits_at_the_federation(world, good_file):
    homologation = receive(world.federation_staff, world.other_club, good_file, index="1")
    homologation.refresh_from_db()
    assert (homologation.level, homologation.club) == (Level.FEDERATION, world.other_club)
    assert homologation.index == Decimal("1")
    assert homologation.external_awards.count() == 3
    step = homologation.steps.get()
    assert (step.from_level, step.to_level, step.actor) == (
        Level.ORGANISER,
        Level.FEDERATION,
        world.federation_staff,
    )
    assert list(waiting_for(world.federation_staff, Level.FEDERATION)) == [homologation]


def _refusal(actor, club, content: bytes, **changes) -> list[str]:
    before = written()
    with pytest.raises(ValidationError) as caught:
        receive(actor, club, content, **changes)
    assert written() == before
    return caught.value.messages


@pytest.mark.parametrize(
    ("row", "message"),
    [
        (
            ("9999999", "INCONNU Jean", 10, 1),
            "Ligne 3, colonne NumLicenceJoueur : licence « 9999999 » inconnue",
        ),
        ((None, "DUPONT", 10, 1), "Ligne 3, colonne NumLicenceJoueur : numéro de licence manquant"),
        (("KNOWN", "MARTIN Anne", "douze", 1), "Ligne 3, colonne Pcn : « douze » n'est pas"),
        (("KNOWN", "MARTIN Anne", 12.5, 1), "Ligne 3, colonne Pcn : « 12.5 » n'est pas"),
        (("KNOWN", "MARTIN Anne", 10, -4), "Ligne 3, colonne Pp : « -4 » est négatif"),
        (("FIRST", "DUCARD Lionel", 10, 1), "Ligne 3, colonne NumLicenceJoueur : licence « "),
    ],
    ids=["unknown-licence", "no-licence", "not-a-number", "not-whole", "negative", "duplicate"],
)
def test_each_error_named_with_its_row_and_nothing_written(world, players, row, message):
    first, second, _third = players
    licence = {"KNOWN": second.licence_number, "FIRST": first.licence_number}.get(row[0], row[0])
    content = xlsx((first.licence_number, "DUCARD Lionel", 0, 1500), (licence, *row[1:]))
    errors = _refusal(world.committee_staff, world.club, content)
    assert len(errors) == 1
    assert errors[0].startswith(message)
    if row[0] == "FIRST":
        assert errors[0].endswith("déjà présente ligne 2")


def test_every_error_of_the_details_and_the_file_listed_at_once(world, players):
    first = players[0]
    content = xlsx(
        (first.licence_number, "A", 10, 1),
        ("123", "B", 10, 1),
        (first.licence_number, "C", "x", 1),
    )
    errors = _refusal(
        world.committee_staff,
        world.club,
        content,
        name="  ",
        date=timezone.localdate() + datetime.timedelta(days=1),
        index="2",
        session_players=[],
    )
    assert errors == [
        "Nom du tournoi : il est obligatoire.",
        "Date : le tournoi n'a pas encore eu lieu.",
        "Indice : choisissez 1 ; 1,2 ; 1,5 ; 1,8 ou 3.",
        "Joueurs : donnez le nombre de joueurs d'au moins une séance.",
        "Ligne 3, colonne NumLicenceJoueur : licence « 123 » inconnue",
        f"Ligne 4, colonne NumLicenceJoueur : licence « {first.licence_number} » déjà présente "
        "ligne 2",
        "Ligne 4, colonne Pcn : « x » n'est pas un nombre entier",
    ]


def test_negative_session_players_refused(world, good_file):
    errors = _refusal(world.committee_staff, world.club, good_file, session_players=[40, -1])
    assert errors == ["Joueurs : chaque séance compte un nombre entier de joueurs, 0 ou plus."]


def test_the_details_accepted_on_the_day(world, good_file):
    homologation = receive(world.committee_staff, world.club, good_file, date=timezone.localdate())
    assert (homologation.date, homologation.players) == (timezone.localdate(), 28)


def test_a_later_empty_session_is_a_pattern_the_check_cannot_verify(world, good_file):
    (error,) = _refusal(world.committee_staff, world.club, good_file, session_players=[28, 0])
    assert error.startswith(
        "Attribution : PCN invérifiables : les joueurs des séances (28, 0) montrent un"
        " nouveau stade"
    )


def test_under_12_players_the_tournament_is_refused(world, good_file):
    errors = _refusal(world.committee_staff, world.club, good_file, session_players=[11])
    assert any("au moins 12 joueurs ; 11 en première séance" in e for e in errors)


@pytest.mark.parametrize(
    "content",
    [
        b"NumLicenceJoueur;NomJoueur;Pcn;Pp\r\n1001001;DUCARD;0;1500\r\n",
        b"",
        b"PK\x03\x04 not really a zip",
    ],
    ids=["csv", "empty", "damaged"],
)
def test_a_file_that_is_not_a_readable_xlsx_is_refused(world, content):
    errors = _refusal(world.committee_staff, world.club, content)
    assert errors == [
        "Fichier : illisible. Envoyez le fichier Excel (.xlsx) de l'« Export des Pcn »."
    ]


def test_a_file_over_2_mb_is_refused(world):
    errors = _refusal(world.committee_staff, world.club, b"x" * (2 * 1024 * 1024 + 1))
    assert errors == ["Fichier : trop volumineux (au plus 2 Mo)."]


def test_a_sheet_with_a_wrong_header_or_no_row_is_refused(world, players):
    licence = players[0].licence_number
    errors = _refusal(
        world.committee_staff,
        world.club,
        xlsx((licence, "A", 1, 1), header=["Licence", "NomJoueur", "Pcn", "Pp"]),
    )
    assert errors == ["Ligne 1, colonne A : « Licence » au lieu de « NumLicenceJoueur »"]
    errors = _refusal(world.committee_staff, world.club, xlsx())
    assert errors == ["Le fichier ne contient aucune ligne après l'en-tête"]


@pytest.mark.parametrize("persona", REFUSED)
def test_only_the_committee_and_the_federation_receive(world, good_file, persona):
    before = written()
    with pytest.raises(PermissionDenied):
        receive(world.persona(persona), world.club, good_file)
    assert written() == before


def test_a_committee_receives_only_for_its_own_clubs(world, good_file):
    with pytest.raises(PermissionDenied):
        receive(world.committee_staff, world.other_club, good_file)
    assert Homologation.objects.count() == 0


# --- the page ------------------------------------------------------------------------


def _post(client, club, content: bytes, name: str = "pcn.xlsx", **changes):
    data = {
        "club": club.pk,
        "name": "Open de Printemps",
        "date": yesterday().isoformat(),
        "index": "1",
        "session_players": "28",
        "guests": "25",
        "referee_licence": REFEREE_LICENCE,
        "file": SimpleUploadedFile(name, content),
    }
    return client.post(URL, data | changes)


def test_anonymous_is_sent_to_sign_in(client):
    response = client.get(URL)
    assert response.status_code == 302
    assert response.url.startswith(reverse("accounts:login"))


@pytest.mark.parametrize("persona", REFUSED)
def test_the_page_is_refused_to_other_personas(world, login, good_file, persona):
    client = login(world.persona(persona))
    assert client.get(URL).status_code == 403
    assert _post(client, world.club, good_file).status_code == 403
    assert Homologation.objects.count() == 0


def test_the_committee_sees_its_clubs_and_the_inbox_links_to_the_page(world, login):
    client = login(world.committee_staff)
    form = client.get(URL).context["form"]
    assert list(form.fields["club"].queryset) == [world.club]
    inbox = client.get(reverse("approvals:inbox")).content.decode()
    assert f'href="{URL}" data-test="external"' in inbox
    client = login(world.federation_staff)
    clubs = set(client.get(URL).context["form"].fields["club"].queryset)
    assert clubs == {world.club, world.other_club}


def test_the_zone_inbox_offers_no_page_it_would_be_refused(world, login):
    inbox = login(world.zone_manager).get(reverse("approvals:inbox")).content.decode()
    assert reverse("approvals:inbox") in inbox
    assert URL not in inbox
    assert reverse("approvals:club_grants") not in inbox
    inbox = login(world.federation_staff).get(reverse("approvals:inbox")).content.decode()
    assert URL in inbox
    assert reverse("approvals:club_grants") in inbox


def test_the_page_receives_a_tournament(world, login, good_file):
    client = login(world.committee_staff)
    response = _post(client, world.club, good_file)
    homologation = Homologation.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("approvals:homologation", args=[homologation.pk])
    assert (homologation.level, homologation.external, homologation.championship) == (
        Level.COMMITTEE,
        True,
        False,
    )
    assert (homologation.session_players, homologation.guests) == ([28], 25)
    assert homologation.external_awards.count() == 3
    page = client.get(response.url)
    shown = [str(message) for message in page.context["messages"]]
    assert shown == ["« Open de Printemps » est reçu ; ses PCN et PP sont pris tels quels."]


def test_the_page_lists_every_error_and_receives_nothing(world, login, players):
    client = login(world.committee_staff)
    content = xlsx(("9999999", "A", 1, 1), (players[0].licence_number, "B", "x", 1))
    response = _post(client, world.club, content, session_players="40, vingt")
    assert response.status_code == 200
    assert Homologation.objects.count() == 0
    # The form's own errors first: the file is not read until the details are written.
    html = response.content.decode()
    assert 'role="alert"' in html
    assert response.context["errors"] == [
        "Joueurs de chaque séance : Indiquez le nombre de joueurs de chaque séance, séparés "
        "par des virgules."
    ]
    response = _post(client, world.club, content)
    assert response.status_code == 200
    assert response.context["errors"] == [
        "Ligne 2, colonne NumLicenceJoueur : licence « 9999999 » inconnue",
        "Ligne 3, colonne Pcn : « x » n'est pas un nombre entier",
    ]
    html = response.content.decode()
    assert "licence « 9999999 » inconnue" in html
    assert Homologation.objects.count() == 0


def test_the_page_refuses_a_file_that_is_not_xlsx(world, login):
    client = login(world.federation_staff)
    response = _post(client, world.club, b"NumLicenceJoueur;NomJoueur\r\n", name="pcn.csv")
    assert response.status_code == 200
    assert response.context["errors"] == [
        "Fichier : illisible. Envoyez le fichier Excel (.xlsx) de l'« Export des Pcn »."
    ]
    assert Homologation.objects.count() == 0


def test_a_formula_cell_is_refused_never_read_as_0(world, players):
    """openpyxl writes formulas without a computed value: read with the values only, the
    cell was empty (0 PCN); the file is refused, naming the cell."""
    first, second, _third = players
    content = xlsx(
        (first.licence_number, "DUCARD Lionel", 120, 5),
        (second.licence_number, "MARTIN Anne", "=C2*2", 4),
    )
    (message,) = _refusal(world.committee_staff, world.club, content)
    assert "C3" in message and "formule" in message and "=C2*2" in message
