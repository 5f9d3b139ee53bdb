"""Registering many players to a stage at once from pasted licence numbers: all or none,
each refusal's reason in one summary, the player named once per line."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from apps.competitions import services
from apps.competitions.models import Stage
from tests import factories as f
from tests.competitions import championship as c


@pytest.fixture
def stage(league) -> Stage:
    competition = services.competition_create(
        actor=league.federation_staff, season=league.season, kind="P"
    )
    return c.local_final(league, competition, 0)


def test_a_pasted_list_registers_every_player_once(client, league, stage):
    players = league.players(0, 5)
    numbers = [p.licence_number for p in players]
    pasted = f"{numbers[0]}, {numbers[1]}\n{numbers[2]} ;{numbers[3]}\t{numbers[4]}\n{numbers[0]}"
    client.force_login(league.committee_staff[0])
    url = reverse("competitions:register_many", args=[stage.pk])
    response = client.post(url, {"numbers": pasted})
    assert response.status_code == 302 and response.url.endswith("#players")
    registered = stage.tournament.registrations.values_list("licensee_id", flat=True)
    assert sorted(registered) == sorted(p.pk for p in players)


def test_one_refusal_registers_nobody_and_the_summary_says_who_and_why(client, league, stage):
    mine, already = league.players(0, 2)
    stranger = league.players(1, 1)[0]  # licensed in the other committee
    services.stage_register(actor=league.committee_staff[0], stage=stage, licensee=already)
    pasted = " ".join([mine.licence_number, already.licence_number, stranger.licence_number, "999"])
    client.force_login(league.committee_staff[0])
    page = client.post(
        reverse("competitions:register_many", args=[stage.pk]), {"numbers": pasted}
    ).content.decode()
    assert stage.tournament.registrations.count() == 1  # nothing more
    assert "Personne n’est inscrit : 3 numéros refusés sur 4" in page  # noqa: RUF001
    rows = page.split('data-test="refused"')[1:]
    assert len(rows) == 3
    assert already.licence_number in rows[0] and "déjà inscrit" in rows[0]
    assert rows[0].count(already.full_name) == 1  # named once, not in the reason again
    assert "pas licencié dans le comité organisateur" in rows[1]
    assert "999" in rows[2] and "aucun licencié n&#x27;a ce numéro" in rows[2]
    assert mine.licence_number in page  # the list is kept to correct it


def test_a_list_too_long_or_empty_is_refused(client, league, stage):
    client.force_login(league.committee_staff[0])
    url = reverse("competitions:register_many", args=[stage.pk])
    long = client.post(url, {"numbers": " ".join(str(n) for n in range(201))})
    assert "201 numéros de licence : 200 au plus à la fois." in long.content.decode()
    empty = client.post(url, {"numbers": " , ; "})
    assert "Collez au moins un numéro de licence." in empty.content.decode()
    assert not stage.tournament.registrations.exists()


def test_only_the_organiser_registers_many(client, league, stage):
    url = reverse("competitions:register_many", args=[stage.pk])
    number = league.players(0, 1)[0].licence_number
    for user in (f.UserFactory(), league.zone_manager, league.referee, league.committee_staff[1]):
        client.force_login(user)
        assert client.get(url).status_code == 403
        assert client.post(url, {"numbers": number}).status_code == 403
    assert not stage.tournament.registrations.exists()
    client.force_login(league.committee_staff[0])
    assert client.get(url).status_code == 200
    stage_page = client.get(reverse("competitions:stage", args=[stage.pk])).content.decode()
    assert url in stage_page


def test_the_service_registers_all_or_none(league, stage):
    staff = league.committee_staff[0]
    good, other = league.players(0, 1)[0], league.players(1, 1)[0]
    with pytest.raises(ValidationError, match="1 licence\\(s\\) refusée\\(s\\) sur 2"):
        services.stage_register_many(
            actor=staff, stage=stage, numbers=[good.licence_number, other.licence_number]
        )
    assert not stage.tournament.registrations.exists()
    services.stage_register_many(actor=staff, stage=stage, numbers=[good.licence_number])
    assert stage.tournament.registrations.get().licensee == good


def test_a_player_found_by_name_says_whether_they_may_enter(client, league, stage):
    mine, already = league.players(0, 2)
    services.stage_register(actor=league.committee_staff[0], stage=stage, licensee=already)
    stranger = league.players(1, 1)[0]  # the other committee's: not listed
    client.force_login(league.committee_staff[0])
    url = reverse("competitions:register_many", args=[stage.pk])
    page = client.get(url, {"nom": mine.last_name}).content.decode()
    found = page.split('data-test="found"', 1)[1].split("</table>", 1)[0]
    assert mine.full_name in found and 'data-test="register-found"' in found
    assert stranger.full_name not in found
    page = client.get(url, {"nom": already.last_name}).content.decode()
    assert "déjà inscrit" in page.split('data-test="found"', 1)[1].split("</table>", 1)[0]
    client.post(
        reverse("competitions:register", args=[stage.pk]), {"licensee": mine.licence_number}
    )
    assert stage.tournament.registrations.filter(licensee=mine).exists()
    nobody = client.get(url, {"nom": "Personne-De-Ce-Nom"}).content.decode()
    assert "Aucun licencié des comités de l’étape ne porte ce nom." in nobody  # noqa: RUF001


def test_a_list_for_a_stage_already_seated_says_why(client, league, stage):
    players = league.players(0, 16)
    for licensee in players[:15]:
        services.stage_register(actor=league.committee_staff[0], stage=stage, licensee=licensee)
    c.start(league, stage)
    services.stage_seat_first(actor=league.referee, stage=stage)
    client.force_login(league.committee_staff[0])
    url = reverse("competitions:register_many", args=[stage.pk])
    page = client.post(url, {"numbers": players[15].licence_number}).content.decode()
    assert "Les inscriptions de cette étape sont closes." in page
    assert stage.tournament.registrations.count() == 15
