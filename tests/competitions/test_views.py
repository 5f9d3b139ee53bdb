"""The championship pages: public reading, every change refused to whoever may not make
it, the refusal's reason shown, the bordereau des qualifiés in both formats, a player's
path, and the cost of a stage's page whatever its field."""

import io
from datetime import datetime, time

import openpyxl
import pytest
from django.urls import reverse

from apps.competitions import services
from apps.competitions.domain.regulation import RegulationRow
from apps.competitions.models import Qualifier, Stage
from apps.competitions.selectors import stage_standings
from apps.tournaments.models import Registration
from tests import factories as f
from tests.competitions import championship as c
from tests.queries import queries_of


@pytest.fixture
def stage(league) -> Stage:
    competition = services.competition_create(
        actor=league.federation_staff, season=league.season, kind="P"
    )
    final = c.national_final(league, competition)
    return c.local_final(league, competition, 0, level=Stage.Level.REGIONAL_FINAL, next_stage=final)


def _played(league, stage, players=16):
    staff = league.committee_staff[0]
    for licensee in league.players(0, players):
        services.stage_register(actor=staff, stage=stage, licensee=licensee)
    services.stage_quota_set(actor=league.federation_staff, stage=stage, quota=4)
    c.start(league, stage)
    c.play_session(league, services.stage_seat_first(actor=league.referee, stage=stage), 2)
    c.finish(league, stage)
    services.stage_qualify(actor=staff, stage=stage)


def test_the_pages_are_public(client, stage):
    for url in (
        reverse("competitions:season"),
        reverse("competitions:detail", args=[stage.competition.pk]),
        reverse("competitions:stage", args=[stage.pk]),
    ):
        response = client.get(url)
        assert response.status_code == 200
        assert "Inscrire" not in response.content.decode()


@pytest.mark.parametrize("who", ["outsider", "other_committee", "zone", "referee"])
def test_registering_is_refused_to_all_but_the_organiser(client, league, stage, who):
    user = {
        "outsider": f.UserFactory(),
        "other_committee": league.committee_staff[1],
        "zone": league.zone_manager,
        "referee": league.referee,
    }[who]
    client.force_login(user)
    licensee = league.players(0, 1)[0]
    response = client.post(
        reverse("competitions:register", args=[stage.pk]), {"licensee": licensee.licence_number}
    )
    assert response.status_code == 403
    assert not Registration.objects.filter(licensee=licensee).exists()


def test_the_organiser_registers_and_sees_the_refusals_reason(client, league, stage):
    client.force_login(league.committee_staff[0])
    ok, wrong = league.players(0, 1)[0], league.players(0, 1, series="1")[0]
    url = reverse("competitions:register", args=[stage.pk])
    client.post(url, {"licensee": ok.licence_number})
    page = client.post(url, {"licensee": wrong.licence_number}, follow=True).content.decode()
    assert "ne réunit que les joueurs de cette série" in page
    assert "aucun licencié" not in page.lower()
    assert list(stage.tournament.registrations.values_list("licensee", flat=True)) == [ok.pk]
    unknown = client.post(url, {"licensee": "9999999"}, follow=True).content.decode()
    assert "9999999" in unknown


def test_only_the_federation_sets_the_quota(client, league, stage):
    url = reverse("competitions:quota", args=[stage.pk])
    client.force_login(league.committee_staff[0])
    assert client.post(url, {"quota": 9}).status_code == 403
    client.force_login(league.federation_staff)
    client.post(url, {"quota": 9})
    stage.refresh_from_db()
    assert stage.quota == 9


def test_the_bordereau_in_pdf_and_excel(client, league, stage):
    _played(league, stage)
    stage.refresh_from_db()
    client.force_login(league.zone_manager)  # the stage's zone
    pdf = client.get(reverse("competitions:bordereau", args=[stage.pk, "pdf"]))
    assert pdf.content.startswith(b"%PDF")
    xlsx = client.get(reverse("competitions:bordereau", args=[stage.pk, "xlsx"]))
    sheet = openpyxl.load_workbook(io.BytesIO(xlsx.content)).active
    rows = list(sheet.values)
    heading = [row[:2] for row in rows[:7]]
    assert heading == [
        ("Championnat", str(stage.competition)),
        ("Étape", f"{stage.name} (finale régionale)"),
        ("Organisateur", stage.organiser_name),
        ("Date", datetime.combine(stage.tournament.date, time())),
        ("Qualifie pour", stage.next_stage.name),
        ("Champion", stage.champion.full_name),
        ("Vice-champion", stage.vice_champion.full_name),
    ]
    assert sheet["B4"].number_format == "DD/MM/YYYY"
    players = rows[9:]  # after the heading, an empty line and the columns' names
    assert rows[8][:2] == ("N°", "Statut") and len(players) == 4 + 2
    assert [r[1] for r in players] == ["qualifié"] * 4 + ["remplaçant"] * 2
    # each column as wide as its widest value, the heading's labels and values included
    widths = {letter: sheet.column_dimensions[letter].width for letter in "ABH"}
    longest_club = max(len(r[7]) for r in players)
    assert widths["A"] == len("Vice-champion") + 2
    assert widths["B"] == min(len(str(stage.competition)) + 2, 40)
    assert widths["H"] == longest_club + 2


def test_the_bordereau_is_for_the_organiser_and_the_zone(client, league, stage):
    _played(league, stage)
    url = reverse("competitions:bordereau", args=[stage.pk, "xlsx"])
    assert client.get(url).status_code == 302  # sign in first
    for user in (f.UserFactory(), league.committee_staff[1], league.referee):
        client.force_login(user)
        assert client.get(url).status_code == 403
    for user in (league.committee_staff[0], league.zone_manager, league.federation_staff):
        client.force_login(user)
        assert client.get(url).status_code == 200
    assert client.get(url.replace(".xlsx", ".doc")).status_code == 404


def test_no_bordereau_before_the_qualification(client, league, stage):
    client.force_login(league.committee_staff[0])
    response = client.get(reverse("competitions:bordereau", args=[stage.pk, "pdf"]), follow=True)
    assert "pas encore désignés" in response.content.decode()


def test_licence_numbers_show_to_the_organiser_only(client, league, stage):
    licensee = league.players(0, 1)[0]
    services.stage_register(actor=league.committee_staff[0], stage=stage, licensee=licensee)
    url = reverse("competitions:stage", args=[stage.pk])
    assert licensee.full_name in client.get(url).content.decode()
    assert licensee.licence_number not in client.get(url).content.decode()
    client.force_login(league.committee_staff[0])
    assert licensee.licence_number in client.get(url).content.decode()


def test_the_organiser_removes_a_registration_until_the_first_session(client, league, stage):
    staff = league.committee_staff[0]
    registrations = [
        services.stage_register(actor=staff, stage=stage, licensee=licensee)
        for licensee in league.players(0, 16)
    ]
    url = reverse("competitions:unregister", args=[stage.pk, registrations[0].pk])
    client.force_login(league.committee_staff[1])
    assert client.post(url).status_code == 403
    client.force_login(staff)
    client.post(url)
    assert not Registration.objects.filter(pk=registrations[0].pk).exists()
    services.stage_seat_first(actor=league.referee, stage=stage, seed=1)
    page = client.post(
        reverse("competitions:unregister", args=[stage.pk, registrations[1].pk]), follow=True
    ).content.decode()
    assert "remplace un joueur absent" in page
    assert Registration.objects.filter(pk=registrations[1].pk).exists()


def test_only_the_federation_names_the_outgoing_champion_of_france(client, league, stage):
    competition = stage.competition
    url = reverse("competitions:detail", args=[competition.pk])
    champion = league.players(0, 1)[0]
    client.force_login(league.committee_staff[0])
    assert client.post(url, {"outgoing_champion": champion.licence_number}).status_code == 403
    client.force_login(league.federation_staff)
    client.post(url, {"outgoing_champion": champion.licence_number})
    competition.refresh_from_db()
    assert competition.outgoing_champion == champion
    # the national final shows it from there, and asks for no champion of its own
    page = client.get(reverse("competitions:stage", args=[stage.next_stage.pk])).content.decode()
    assert f'data-test="outgoing-champion">{champion.full_name} · <a href="{url}">' in page
    assert reverse("competitions:champion", args=[stage.next_stage.pk]) not in page
    regional = client.get(reverse("competitions:stage", args=[stage.pk])).content.decode()
    assert reverse("competitions:champion", args=[stage.pk]) in regional


def test_creating_a_stage_needs_an_organiser(client, league, stage):
    url = reverse("competitions:stage_create", args=[stage.competition.pk])
    assert client.get(url).status_code == 302
    for user in (f.UserFactory(), league.referee):
        client.force_login(user)
        assert client.get(url).status_code == 403
    client.force_login(league.committee_staff[1])
    page = client.get(url).content.decode()
    mine, theirs = (f'value="committee:{c.pk}"' for c in reversed(league.committees))
    assert mine in page and theirs not in page


def test_a_stage_form_with_a_bad_table_says_which_line(client, league, stage):
    client.force_login(league.committee_staff[0])
    response = client.post(
        reverse("competitions:stage_create", args=[stage.competition.pk]),
        {
            "level": "local_final",
            "name": "Finale",
            "date": "2027-03-13",
            "organiser": f"committee:{league.committees[0].pk}",
            "club": league.clubs[0].pk,
            "deals": 24,
            "replacements": 2,
            "regulation": "15-40\nquinze à vingt",
        },
    )
    assert "La ligne 2 (« quinze à vingt »)" in response.content.decode()
    assert Stage.objects.count() == 2


def test_a_player_sees_their_path(client, league, stage):
    _played(league, stage)
    stage.refresh_from_db()
    user = f.UserFactory(licensee=stage.champion)
    client.force_login(user)
    page = client.get(reverse("competitions:path")).content.decode()
    assert stage.name in page
    assert "Champion" in page


def test_a_replacement_who_entered_reads_whose_place_they_took(client, league, stage):
    withdrawn, replacement = league.players(0, 2)
    Qualifier.objects.create(
        stage=stage, licensee=withdrawn, role=Qualifier.Role.QUALIFIED, order=1
    )
    listed = Qualifier.objects.create(
        stage=stage, licensee=replacement, role=Qualifier.Role.REPLACEMENT, order=2
    )
    client.force_login(f.UserFactory(licensee=replacement))
    row = client.get(reverse("competitions:path")).content.decode().split(stage.name, 1)[1]
    assert "remplaçant" in row.split("</tr>", 1)[0]
    Qualifier.objects.filter(pk=listed.pk).update(
        replaces=Qualifier.objects.get(licensee=withdrawn)
    )
    row = client.get(reverse("competitions:path")).content.decode().split(stage.name, 1)[1]
    assert f"à la place de {withdrawn.full_name}" in row.split("</tr>", 1)[0]


def test_the_champion_of_a_final_reads_rank_1_in_their_path(client, league, stage):
    """A final lists nobody for a next stage: its ranks come from its results."""
    final = stage.next_stage
    players = league.players(0, 16)
    for licensee in players:
        Qualifier.objects.create(
            stage=stage, licensee=licensee, role=Qualifier.Role.QUALIFIED, order=licensee.pk
        )
        services.stage_register(actor=league.federation_staff, stage=final, licensee=licensee)
    c.start(league, final)
    c.play_session(league, services.stage_seat_first(actor=league.referee, stage=final), 3)
    c.finish(league, final)
    services.stage_qualify(actor=league.federation_staff, stage=final)
    final.refresh_from_db()
    ranks = {s.licensee.pk: s.rank for s in stage_standings(final)}
    for licensee in (final.champion, final.vice_champion, players[5]):
        client.force_login(f.UserFactory(licensee=licensee))
        page = client.get(reverse("competitions:path")).content.decode()
        row = page.split(final.name, 1)[1]
        assert f'data-test="rank">{ranks[licensee.pk]}</td>' in row
    assert ranks[final.champion.pk] == 1


def test_the_stage_page_costs_the_same_for_16_and_40_players(client, league, stage):
    url = reverse("competitions:stage", args=[stage.pk])
    client.force_login(league.committee_staff[0])
    staff = league.committee_staff[0]
    for licensee in league.players(0, 16):
        services.stage_register(actor=staff, stage=stage, licensee=licensee)
    small = queries_of(lambda: client.get(url))
    for licensee in league.players(0, 24):
        services.stage_register(actor=staff, stage=stage, licensee=licensee)
    assert queries_of(lambda: client.get(url)) == small


def test_the_running_ranking_is_public_once_play_is_over(client, league, stage):
    staff = league.committee_staff[0]
    for licensee in league.players(0, 16):
        services.stage_register(actor=staff, stage=stage, licensee=licensee)
    c.start(league, stage)
    c.play_session(league, services.stage_seat_first(actor=league.referee, stage=stage), 2)
    url = reverse("competitions:stage", args=[stage.pk])
    assert 'data-test="standings"' not in client.get(url).content.decode()
    client.force_login(staff)
    assert 'data-test="standings"' in client.get(url).content.decode()
    client.logout()
    c.finish(league, stage)
    assert 'data-test="standings"' in client.get(url).content.decode()


@pytest.mark.parametrize(
    ("name", "allowed", "refused"),
    [
        ("seat", "referee", "committee"),
        ("qualify", "committee", "referee"),
        ("approve", "zone", "committee"),
        ("derogation", "federation", "committee"),
        ("referee", "committee", "referee"),
    ],
)
def test_each_action_to_its_role(client, league, stage, name, allowed, refused):
    users = {
        "referee": league.referee,
        "committee": league.committee_staff[0],
        "zone": league.zone_manager,
        "federation": league.federation_staff,
    }
    url = reverse(f"competitions:{name}", args=[stage.pk])
    data = {"referee": league.referee.pk, "grade": "regional", "referee_derogation": "Accord"}
    client.force_login(users[refused])
    assert client.post(url, data).status_code == 403
    client.force_login(users[allowed])
    assert client.post(url, data).status_code == 302


def test_a_bad_regulation_table_changes_nothing(client, league, stage):
    client.force_login(league.committee_staff[0])
    page = client.post(
        reverse("competitions:regulation", args=[stage.pk]),
        {"deals": 20, "rows": "15-40 : 10"},
        follow=True,
    ).content.decode()
    assert "plus de 50 %" in page
    assert stage.regulation() == [RegulationRow(15, 40)]


def test_the_stage_form_refuses_a_balanced_open_regional_final_and_says_why(client, league):
    """Art. 7: the Open's regional final is drawn; the page says so and creates nothing.
    A stage's page says how its first session and the following ones are seated."""
    competition = services.competition_create(
        actor=league.federation_staff, season=league.season, kind="open"
    )
    client.force_login(league.committee_staff[0])
    values = {
        "level": "regional_final",
        "name": "Finale régionale open",
        "date": "2027-03-13",
        "organiser": f"committee:{league.committees[0].pk}",
        "club": league.clubs[0].pk,
        "deals": 24,
        "replacements": 2,
        "regulation": "15-24 : 12",
        "seating": "serpentine",
    }
    url = reverse("competitions:stage_create", args=[competition.pk])
    page = client.post(url, values).content.decode()
    assert "aléatoire et non pas équilibrée pour ne protéger personne » (art. 7)" in page
    assert not Stage.objects.exists()
    client.post(url, {**values, "seating": ""})
    stage = Stage.objects.get()
    page = client.get(reverse("competitions:stage", args=[stage.pk])).content.decode()
    assert "Placement de la première séance" in page
    assert "Placement des séances suivantes" in page


def test_a_table_of_5000_sessions_is_refused_and_changes_nothing(client, league, stage):
    client.force_login(league.committee_staff[0])
    page = client.post(
        reverse("competitions:regulation", args=[stage.pk]),
        {"deals": 20, "rows": "15-40 : " + ", ".join(["15"] * 4999)},
        follow=True,
    ).content.decode()
    assert "5000 séances, un tournoi en compte 12 au plus" in page
    assert stage.regulation() == [RegulationRow(15, 40)]


# --- the cut and the qualification, confirmed on pages listing who they concern ----


def _names(page: str, test: str) -> list[str]:
    """The players' names of a confirmation page's list, in its order."""
    part = page.split(f'data-test="{test}"', 1)[1].split("</ol>", 1)[0]
    return [chunk.split("</strong>", 1)[0] for chunk in part.split("<strong>")[1:]]


def _started_with_a_cut(league) -> Stage:
    """Committee 0's regional final of 20 players, 16 kept for its second session, its
    first session seated."""
    competition = services.competition_create(
        actor=league.federation_staff, season=league.season, kind="P"
    )
    level, cut = Stage.Level.REGIONAL_FINAL, [RegulationRow(20, 28, (16,))]
    final = c.local_final(league, competition, 0, level=level, regulation=cut)
    for licensee in league.players(0, 20):
        services.stage_register(actor=league.committee_staff[0], stage=final, licensee=licensee)
    c.start(league, final)
    services.stage_seat_first(actor=league.referee, stage=final, seed=2)
    return final


def test_the_cut_is_confirmed_on_a_page_listing_the_kept_and_the_eliminated(client, league):
    final = _started_with_a_cut(league)
    first = final.tournament.sessions.get().movement
    url = reverse("competitions:seat", args=[final.pk])
    client.force_login(league.referee)
    blocked = client.get(url).content.decode()
    assert "La séance 1 n&#x27;est pas complète" in blocked and 'data-test="confirm"' not in blocked
    c.play_session(league, first, 5)
    stage_page = client.get(reverse("competitions:stage", args=[final.pk])).content.decode()
    assert f'href="{url}" data-test="seat"' in stage_page  # a link to the confirmation
    page = client.get(url).content.decode()
    ranked = [s.licensee.full_name for s in stage_standings(final)]
    assert _names(page, "kept") == ranked[:16]
    assert _names(page, "eliminated") == ranked[16:]
    assert "Joueurs gardés pour la séance 2 (16)" in page and "Joueurs éliminés (4)" in page
    assert final.tournament.sessions.count() == 1  # nothing done before it is confirmed
    for user in (f.UserFactory(), league.committee_staff[0], league.zone_manager):
        client.force_login(user)
        assert client.get(url).status_code == 403
        assert client.post(url).status_code == 403
    assert final.tournament.sessions.count() == 1
    client.force_login(league.referee)
    client.post(url)
    assert final.tournament.sessions.count() == 2


def test_the_qualified_are_confirmed_on_a_page_before_they_are_named(client, league, stage):
    staff = league.committee_staff[0]
    for licensee in league.players(0, 16):
        services.stage_register(actor=staff, stage=stage, licensee=licensee)
    services.stage_quota_set(actor=league.federation_staff, stage=stage, quota=4)
    c.start(league, stage)
    c.play_session(league, services.stage_seat_first(actor=league.referee, stage=stage), 2)
    url = reverse("competitions:qualify", args=[stage.pk])
    client.force_login(staff)
    assert "n&#x27;est pas terminée" in client.get(url).content.decode()
    c.finish(league, stage)
    ranked = [s.licensee for s in stage_standings(stage)]
    page = client.get(url).content.decode()
    assert _names(page, "qualified") == [p.full_name for p in ranked[:4]]
    assert _names(page, "replacements") == [p.full_name for p in ranked[4:6]]
    assert f"Champion : <strong>{ranked[0].full_name}</strong>" in page
    assert page.count("inscrit à l’étape suivante") == 4  # noqa: RUF001
    assert "Qualifiés pour Finale nationale (4)" in page
    assert not stage.qualifiers.exists() and stage.next_stage.tournament.registrations.count() == 0
    for user in (f.UserFactory(), league.zone_manager, league.referee, league.committee_staff[1]):
        client.force_login(user)
        assert client.get(url).status_code == 403
        assert client.post(url).status_code == 403
    assert not stage.qualifiers.exists()
    client.force_login(staff)
    client.post(url)
    assert stage.qualifiers.count() == 6
    assert stage.next_stage.tournament.registrations.count() == 4
    assert "déjà désignés" in client.get(url).content.decode()


def test_a_stage_whose_qualified_are_named_shows_its_frozen_results(client, league, stage):
    """Once its qualified players are named, the stage's results no longer change: its
    pages say why, offer no « Reprendre le tournoi » and no score to type."""
    _played(league, stage)
    tournament = stage.tournament
    tournament.refresh_from_db()
    assert tournament.frozen and tournament.status == "finished"
    session = tournament.sessions.get()
    client.force_login(league.referee)
    pages = [
        reverse("competitions:stage", args=[stage.pk]),
        reverse("tournaments:detail", args=[tournament.pk]),
        reverse("scoring:traveller", args=[session.pk, 1]),
    ]
    for url in pages:
        page = client.get(url).content.decode()
        assert "Les qualifiés de cette étape sont désignés" in page, url
    detail = client.get(pages[1]).content.decode()
    assert "Reprendre le tournoi" not in detail
    traveller = client.get(pages[2]).content.decode()
    inputs = [part.split(">", 1)[0] for part in traveller.split('class="score-input')[1:]]
    assert inputs and all(" disabled" in tag for tag in inputs)


def test_the_referee_sees_each_running_rank_beside_the_seat_after_the_cut(client, league):
    """Art. 17 ¶2: the sessions after the first are seated by serpentine from the running
    ranking; the referee checks it on the stage's page, each player with their rank."""
    final = _started_with_a_cut(league)
    c.play_session(league, final.tournament.sessions.get().movement, 4)
    ranks = {s.licensee.full_name: s.rank for s in stage_standings(final)}
    url = reverse("competitions:stage", args=[final.pk])
    client.force_login(league.referee)
    assert 'data-test="serpentine"' not in client.get(url).content.decode()  # one session
    services.stage_seat_next(actor=league.referee, stage=final)
    page = client.get(url).content.decode()
    table = page.split('data-test="serpentine"', 1)[1].split("</table>", 1)[0]
    cells = [cell.split("</td>", 1)[0] for cell in table.split('<td data-label="')[1:]]
    shown = {}
    for cell in cells:
        name = cell.split(">", 1)[1].split(" <span", 1)[0]
        shown[name] = int(cell.split("rang ", 1)[1].split("<", 1)[0])
    assert len(shown) == 16 and shown == {name: ranks[name] for name in shown}
    assert sorted(shown.values()) == sorted(sorted(ranks.values())[:16])
    client.force_login(league.committee_staff[0])  # not the room's
    assert 'data-test="serpentine"' not in client.get(url).content.decode()


def test_a_national_final_is_warned_of_no_committee_minimum(client, league):
    """Art. 2, 7, 12: the minimums hold for « chaque finale locale, régionale, par
    regroupement de comités », never for the national final, whose format the CCN sets."""
    competition = services.competition_create(
        actor=league.federation_staff, season=league.season, kind="P"
    )
    final = c.national_final(league, competition, regulation=[RegulationRow(8, 40)], deals=12)
    client.force_login(league.federation_staff)
    page = client.get(reverse("competitions:stage", args=[final.pk])).content.decode()
    assert "au moins" not in page and 'role="alert"' not in page.split('id="regulation"')[1][:2000]
