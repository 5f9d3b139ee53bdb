"""The integrity alerts in the chain's inboxes: gathered from the stored tournaments and
files (each kind raised and not raised), in a number of queries that does not grow with
the inbox, shown with their evidence, noted by the officer the tournament waits for
(audited), and never blocking."""

import datetime
from decimal import Decimal

import pytest
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from apps.approvals import services
from apps.approvals.alerts import homologation_alerts
from apps.approvals.domain.chain import Level
from apps.approvals.models import AlertNote, ExternalAward, Homologation
from apps.awards.models import Award, AwardSet
from apps.core.models import AuditLog
from apps.tournaments.domain.workflow import Status
from tests import factories as f
from tests.builders import tournament_with_lines, waiting_homologation
from tests.personas import PERSONAS
from tests.queries import queries_of

DAY = timezone.localdate() - datetime.timedelta(days=20)
# Five étuis played at four tables, every score one a Garde gives.
LINES = {etui: [56, 62, -52, 70] for etui in range(1, 6)}


def played(club, *, day=DAY, lines=LINES, **values):
    return tournament_with_lines(club, day=day, lines=lines, **values)


def licensees_of(tournament) -> list:
    return [r.licensee for r in tournament.registrations.select_related("licensee")]


def received(club, licensees, *, day=DAY, level=Level.COMMITTEE, **facts):
    """A tournament received as a file from other software, its awards as claimed."""
    values = {"players": len(licensees), "index": Decimal("1"), **facts}
    homologation = Homologation.objects.create(
        club=club, name="Tournoi Extar", date=day, level=level, external=True, **values
    )
    ExternalAward.objects.bulk_create(
        ExternalAward(homologation=homologation, licensee=licensee, pcn=10 * i, pp=1)
        for i, licensee in enumerate(licensees)
    )
    return homologation


def with_awards(tournament, awards: dict) -> None:
    """The tournament's awards {licensee: (pcn, pp)} computed, as the worker stores them."""
    award_set = AwardSet.objects.create(tournament=tournament, state=AwardSet.State.DONE)
    registrations = {r.licensee_id: r for r in tournament.registrations.all()}
    Award.objects.bulk_create(
        Award(
            award_set=award_set,
            registration=registrations[licensee.pk],
            licensee=licensee,
            pcn=pcn,
            pp=pp,
            reason="",
        )
        for licensee, (pcn, pp) in awards.items()
    )


def kinds(homologation, user=None) -> list[str]:
    return [
        shown.alert.kind for shown in homologation_alerts([homologation], user)[homologation.pk]
    ]


def test_a_clean_tournament_raises_no_alert(world):
    homologation = waiting_homologation(played(world.club))
    played(world.other_club)  # other players, the same étuis: a simultaneous tournament
    assert kinds(homologation) == []


def test_the_same_results_under_another_name_club_and_date_raise_an_alert_with_a_link(world):
    mine = played(world.club)
    copy = played(
        world.other_club,
        day=DAY - datetime.timedelta(days=40),
        licensees=licensees_of(mine),
        name="Copie",
    )
    copy.status = Status.APPROVED
    copy.save()
    homologation = waiting_homologation(mine)
    [shown] = homologation_alerts([homologation])[homologation.pk]
    assert shown.alert.kind == "same_results"
    assert "Résultats identiques à ceux de « Copie »" in shown.alert.message
    assert shown.links == (("Copie", reverse("tournaments:detail", args=[copy.pk])),)


def test_results_shared_with_a_tournament_not_played_or_by_other_players_raise_nothing(world):
    mine = played(world.club)
    draft = played(world.other_club, licensees=licensees_of(mine))
    draft.status = Status.DRAFT
    draft.save()
    assert kinds(waiting_homologation(mine)) == []


def test_a_licensee_in_two_places_the_same_day_raises_an_alert_naming_them(world):
    mine = played(world.club)
    anne = licensees_of(mine)[0]
    elsewhere = played(world.other_club, players=0, licensees=[anne, f.LicenseeFactory()])
    homologation = waiting_homologation(mine)
    [shown] = homologation_alerts([homologation])[homologation.pk]
    assert shown.alert.kind == "same_day"
    assert f"{anne.last_name.upper()} {anne.first_name} ({anne.licence_number})" in (
        shown.alert.message
    )
    assert shown.links == ((elsewhere.name, reverse("tournaments:detail", args=[elsewhere.pk])),)


def test_the_same_day_at_the_same_place_or_another_day_raises_nothing(world):
    mine = played(world.club)
    anne = licensees_of(mine)[0]
    played(world.club, licensees=[anne], lines={1: [56]})  # the evening, same room
    played(world.other_club, day=DAY + datetime.timedelta(days=1), licensees=[anne])
    waiting = played(world.other_club, licensees=[anne])
    waiting.status = Status.REGISTRATION_OPEN  # registered, never played
    waiting.save()
    assert kinds(waiting_homologation(mine)) == []


def test_a_file_from_other_software_the_same_day_elsewhere_raises_the_alert_both_ways(world):
    mine = played(world.club)
    anne = licensees_of(mine)[0]
    file = received(world.other_club, [anne, *f.LicenseeFactory.create_batch(11)])
    homologation = waiting_homologation(mine)
    found = homologation_alerts([homologation, file], world.federation_staff)
    [on_mine] = found[homologation.pk]
    [on_file] = found[file.pk]
    assert on_mine.alert.kind == on_file.alert.kind == "same_day"
    assert on_mine.links == (("Tournoi Extar", reverse("approvals:homologation", args=[file.pk])),)
    # A committee officer who may not open the file sees the evidence without the link.
    [shown] = homologation_alerts([homologation], world.committee_staff)[homologation.pk]
    assert "« Tournoi Extar »" in shown.alert.message and shown.links == ()


def test_the_same_file_received_twice_raises_an_alert(world):
    players = f.LicenseeFactory.create_batch(12)
    first = received(world.club, players)
    assert kinds(first) == []
    again = received(world.club, players, day=DAY - datetime.timedelta(days=3))
    assert kinds(again) == ["same_results"]


def test_a_tournament_played_in_donne_and_received_as_a_file_raises_an_alert_both_ways(world):
    mine = played(world.club)
    file = received(world.club, licensees_of(mine)[:12])
    homologation = waiting_homologation(mine)
    found = homologation_alerts([homologation, file])
    assert [s.alert.kind for s in found[homologation.pk]] == ["same_results"]
    assert found[homologation.pk][0].alert.message.startswith("12 des 16 joueurs")
    assert [s.alert.kind for s in found[file.pk]] == ["same_results"]
    # Each seen alone finds the other.
    assert kinds(homologation) == kinds(file) == ["same_results"]


@pytest.mark.parametrize(
    ("level", "persona"),
    [
        (Level.COMMITTEE, "committee_staff"),
        (Level.ZONE, "zone_manager"),
        (Level.FEDERATION, "federation_staff"),
    ],
)
def test_close_awards_of_a_tournament_months_before_are_alerted_at_each_level(
    login, world, level, persona
):
    """7 of the 10 awarded licensees with the same PCN and PP: close results (60 to 90 %),
    looked at in the inbox the file waits in, with the share and a link."""
    mine = played(world.club, day=DAY - datetime.timedelta(days=90), name="Tournoi d'été")
    players = licensees_of(mine)[:10]
    file = received(world.club, players, level=level)
    with_awards(mine, {p: (10 * i + (5 if i >= 7 else 0), 1) for i, p in enumerate(players)})
    page = login(world.persona(persona)).get(reverse("approvals:inbox")).content.decode()
    assert 'data-test="alert-same_results"' in page
    assert "Résultats proches de ceux de « Tournoi d&#x27;été »" in page
    assert "70 % des attributions identiques (les mêmes PCN et PP, licencié par licencié)" in page
    assert reverse("tournaments:detail", args=[mine.pk]) in page
    [shown] = homologation_alerts([file])[file.pk]
    assert shown.alert.kind == "same_results"
    assert shown.links == (("Tournoi d'été", reverse("tournaments:detail", args=[mine.pk])),)


def test_the_same_results_a_file_slipped_past_the_receipt_with_are_alerted(world):
    """Written straight, past the receipt's refusal: 19 of 20 awarded licensees agree with a
    tournament of Donne played elsewhere a month before, 0-point lines added."""
    mine = played(world.other_club, players=20, day=DAY - datetime.timedelta(days=30))
    players = licensees_of(mine)
    with_awards(mine, {p: (10 * i, 1) for i, p in enumerate(players)})
    file = received(world.club, [*players, *f.LicenseeFactory.create_batch(3)])
    ExternalAward.objects.filter(homologation=file, licensee=players[4]).update(pcn=1)
    ExternalAward.objects.filter(homologation=file).exclude(licensee__in=players).update(
        pcn=0, pp=0
    )
    [shown] = homologation_alerts([file], world.committee_staff)[file.pk]
    assert shown.alert.kind == "same_results"
    assert shown.alert.message.startswith(f"Mêmes résultats que ceux de « {mine.name} »")
    assert "95 % des attributions identiques" in shown.alert.message
    assert shown.links == ((mine.name, reverse("tournaments:detail", args=[mine.pk])),)


def test_two_genuine_tournaments_of_the_same_players_on_two_days_raise_nothing(world):
    """A festival's weekend: the same players, other deals and other awards."""
    saturday = played(world.club)
    players = licensees_of(saturday)
    sunday = played(
        world.club,
        day=DAY + datetime.timedelta(days=1),
        licensees=players,
        lines={etui: [-56, 80, 74, 60] for etui in range(1, 6)},
    )
    with_awards(saturday, {p: (10 * i, 1) for i, p in enumerate(players[:8])})
    with_awards(sunday, {p: (10 * i, 1) for i, p in enumerate(players[8:])})
    assert kinds(waiting_homologation(saturday)) == kinds(waiting_homologation(sunday)) == []


def test_a_file_of_another_day_or_of_other_players_is_not_the_same_tournament(world):
    mine = played(world.club)
    players = licensees_of(mine)
    yesterday = received(world.club, players[:12], day=DAY - datetime.timedelta(days=1))
    others = received(world.club, players[:7] + f.LicenseeFactory.create_batch(8))
    assert kinds(yesterday) == []
    # Seven of its players the same day at the same club, the file's hour unknown.
    assert kinds(waiting_homologation(mine)) == kinds(others) == ["same_day"]


def test_a_file_with_a_field_smaller_than_its_index_raises_an_alert(world):
    players = f.LicenseeFactory.create_batch(12)
    small = received(world.club, players, index=Decimal("1.2"), players=40)
    [shown] = homologation_alerts([small])[small.pk]
    assert shown.alert.kind == "small_field"
    assert "au moins 52 joueurs ; le bordereau annonce 40 joueurs, le fichier en nomme 12" in (
        shown.alert.message
    )
    enough = received(world.other_club, players[:1], index=Decimal("1.2"), players=60)
    assert kinds(enough) == ["same_day"]  # the file's players, not its field


def test_claimed_awards_no_ranking_gives_raise_an_alert_naming_the_expected_values(world):
    """A file received before the awards were checked (or whose details were corrected
    since): its claims are checked against the regulation's tables."""
    players = f.LicenseeFactory.create_batch(12)
    made_up = received(world.club, players, session_players=[12])
    found = homologation_alerts([made_up])[made_up.pk]
    assert {shown.alert.kind for shown in found} == {"impossible_awards"}
    assert any("attendus" in shown.alert.message for shown in found)
    nothing_claimed = received(world.other_club, players, session_players=[12])
    ExternalAward.objects.filter(homologation=nothing_claimed).update(pcn=0, pp=0)
    assert "impossible_awards" not in kinds(nothing_claimed)


def test_impossible_and_lone_scores_are_flagged_with_their_etui(world):
    lines = {**LINES, 2: [56, 62, -52, 57], 3: [56, 62, -52, 410]}
    homologation = waiting_homologation(played(world.club, lines=lines))
    shown = homologation_alerts([homologation])[homologation.pk]
    assert [s.alert.kind for s in shown] == ["impossible_score", "lone_score"]
    assert "Étui 2 : aucune donne ne donne ce score — 57 (table 4 Rouge, position 1)" in (
        shown[0].alert.message
    )
    assert "Étui 3 : 410 (table 4 Rouge, position 1) à plus de 200 points" in (
        shown[1].alert.message
    )


def _inbox_of(world, count: int) -> list[Homologation]:
    """``count`` tournaments waiting, each with every kind of alert the data allows."""
    homologations = []
    for _ in range(count):
        lines = {**LINES, 2: [56, 62, -52, 57], 3: [56, 62, -52, 410]}
        mine = played(world.club, lines=lines, index=Decimal("1.2"))
        played(world.other_club, licensees=licensees_of(mine))  # same results, same day
        homologations.append(waiting_homologation(mine))
        homologations.append(
            received(
                world.club, f.LicenseeFactory.create_batch(3), index=Decimal("1.2"), players=40
            )
        )
    return homologations


def test_the_alerts_cost_the_same_queries_for_one_tournament_or_many(world):
    one, many = _inbox_of(world, 1), _inbox_of(world, 4)
    found = homologation_alerts(many, world.committee_staff)
    assert all(found[h.pk] for h in many)
    assert queries_of(lambda: homologation_alerts(one, world.committee_staff)) == queries_of(
        lambda: homologation_alerts(many, world.committee_staff)
    )


def test_the_inbox_cost_does_not_grow_with_its_tournaments(login, world):
    client = login(world.committee_staff)
    url = reverse("approvals:inbox")
    _inbox_of(world, 1)
    few = queries_of(lambda: client.get(url))
    _inbox_of(world, 3)
    assert queries_of(lambda: client.get(url)) == few


# --- the pages -------------------------------------------------------------------------


def test_the_inbox_shows_each_alert_with_its_evidence(login, world):
    mine = played(world.club, lines={**LINES, 3: [56, 62, -52, 410]})
    anne = licensees_of(mine)[0]
    elsewhere = played(world.other_club, players=0, licensees=[anne], name="Tournoi de Brest")
    waiting_homologation(mine)
    page = login(world.committee_staff).get(reverse("approvals:inbox")).content.decode()
    assert 'data-test="alerts"' in page and "2 alertes" in page
    assert 'data-test="alert-same_day"' in page and 'data-test="alert-lone_score"' in page
    assert "Joueurs de deux tournois le même jour" in page
    assert reverse("tournaments:detail", args=[elsewhere.pk]) in page
    assert "410 (table 4 Rouge, position 1)" in page


@pytest.fixture
def alerted(world):
    """A tournament at the committee with a lone score on its étui 3."""
    return waiting_homologation(played(world.club, lines={**LINES, 3: [56, 62, -52, 410]}))


def _note(client, homologation, key="lone_score:1:3", reason="Chelem annoncé réussi, vérifié"):
    url = reverse("approvals:alert_note", args=[homologation.pk])
    return client.post(url, {"key": key, "reason": reason}, follow=True)


def test_the_officer_notes_why_an_alert_is_fine_audited_and_shown(login, world, alerted):
    client = login(world.committee_staff)
    page = client.get(reverse("approvals:homologation", args=[alerted.pk])).content.decode()
    assert 'data-test="note-alert"' in page
    page = _note(client, alerted).content.decode()
    assert "L&#x27;alerte est notée comme normale" in page
    note = AlertNote.objects.get()
    assert (note.key, note.level, note.noted_by) == (
        "lone_score:1:3",
        "committee",
        world.committee_staff,
    )
    assert "410" in note.message
    assert 'data-test="noted"' in page and "« Chelem annoncé réussi, vérifié »" in page
    assert f"Notée par {world.committee_staff.get_full_name()} (le comité) le " in page
    audit = AuditLog.objects.filter(
        content_type=ContentType.objects.get_for_model(Homologation), object_id=str(alerted.pk)
    ).get()
    assert audit.actor == world.committee_staff
    assert audit.changes["alert"] == "lone_score:1:3"
    assert audit.changes["reason"] == [None, "Chelem annoncé réussi, vérifié"]
    # A second note at the same level replaces the first, the audit keeping both.
    _note(client, alerted, reason="Vérifié avec l'arbitre")
    assert AlertNote.objects.get().reason == "Vérifié avec l'arbitre"
    assert AuditLog.objects.filter(object_id=str(alerted.pk)).count() == 2
    # The zone sees the committee's note and adds its own.
    services.homologations_pass_on(actor=world.committee_staff, homologations=[alerted])
    zone = login(world.zone_manager)
    page = zone.get(reverse("approvals:inbox")).content.decode()
    assert "Vérifié avec l&#x27;arbitre" in page
    _note(zone, alerted, reason="Vu aussi")
    assert AlertNote.objects.filter(homologation=alerted).count() == 2


def test_the_home_counts_the_tournaments_with_an_alert_not_yet_noted(login, world, alerted):
    client = login(world.committee_staff)
    home = client.get(reverse("federation:home")).content.decode()
    assert "alertes à examiner : 1" in home
    _note(client, alerted)
    assert 'data-test="alerted"' not in client.get(reverse("federation:home")).content.decode()


def test_a_note_needs_a_reason_and_a_current_alert(login, world, alerted):
    client = login(world.committee_staff)
    page = _note(client, alerted, reason="   ").content.decode()
    assert "Dites pourquoi cette alerte est normale." in page
    page = _note(client, alerted, key="lone_score:1:4").content.decode()
    assert "n&#x27;est plus d&#x27;actualité" in page
    page = _note(client, alerted, reason="x" * 1001).content.decode()
    assert "1000 caractères au plus" in page
    refused = _note(client, alerted, reason="normal\x00")  # before any view (NUL)
    assert refused.status_code == 400 and "octet nul" in refused.content.decode()
    with pytest.raises(ValidationError, match="caractère nul"):  # the service's own guard
        services.homologation_alert_note(
            actor=world.committee_staff,
            homologation=alerted,
            key="lone_score:1:3",
            reason="normal\x00",
        )
    assert not AlertNote.objects.exists()
    assert not AuditLog.objects.filter(object_id=str(alerted.pk)).exists()


NOTES_AT_COMMITTEE = {"committee_staff": 302}
SEES_IT = {"federation_staff", "zone_manager", "club_manager"}


@pytest.mark.parametrize("persona", PERSONAS)
def test_who_notes_an_alert_at_the_committee(login, world, alerted, persona):
    client = login(world.persona(persona))
    url = reverse("approvals:alert_note", args=[alerted.pk])
    response = client.post(url, {"key": "lone_score:1:3", "reason": "normal"})
    expected = NOTES_AT_COMMITTEE.get(persona, 403 if persona in SEES_IT else 404)
    assert response.status_code == expected
    assert AlertNote.objects.exists() == (expected == 302)
    if persona in SEES_IT:
        page = client.get(reverse("approvals:homologation", args=[alerted.pk])).content.decode()
        # The officers of other levels see the alert, the organiser does not; none notes it.
        officer = persona != "club_manager"
        assert ('data-test="alert-lone_score"' in page) == officer
        assert 'data-test="note-alert"' not in page


@pytest.mark.parametrize(
    ("level", "grants"),
    [
        (Level.ZONE, {"zone_manager"}),
        (Level.FEDERATION, {"federation_staff"}),
        (Level.APPROVED, set()),
        (Level.ORGANISER, set()),
    ],
)
def test_who_notes_an_alert_at_each_level(login, world, alerted, level, grants):
    Homologation.objects.filter(pk=alerted.pk).update(level=level)
    for persona in ("federation_staff", "zone_manager", "committee_staff", "club_manager"):
        client = login(world.persona(persona))
        response = client.post(
            reverse("approvals:alert_note", args=[alerted.pk]),
            {"key": "lone_score:1:3", "reason": "normal"},
        )
        assert response.status_code == (302 if persona in grants else 403), persona
    assert AlertNote.objects.count() == len(grants)


def test_an_alert_never_blocks_the_chain(login, world, alerted, django_capture_on_commit_callbacks):
    client = login(world.committee_staff)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("approvals:pass_on"), {"homologation": [alerted.pk]})
    assert Homologation.objects.get(pk=alerted.pk).level == Level.ZONE
    Homologation.objects.filter(pk=alerted.pk).update(level=Level.FEDERATION)
    with django_capture_on_commit_callbacks(execute=True):
        login(world.federation_staff).post(
            reverse("approvals:step", args=[alerted.pk]), {"action": "approve"}
        )
    assert Homologation.objects.get(pk=alerted.pk).level == Level.APPROVED
