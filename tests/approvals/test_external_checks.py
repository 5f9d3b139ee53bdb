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

from apps.approvals import external
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
from apps.competitions.models import Competition, Stage
from apps.core.models import AuditLog
from apps.federation.domain.seasons import season_of
from apps.federation.models import Season
from apps.rankings import services as rankings
from apps.rankings.models import RankingRow
from apps.tournaments.models import Registration, Tournament
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
        "guests": 25,
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
    assert caught.value.existing.url == reverse("approvals:homologation", args=[first.pk])
    assert (
        "déjà dans Donne (100 % des attributions identiques) : « Tournoi du jeudi »"
        in (caught.value.messages[0])
    )
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
    assert caught.value.existing.url == reverse("approvals:homologation", args=[first.pk])


def test_other_awards_are_other_results_whatever_the_season(world, players):
    receive(world.committee_staff, world.club, awards_file(players))
    # The same licences with other awards: another tournament.
    receive(world.committee_staff, world.club, awards_file(players, values=(560, 290, 403)))
    # The same awards a season earlier are still the same results: refused.
    Season.objects.create(start_year=season_of(yesterday()).start_year - 1)
    with pytest.raises(AlreadyReceived):
        receive(
            world.committee_staff,
            world.club,
            awards_file(players),
            date=yesterday() - datetime.timedelta(days=366),
        )
    assert Homologation.objects.count() == 2


def test_federation_staff_may_receive_the_same_results_with_a_reason(world, players):
    receive(world.committee_staff, world.club, awards_file(players))
    with pytest.raises(AlreadyReceived):  # without a reason
        receive(world.federation_staff, world.club, awards_file(players))
    with pytest.raises(AlreadyReceived):  # a committee may not, reason or not
        receive(world.committee_staff, world.club, awards_file(players), same_results_reason="x")
    second = receive(
        world.federation_staff,
        world.club,
        awards_file(players),
        same_results_reason="deux tournois distincts, vérifié avec le club",
    )
    assert second.same_results_accepted.startswith("deux tournois distincts")


def test_the_page_links_to_the_tournament_that_holds_the_results(world, login, players):
    client = login(world.committee_staff)
    data = {
        "club": world.club.pk,
        "name": "Tournoi du jeudi",
        "date": yesterday().isoformat(),
        "index": "1",
        "session_players": "28",
        "guests": "25",
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
    errors = refusal(
        world.committee_staff, world.club, content, index="1.2", session_players=[60], guests=59
    )
    assert errors == [
        "Indice 1,2 (Tournoi Régional) : le caractère de « Tournoi Régional » doit être"
        " attribué par la C.C.R. avant le tournoi."
    ]
    grant = ClubIndexGrant.objects.create(
        club=world.club, date=yesterday(), index=Decimal("1.2"), granted_by=world.committee_staff
    )
    # Recorded after the tournament: not granted before it.
    ClubIndexGrant.objects.filter(pk=grant.pk).update(granted_at=timezone.now())
    assert refusal(
        world.committee_staff, world.club, content, index="1.2", session_players=[60], guests=59
    )
    before = timezone.now() - datetime.timedelta(days=10)
    ClubIndexGrant.objects.filter(pk=grant.pk).update(granted_at=before)
    homologation = receive(
        world.committee_staff, world.club, content, index="1.2", session_players=[60], guests=59
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
    errors = refusal(
        world.committee_staff, world.club, content, index="1.2", session_players=[44], guests=43
    )
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


# --- a declaration never switches a check off ----------------------------------------

# A 1st series regional final of 28 players (7 tables en ligne, index 1,8): the first three
# of a line (560, 403, 290 x 1,8) and the first three PP of its table (23, 19, 15).
STAGE_PCN = (1008, 725, 522)
STAGE_PP = (23, 19, 15)


@pytest.fixture
def stage(world, players, season):
    """A regional final played yesterday at the world's club, its 28 players registered:
    the file's three and 25 others."""
    competition = Competition.objects.create(season=season, kind=Competition.Kind.FIRST_SERIES)
    tournament = f.TournamentFactory(
        club=world.club, date=yesterday(), kind=Tournament.Kind.CHAMPIONSHIP
    )
    Registration.objects.bulk_create(
        Registration(tournament=tournament, licensee=p) for p in players
    )
    others = [registration.licensee for registration in f.register(tournament, 25)]
    final = Stage.objects.create(
        competition=competition,
        level=Stage.Level.REGIONAL_FINAL,
        name="Finale régionale 1ère série",
        committee=world.club.committee,
        tournament=tournament,
    )
    return final, [*players, *others]


def stage_file(licensees, pcn=STAGE_PCN, pp=STAGE_PP) -> bytes:
    """Every player of the stage named, the first three paid."""
    pcn, pp = [*pcn, *[0] * len(licensees)], [*pp, *[0] * len(licensees)]
    return xlsx(*((p.licence_number, "X", pcn[n], pp[n]) for n, p in enumerate(licensees)))


def at_stage(final) -> dict:
    return {"stage": final, "index": "1.8", "guests": 0}


def test_a_championship_file_is_received_with_its_stage(world, stage):
    final, licensees = stage
    homologation = receive(
        world.committee_staff, world.club, stage_file(licensees), **at_stage(final)
    )
    homologation.refresh_from_db()
    assert (homologation.championship, homologation.stage, homologation.index) == (
        True,
        final,
        Decimal("1.8"),
    )
    # Named once: the stage is in the chain now.
    errors = refusal(
        world.federation_staff,
        world.club,
        stage_file(licensees[::-1]),  # other results: others paid
        **at_stage(final),
    )
    assert errors == [
        "Étape « Finale régionale 1ère série » : elle est déjà dans la chaîne d'homologation."
    ]


def test_without_a_stage_a_file_is_a_regularity_tournament(world):
    """Once a tick switched the PP and index checks off: 999,999 PP, index 3 at a club of
    mainland France."""
    licensees = f.LicenseeFactory.create_batch(12)
    rows = [(p.licence_number, "X", 0, 999_999 if n == 0 else 0) for n, p in enumerate(licensees)]
    errors = refusal(
        world.committee_staff, world.club, xlsx(*rows), index="3", session_players=[12]
    )
    assert errors[0] == (
        "Indice 3 : le coefficient 3 est réservé aux tournois locaux des comités d'Outre-mer."
    )
    assert errors[1].startswith("Attribution : PP 999999 déclarés pour 1 joueur")


def test_a_stage_pp_above_its_table_are_refused(world, stage):
    final, licensees = stage
    errors = refusal(
        world.committee_staff,
        world.club,
        stage_file(licensees, pp=(999_999, 19, 15)),
        **at_stage(final),
    )
    (error,) = errors
    assert error.startswith("Attribution : PP 999999 déclarés pour 1 joueur : aucune place")
    assert "(Finale régionale 1ère série, PP de 28 joueurs)" in error


def test_a_stage_has_its_own_index_club_date_and_players(world, stage, players):
    final, licensees = stage
    stranger = f.LicenseeFactory()
    errors = refusal(
        world.committee_staff,
        world.club,
        stage_file([*licensees[:27], stranger]),
        **(at_stage(final) | {"index": "3", "date": yesterday() - datetime.timedelta(days=1)}),
    )
    day, before = yesterday(), yesterday() - datetime.timedelta(days=1)
    assert errors[:3] == [
        f"Étape « Finale régionale 1ère série » : elle se joue le {day:%d/%m/%Y} au club"
        f" {world.club} ; le fichier est déclaré le {before:%d/%m/%Y} au club {world.club}.",
        "Indice : une finale régionale a l'indice 1,8 : 3 demandé.",
        "Étape « Finale régionale 1ère série » : 1 joueur(s) du fichier n'y sont pas inscrits"
        f" (licences {stranger.licence_number}).",
    ]
    # A stage is played between registered licensees: no guest.
    errors = refusal(
        world.committee_staff,
        world.club,
        stage_file(licensees[:27]),
        **(at_stage(final) | {"guests": 1}),
    )
    assert errors == [
        "Invités : une étape de championnat ne compte que des licenciés inscrits ; 1 déclarés."
    ]


@pytest.mark.parametrize("sessions", [[12, 13], [16, 6]])
def test_sessions_the_check_cannot_verify_are_refused(world, sessions):
    """Once these counts switched the PCN check off: 999,999 PCN each were accepted."""
    licensees = f.LicenseeFactory.create_batch(12)
    rows = [(p.licence_number, "X", 999_999, 0) for p in licensees]
    errors = refusal(world.committee_staff, world.club, xlsx(*rows), session_players=sessions)
    counts = ", ".join(map(str, sessions))
    assert errors == [
        f"Attribution : PCN invérifiables : les joueurs des séances ({counts}) montrent un"
        " nouveau stade (des entrants, ou plus de la moitié éliminés) : chaque stade paie à part"
        " et un joueur reçoit leur somme, qu'aucun tableau ne donne."
    ]


def test_a_field_larger_than_the_players_named_and_the_guests_is_refused(world):
    """Once 16 licensees named with 400 declared claimed 2,000 PCN each."""
    licensees = f.LicenseeFactory.create_batch(16)
    content = xlsx(*((p.licence_number, "X", 2000, 0) for p in licensees))
    errors = refusal(world.committee_staff, world.club, content, session_players=[400], guests=0)
    assert errors == [
        "Participation : 400 joueurs déclarés pour une séance, plus que le fichier n'en nomme"
        " (16 licencié(s)) avec les invités déclarés (0, joueurs sans licence)."
    ]
    # 384 guests declared: a room of 400, whose lines pay 2,000 to 56 places.
    receive(world.committee_staff, world.club, content, session_players=[400], guests=384)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"session_players": [10**9]},
            "Joueurs : 1000000000 joueurs déclarés pour une séance : la plus grande salle en"
            " compte 600 (150 tables).",
        ),
        (
            {"session_players": [100_000]},
            "Joueurs : 100000 joueurs déclarés pour une séance : la plus grande salle en compte"
            " 600 (150 tables).",
        ),
        (
            {"session_players": [28] * 13},
            "Joueurs : 13 séances déclarées : un tournoi en compte 12 au plus.",
        ),
        ({"guests": 10**9}, "Invités : de 0 à 600 joueurs sans licence."),
        ({"guests": -1}, "Invités : de 0 à 600 joueurs sans licence."),
    ],
)
def test_declared_numbers_are_bounded_before_any_computation(
    world, players, monkeypatch, changes, message
):
    def never(*args, **kwargs):
        raise AssertionError("the awards were checked for an unbounded room")

    monkeypatch.setattr(external, "awards_claim_problems", never)
    errors = refusal(world.committee_staff, world.club, awards_file(players), **changes)
    assert errors == [message]


def test_a_correction_keeps_the_stage_checks(world, stage):
    final, licensees = stage
    homologation = receive(
        world.committee_staff, world.club, stage_file(licensees), **at_stage(final)
    )
    with pytest.raises(ValidationError) as caught:
        external_details_correct(
            actor=world.committee_staff,
            homologation=homologation,
            index="1.5",
            date=yesterday(),
            club=world.club,
            reason="Indice mal saisi",
        )
    assert caught.value.messages[0] == "Indice : une finale régionale a l'indice 1,8 : 1,5 demandé."
    homologation.refresh_from_db()
    assert homologation.index == Decimal("1.8")


def test_the_referee_does_not_play_a_championship(world, stage):
    final, licensees = stage
    referee = licensees[0]
    referee.referee_grade = "regional"
    referee.save()
    errors = refusal(
        world.committee_staff,
        world.club,
        stage_file(licensees),
        referee_licence=referee.licence_number,
        **at_stage(final),
    )
    assert errors == [
        "Arbitrage : l'arbitre peut participer au tournoi qu'il dirige sauf lors des"
        " Championnats Officiels, des matches par équipes et des Festivals de tarot ; il a"
        " joué dans ce tournoi."
    ]
    # In a regularity tournament the referee may play.
    file = awards_file(licensees[:3])
    receive(world.committee_staff, world.club, file, referee_licence=referee.licence_number)


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


def test_the_page_names_a_stage_among_the_receivers_ones(world, login, stage):
    final, licensees = stage
    client = login(world.committee_staff)
    url = reverse("approvals:external")
    assert list(client.get(url).context["form"].fields["stage"].queryset) == [final]
    data = {
        "club": world.club.pk,
        "name": "Finale régionale",
        "date": yesterday().isoformat(),
        "index": "1.8",
        "stage": final.pk,
        "session_players": "28",
        "guests": "0",
        "referee_licence": REFEREE_LICENCE,
        "file": SimpleUploadedFile("finale.xlsx", stage_file(licensees)),
    }
    assert client.post(url, data).status_code == 302
    homologation = Homologation.objects.get()
    assert (homologation.stage, homologation.championship) == (final, True)
    page = client.get(reverse("approvals:homologation", args=[homologation.pk])).content.decode()
    assert '<dd data-test="stage">Finale régionale 1ère série</dd>' in page
    assert '<dd data-test="guests">0</dd>' in page
    # Received: no longer offered.
    assert list(client.get(url).context["form"].fields["stage"].queryset) == []
