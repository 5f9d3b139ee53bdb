"""A file from other software meets the conditions of a tournament played in Donne
(fascicule 3, ch. 5, « Conditions pour l'homologation d'un tournoi »): the same results only
once a season, an index granted to the club's date before it and reached, an official
referee with a grade, awards a ranking could give (« la bonne attribution des Pcn et PP »);
the receiver corrects its details with a reason; a file of a season Donne does not have yet
waits « saison à ouvrir », then is ranked there."""

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
from apps.approvals.external import (
    AlreadyReceived,
    external_details_correct,
    external_tournament_receive,
)
from apps.approvals.models import ClubIndexGrant, ExternalAward, Homologation
from apps.approvals.selectors import inbox_rows, waiting_for
from apps.approvals.services import (
    club_index_grant,
    grant_holds,
    homologation_step,
    homologations_pass_on,
)
from apps.core.models import AuditLog
from apps.federation.domain.seasons import season_of
from apps.federation.models import Season
from apps.rankings import services as rankings
from apps.rankings.models import RankingRow
from tests import factories as f
from tests.personas import PERSONAS

HEADER = ["NumLicenceJoueur", "NomJoueur", "Pcn", "Pp"]
REFEREE_LICENCE = "7007007"
# The first three of a line at 7 tables (28 players), index 1: the en ligne table.
LINE_VALUES = (560, 403, 290)


def xlsx(*rows) -> bytes:
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    for row in [HEADER, *rows]:
        sheet.append(list(row))
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def yesterday() -> datetime.date:
    return timezone.localdate() - datetime.timedelta(days=1)


@pytest.fixture(autouse=True)
def season(world):
    """Donne has the season of yesterday; the referee is in the licensee base, graded."""
    f.LicenseeFactory(licence_number=REFEREE_LICENCE, referee_grade="club", club=world.club)
    return Season.objects.create(start_year=season_of(yesterday()).start_year, is_current=True)


@pytest.fixture
def players(world):
    return [world.licensee, world.other_licensee, f.LicenseeFactory()]


def awards_file(players, values=LINE_VALUES, pp=(0, 0, 0)) -> bytes:
    return xlsx(
        *(
            (p.licence_number, p.full_name, pcn, earned)
            for p, pcn, earned in zip(players, values, pp, strict=True)
        )
    )


def receive(actor, club, content: bytes, **changes) -> Homologation:
    details = {
        "club": club,
        "name": "Tournoi du jeudi",
        "date": yesterday(),
        "index": "1",
        "championship": False,
        "session_players": [28],
        "referee_licence": REFEREE_LICENCE,
    }
    return external_tournament_receive(actor=actor, content=content, **(details | changes))


def refusal(actor, club, content: bytes, **changes) -> list[str]:
    before = (Homologation.objects.count(), ExternalAward.objects.count())
    with pytest.raises(ValidationError) as caught:
        receive(actor, club, content, **changes)
    assert (Homologation.objects.count(), ExternalAward.objects.count()) == before
    return caught.value.messages


# --- the same results once a season --------------------------------------------------


def test_the_same_file_received_twice_is_refused_with_the_first(world, players):
    first = receive(world.committee_staff, world.club, awards_file(players))
    with pytest.raises(AlreadyReceived) as caught:
        receive(world.committee_staff, world.club, awards_file(players))
    assert caught.value.existing == first
    assert "déjà reçus cette saison : « Tournoi du jeudi »" in caught.value.messages[0]
    assert Homologation.objects.count() == 1


def test_the_same_results_under_another_name_date_club_or_order_are_refused(world, players):
    first = receive(world.committee_staff, world.club, awards_file(players))
    shuffled = xlsx(
        (players[2].licence_number, "AUTRE", 290, 0),
        (players[0].licence_number, "NOM", 560, 0),
        (players[1].licence_number, "CHANGÉ", 403, 0),
    )
    with pytest.raises(AlreadyReceived) as caught:
        receive(
            world.federation_staff,
            world.other_club,
            shuffled,
            name="Un autre nom",
            date=yesterday() - datetime.timedelta(days=1),
        )
    assert caught.value.existing == first


def test_other_awards_or_another_season_are_other_results(world, players):
    receive(world.committee_staff, world.club, awards_file(players))
    # The same licences with other awards: another tournament.
    receive(world.committee_staff, world.club, awards_file(players, values=(560, 403, 209)))
    # The same file a season earlier: the same evening a year before is another one.
    Season.objects.create(start_year=season_of(yesterday()).start_year - 1)
    receive(
        world.committee_staff,
        world.club,
        awards_file(players),
        date=yesterday() - datetime.timedelta(days=366),
    )
    assert Homologation.objects.count() == 3


def test_the_page_links_to_the_tournament_that_holds_the_results(world, login, players):
    client = login(world.committee_staff)
    data = {
        "club": world.club.pk,
        "name": "Tournoi du jeudi",
        "date": yesterday().isoformat(),
        "index": "1",
        "session_players": "28",
        "referee_licence": REFEREE_LICENCE,
    }
    first = client.post(
        reverse("approvals:external"),
        data | {"file": SimpleUploadedFile("a.xlsx", awards_file(players))},
    )
    assert first.status_code == 302
    again = client.post(
        reverse("approvals:external"),
        data | {"file": SimpleUploadedFile("b.xlsx", awards_file(players))},
    )
    assert again.status_code == 200
    held = Homologation.objects.get()
    link = reverse("approvals:homologation", args=[held.pk])
    assert f'href="{link}" data-test="existing"' in again.content.decode()


def test_the_ranking_counts_a_file_once(world, players, django_capture_on_commit_callbacks):
    homologation = receive(world.federation_staff, world.club, awards_file(players))
    homologation_step(actor=world.federation_staff, homologation=homologation, action="approve")
    with pytest.raises(AlreadyReceived):
        receive(world.federation_staff, world.club, awards_file(players), name="Encore")
    season = Season.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        run = rankings.ranking_request(actor=world.federation_staff, season=season)
    row = RankingRow.objects.get(run=run, licensee=players[0])
    assert (row.pcn, row.tournaments) == (560, 1)


# --- the index granted before the tournament, and reached -----------------------------


def _sixty(extra=()):
    """60 players, index 1,2: 15 tables en ligne, 1200 x 1,2 = 1440 first of a line."""
    return [f.LicenseeFactory(), *extra]


def test_an_index_above_1_needs_a_grant_to_the_club_and_date(world):
    first = f.LicenseeFactory()
    content = xlsx((first.licence_number, "A", 1440, 0))
    errors = refusal(world.committee_staff, world.club, content, index="1.2", session_players=[60])
    assert errors == [
        "Indice 1,2 (Tournoi Régional) : le caractère de « Tournoi Régional » doit être"
        " attribué par la C.C.R. avant le tournoi."
    ]
    grant = ClubIndexGrant.objects.create(
        club=world.club, date=yesterday(), index=Decimal("1.2"), granted_by=world.committee_staff
    )
    # Recorded after the tournament: not granted before it.
    ClubIndexGrant.objects.filter(pk=grant.pk).update(granted_at=timezone.now())
    assert refusal(world.committee_staff, world.club, content, index="1.2", session_players=[60])
    before = timezone.now() - datetime.timedelta(days=10)
    ClubIndexGrant.objects.filter(pk=grant.pk).update(granted_at=before)
    homologation = receive(
        world.committee_staff, world.club, content, index="1.2", session_players=[60]
    )
    assert homologation.index == Decimal("1.2")


@pytest.mark.parametrize(
    ("recorded_utc", "holds"),
    [("2026-03-14 22:30", True), ("2026-03-14 23:30", False)],  # 23:30 and 00:30 in Paris
)
def test_a_grant_is_before_the_tournament_by_the_day_in_france(world, recorded_utc, holds):
    """Recorded at 00:30 in France the day after the tournament is not before it, though
    it is still the tournament's day in UTC."""
    recorded = datetime.datetime.fromisoformat(recorded_utc).replace(tzinfo=datetime.UTC)
    grant = ClubIndexGrant(
        club=world.club,
        date=datetime.date(2026, 3, 14),
        index=Decimal("1.2"),
        granted_by=world.committee_staff,
        granted_at=recorded,
    )
    day = datetime.date(2026, 3, 14)
    assert grant_holds(grant, club=world.club, day=day, index=Decimal("1.2")) is holds


def test_an_index_granted_but_not_reached_is_refused(world):
    grant = ClubIndexGrant.objects.create(
        club=world.club, date=yesterday(), index=Decimal("1.2"), granted_by=world.committee_staff
    )
    ClubIndexGrant.objects.filter(pk=grant.pk).update(
        granted_at=timezone.now() - datetime.timedelta(days=10)
    )
    content = xlsx((f.LicenseeFactory().licence_number, "A", 1056, 0))
    errors = refusal(world.committee_staff, world.club, content, index="1.2", session_players=[44])
    assert errors == [
        "Indice 1,2 (Tournoi Régional) : participation d'au moins 52 joueurs requise ; 44 ont joué."
    ]


def test_the_committee_grants_1_2_and_the_federation_1_5_before_the_day(world):
    tomorrow = timezone.localdate() + datetime.timedelta(days=1)
    grant = club_index_grant(
        actor=world.committee_staff, club=world.club, date=tomorrow, index=Decimal("1.2")
    )
    assert (grant.club, grant.date, grant.index) == (world.club, tomorrow, Decimal("1.2"))
    assert AuditLog.objects.filter(content_type__model="clubindexgrant").count() == 1
    grant = club_index_grant(
        actor=world.federation_staff, club=world.club, date=tomorrow, index=Decimal("1.5")
    )
    assert ClubIndexGrant.objects.get().index == Decimal("1.5")
    with pytest.raises(PermissionDenied):
        club_index_grant(
            actor=world.committee_staff, club=world.club, date=tomorrow, index=Decimal("1.5")
        )
    with pytest.raises(PermissionDenied):
        club_index_grant(
            actor=world.committee_staff,
            club=world.other_club,
            date=tomorrow,
            index=Decimal("1.2"),
        )
    with pytest.raises(ValidationError):
        club_index_grant(
            actor=world.committee_staff, club=world.club, date=yesterday(), index="1.2"
        )
    with pytest.raises(ValidationError):
        club_index_grant(actor=world.federation_staff, club=world.club, date=tomorrow, index="3")


@pytest.mark.parametrize("persona", [p for p in PERSONAS if p != "committee_staff"])
def test_no_one_else_grants_1_2(world, persona):
    tomorrow = timezone.localdate() + datetime.timedelta(days=1)
    with pytest.raises(PermissionDenied):
        club_index_grant(actor=world.persona(persona), club=world.club, date=tomorrow, index="1.2")
    assert not ClubIndexGrant.objects.exists()


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_grant_page(world, login, persona):
    client = login(world.persona(persona))
    url = reverse("approvals:club_grants")
    tomorrow = timezone.localdate() + datetime.timedelta(days=1)
    response = client.post(
        url, {"club": world.club.pk, "date": tomorrow.isoformat(), "index": "1.2"}
    )
    if persona == "committee_staff":
        assert response.status_code == 302
        assert ClubIndexGrant.objects.get().index == Decimal("1.2")
        assert "Tarot" in client.get(url).content.decode()
    elif persona == "federation_staff":
        # The federation receives files but grants 1,5 only: told so, nothing written.
        assert response.status_code == 200
        assert response.context["errors"]
        assert not ClubIndexGrant.objects.exists()
    else:
        assert response.status_code == 403
        assert not ClubIndexGrant.objects.exists()


# --- an official referee with a grade ------------------------------------------------


def test_the_referee_must_be_a_known_graded_licensee(world, players):
    errors = refusal(world.committee_staff, world.club, awards_file(players), referee_licence="")
    assert errors == ["Arbitre : numéro de licence manquant."]
    errors = refusal(
        world.committee_staff, world.club, awards_file(players), referee_licence="9999999"
    )
    assert errors == ["Arbitre : licence « 9999999 » inconnue dans la base des licenciés."]
    ungraded = f.LicenseeFactory()
    errors = refusal(
        world.committee_staff,
        world.club,
        awards_file(players),
        referee_licence=ungraded.licence_number,
    )
    assert errors[0] == (
        f"Arbitre : {ungraded.full_name} ({ungraded.licence_number}) n'a pas de grade"
        " d'arbitre dans la base des licenciés."
    )
    assert errors[1].startswith("Arbitrage : les tournois doivent être dirigés par un arbitre")


def test_the_referee_does_not_play_a_championship(world, players):
    referee = players[0]
    referee.referee_grade = "regional"
    referee.save()
    errors = refusal(
        world.committee_staff,
        world.club,
        awards_file(players),
        referee_licence=referee.licence_number,
        championship=True,
    )
    assert errors == [
        "Arbitrage : l'arbitre peut participer au tournoi qu'il dirige sauf lors des"
        " Championnats Officiels, des matches par équipes et des Festivals de tarot ; il a"
        " joué dans ce tournoi."
    ]
    # In a regularity tournament the referee may play.
    receive(
        world.committee_staff,
        world.club,
        awards_file(players),
        referee_licence=referee.licence_number,
    )


def test_an_unaffiliated_club_is_refused(world, players):
    world.club.affiliated = False
    world.club.save()
    errors = refusal(world.committee_staff, world.club, awards_file(players))
    assert errors[0].startswith("Organisateur : les tournois sont organisés par la FFT")


# --- awards a ranking could give -----------------------------------------------------


def test_awards_no_ranking_could_give_are_refused_with_the_expected_values(world, players):
    errors = refusal(
        world.committee_staff, world.club, awards_file(players, values=(561, 403, 290))
    )
    assert errors == [
        "Attribution : PCN 561 déclarés pour 1 joueur : aucune place ni aucun partage"
        " d'ex-æquo ne le donne (en ligne, 7 tables, indice 1) ; attendus : 560 à 4 places,"
        " 403 à 4 places, 290 à 4 places, 209 à 4 places."
    ]
    errors = refusal(world.committee_staff, world.club, awards_file(players, pp=(3, 0, 0)))
    assert errors == [
        "Attribution : PP 3 déclarés pour 1 joueur : aucune place ni aucun partage"
        " d'ex-æquo ne le donne (tournoi de régularité : aucun PP) ; attendus : aucun."
    ]


def test_tied_players_sharing_their_places_pass(world, players):
    # 2nd and 3rd of a line tied: (403 + 290) / 2 = 346.5, rounded up.
    receive(world.committee_staff, world.club, awards_file(players, values=(560, 347, 347)))


# --- the receiver corrects the received details --------------------------------------


def test_the_committee_corrects_the_details_with_a_reason_audited(world, players):
    homologation = receive(world.committee_staff, world.club, awards_file(players))
    day = yesterday() - datetime.timedelta(days=2)
    corrected = external_details_correct(
        actor=world.committee_staff,
        homologation=homologation,
        index="1",
        date=day,
        club=world.club,
        reason="Date mal saisie : le bordereau dit mardi.",
    )
    corrected.refresh_from_db()
    assert corrected.date == day
    audit = AuditLog.objects.filter(
        content_type__model="homologation", object_id=homologation.pk, action="update"
    ).get()
    assert audit.actor == world.committee_staff
    assert audit.changes["date"] == [yesterday().isoformat(), day.isoformat()]
    assert audit.changes["correction_reason"] == "Date mal saisie : le bordereau dit mardi."


def test_a_correction_needs_a_reason_and_keeps_the_conditions(world, players):
    homologation = receive(world.committee_staff, world.club, awards_file(players))
    with pytest.raises(ValidationError) as caught:
        external_details_correct(
            actor=world.committee_staff,
            homologation=homologation,
            index="1",
            date=yesterday(),
            club=world.club,
            reason=" ",
        )
    assert caught.value.messages == ["Raison : dites pourquoi vous corrigez les données reçues."]
    with pytest.raises(ValidationError) as caught:
        external_details_correct(
            actor=world.committee_staff,
            homologation=homologation,
            index="1",
            date=yesterday(),
            club=world.club,
            reason="Rien",
        )
    assert caught.value.messages == ["Correction : rien n'a changé."]
    # Index 1,2 without its grant: refused, nothing changed.
    with pytest.raises(ValidationError) as caught:
        external_details_correct(
            actor=world.committee_staff,
            homologation=homologation,
            index="1.2",
            date=yesterday(),
            club=world.club,
            reason="Indice oublié",
        )
    assert any(m.startswith("Indice 1,2") for m in caught.value.messages)
    homologation.refresh_from_db()
    assert homologation.index == Decimal("1")


@pytest.mark.parametrize("persona", PERSONAS)
def test_who_corrects_at_the_committee(world, players, persona):
    homologation = receive(world.committee_staff, world.club, awards_file(players))
    day = yesterday() - datetime.timedelta(days=1)
    values = {"index": "1", "date": day, "club": world.club, "reason": "Date"}
    if persona == "committee_staff":
        external_details_correct(actor=world.persona(persona), homologation=homologation, **values)
        homologation.refresh_from_db()
        assert homologation.date == day
    else:
        with pytest.raises(PermissionDenied):
            external_details_correct(
                actor=world.persona(persona), homologation=homologation, **values
            )
        homologation.refresh_from_db()
        assert homologation.date == yesterday()


@pytest.mark.parametrize("persona", PERSONAS)
def test_who_corrects_at_the_federation(world, players, persona):
    homologation = receive(world.federation_staff, world.club, awards_file(players))
    values = {"index": "1", "date": yesterday(), "club": world.other_club, "reason": "Club"}
    if persona == "federation_staff":
        external_details_correct(actor=world.persona(persona), homologation=homologation, **values)
        homologation.refresh_from_db()
        assert homologation.club == world.other_club
    else:
        with pytest.raises(PermissionDenied):
            external_details_correct(
                actor=world.persona(persona), homologation=homologation, **values
            )


def test_a_committee_moves_a_file_only_to_its_own_clubs(world, players):
    homologation = receive(world.committee_staff, world.club, awards_file(players))
    with pytest.raises(PermissionDenied):
        external_details_correct(
            actor=world.committee_staff,
            homologation=homologation,
            index="1",
            date=yesterday(),
            club=world.other_club,
            reason="Autre club",
        )


def test_the_page_offers_the_correction_to_the_holder_only(world, login, players):
    homologation = receive(world.committee_staff, world.club, awards_file(players))
    page = reverse("approvals:homologation", args=[homologation.pk])
    url = reverse("approvals:external_correct", args=[homologation.pk])
    client = login(world.committee_staff)
    assert 'data-test="correct-form"' in client.get(page).content.decode()
    day = yesterday() - datetime.timedelta(days=1)
    response = client.post(
        url, {"club": world.club.pk, "date": day.isoformat(), "index": "1", "reason": "Date"}
    )
    assert response.status_code == 302
    homologation.refresh_from_db()
    assert homologation.date == day
    # The page shows the correction, its reason and who made it, to every level.
    shown = client.get(page).content.decode()
    assert 'data-test="corrections"' in shown
    assert f"date {yesterday().isoformat()} → {day.isoformat()}" in shown
    assert "— Date</li>" in shown
    # The federation sees the tournament but does not hold it at the committee.
    client = login(world.federation_staff)
    assert 'data-test="correct-form"' not in client.get(page).content.decode()
    response = client.post(
        url, {"club": world.club.pk, "date": day.isoformat(), "index": "1", "reason": "x"}
    )
    assert response.status_code == 403


# --- a season Donne does not have yet ------------------------------------------------


def test_a_file_of_a_missing_season_waits_then_is_ranked_there(
    world, login, players, django_capture_on_commit_callbacks
):
    day = yesterday() - datetime.timedelta(days=2 * 366)
    start_year = season_of(day).start_year
    assert not Season.objects.filter(start_year=start_year).exists()
    homologation = receive(world.committee_staff, world.club, awards_file(players), date=day)
    # Received, never lost: in the committee's inbox as « saison à ouvrir ».
    assert list(waiting_for(world.committee_staff, Level.COMMITTEE)) == [homologation]
    (row,) = inbox_rows([homologation], timezone.localdate())
    assert row.season_to_open
    client = login(world.committee_staff)
    inbox = client.get(reverse("approvals:inbox")).content.decode()
    assert "saison à ouvrir" in inbox
    page = client.get(reverse("approvals:homologation", args=[homologation.pk]))
    assert 'data-test="season-to-open"' in page.content.decode()
    # It cannot go on yet.
    with pytest.raises(ValidationError) as caught:
        homologations_pass_on(actor=world.committee_staff, homologations=[homologation])
    assert "saison à ouvrir" in caught.value.messages[0]
    homologation.refresh_from_db()
    assert homologation.level == Level.COMMITTEE
    # The federation opens the season: it goes on, is approved and ranked there.
    season = Season.objects.create(start_year=start_year)
    assert not inbox_rows([homologation], timezone.localdate())[0].season_to_open
    homologations_pass_on(actor=world.committee_staff, homologations=[homologation])
    homologation.refresh_from_db()
    homologations_pass_on(actor=world.zone_manager, homologations=[homologation])
    homologation.refresh_from_db()
    homologation_step(
        actor=world.federation_staff, homologation=homologation, action=Action.APPROVE
    )
    with django_capture_on_commit_callbacks(execute=True):
        run = rankings.ranking_request(actor=world.federation_staff, season=season)
    ranked = dict(RankingRow.objects.filter(run=run).values_list("licensee_id", "pcn"))
    assert ranked == {players[0].pk: 560, players[1].pk: 403, players[2].pk: 290}


def test_the_federation_cannot_approve_a_file_of_a_missing_season(world, players):
    day = yesterday() - datetime.timedelta(days=2 * 366)
    homologation = receive(world.federation_staff, world.club, awards_file(players), date=day)
    with pytest.raises(ValidationError):
        homologation_step(
            actor=world.federation_staff, homologation=homologation, action=Action.APPROVE
        )
    Season.objects.create(start_year=season_of(day).start_year)
    homologation_step(
        actor=world.federation_staff, homologation=homologation, action=Action.APPROVE
    )
    homologation.refresh_from_db()
    assert homologation.level == Level.APPROVED


def test_a_file_of_made_up_awards_names_ten_values_and_counts_the_rest(world):
    licensees = f.LicenseeFactory.create_batch(14)
    content = xlsx(*((p.licence_number, "X", 1000 + n, 0) for n, p in enumerate(licensees)))
    errors = refusal(world.committee_staff, world.club, content)
    assert len(errors) == 11
    assert errors[-1] == "Attribution : et 4 autres valeurs qu'aucun classement ne donne."


def test_a_file_naming_more_players_than_played_is_refused(world):
    licensees = f.LicenseeFactory.create_batch(13)
    rows = [(p.licence_number, "X", 0, 0) for p in licensees]
    errors = refusal(world.committee_staff, world.club, xlsx(*rows), session_players=[12])
    assert errors == [
        "Participation : le fichier nomme 13 joueurs, plus que les 12 déclarés pour ses séances."
    ]
    receive(world.committee_staff, world.club, xlsx(*rows[:12]), session_players=[12])
