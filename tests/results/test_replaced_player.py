"""A player replaced during play, as the referee records it on the movement page (fascicule
3, ch. 2 art. 18; docs/interpretations.md « Only what was played is ranked »): 20 seats,
the player of Nord 1 replaced after the 4 étuis of the first position, with the best
notes of the room on them. The replaced player is not ranked and earns nothing; the
replacement is ranked; 20 players are ranked, on the pages, in the tournament file and in
the awards."""

import json
from io import BytesIO

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from apps.awards.models import Award, AwardSet
from apps.exchange.services import tournament_file_export, tournament_file_import
from apps.movements.domain.etuis import etui_taker
from apps.movements.models import MovementTable, Place
from apps.movements.selectors import Spot
from apps.results.exports import results_html, results_xlsx
from apps.results.printing import room_sheets_request
from apps.results.reads import session_results_read, tournament_results_read
from apps.results.selectors import session_display
from apps.scoring.services import play_score_set
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration
from tests import factories as f
from tests.builders import advance_to, enter_all, generate, held_elsewhere, played_by_today

pytestmark = pytest.mark.django_db

N1 = Spot("Rouge", "N1")
BEST = 200  # a Garde score no other play of the room reaches (enter_all: -70 to 92)


def _post(browser, name, session, data):
    response = browser.post(reverse(name, args=[session.pk]), {**data, "confirmed": "1"})
    assert response.status_code == 302, response.content.decode()[:2000]


def _best_first_position(world, movement, registration_id) -> None:
    """The replaced player's 4 étuis of position 1 with the best note of each étui."""
    table = MovementTable.objects.get(
        movement=movement, sequence=1, places__registration_id=registration_id
    )
    seat = table.places.get(registration_id=registration_id).seat
    for etui in table.etuis:
        score = BEST if etui_taker(etui) == seat else -BEST
        play_score_set(actor=world.referee, table=table, etui=etui, score=score, reason="test")


@pytest.fixture
def replaced(world, login, django_capture_on_commit_callbacks):
    """The room played to the end and finished, its awards computed: (replaced player's
    registration, replacement's registration, movement)."""
    movement = generate(world, 20)
    session = movement.session
    absent = Place.objects.get(table__movement=movement, table__sequence=1, player_code="N1")
    absent_id = absent.registration_id
    browser = login(world.referee)
    transition = reverse("tournaments:transition", args=[world.tournament.pk])
    assert browser.post(transition, {"status": Status.RUNNING}).status_code == 302
    movement = advance_to(world, movement, 2)
    substitute = f.LicenseeFactory(club=world.club)
    data = {"spot": N1.key, "licensee": substitute.licence_number}
    asked = browser.post(reverse("movements:replace", args=[session.pk]), data)
    assert "forfait" in asked.context["hint"] and "ni PCN ni PP" in asked.context["hint"]
    _post(browser, "movements:replace", session, data)
    movement = advance_to(world, movement, movement.positions)
    enter_all(world, movement, seed=2)
    _best_first_position(world, movement, absent_id)
    with django_capture_on_commit_callbacks(execute=True):
        assert browser.post(transition, {"status": Status.FINISHED}).status_code == 302
    return absent_id, substitute.registrations.get().pk, movement


def test_the_replacement_is_recorded_from_the_position_in_play(replaced):
    absent, substitute, movement = replaced
    first = Place.objects.get(table__movement=movement, table__sequence=1, player_code="N1")
    second = Place.objects.get(table__movement=movement, table__sequence=2, player_code="N1")
    assert (first.registration_id, second.registration_id) == (absent, substitute)


def test_twenty_seats_rank_twenty_players_without_the_replaced_one(replaced):
    absent, substitute, movement = replaced
    results = tournament_results_read(movement.session.tournament)
    [session] = results.sessions
    ranked = {p.player.registration_id for p in session.players if p.rank is not None}
    assert len(ranked) == 20
    assert absent not in ranked and substitute in ranked
    # The replacement is ranked on the 16 étuis they played, never on the absent's 4.
    [played] = [p for p in session.players if p.player.registration_id == substitute]
    assert len(played.etuis) == 16
    assert absent not in {p.player.registration_id for p in results.players}
    assert [(u.registration_id, u.reason, u.etuis) for u in session.unranked] == [
        (absent, "forfeit", 4)
    ]


def test_the_replaced_player_earns_no_pcn_and_no_pp(replaced):
    absent, _substitute, movement = replaced
    award_set = AwardSet.objects.get(tournament=movement.session.tournament)
    assert award_set.state == AwardSet.State.DONE
    assert not Award.objects.filter(registration_id=absent).exists()
    firsts_of_nord = Award.objects.filter(award_set=award_set, line="N", place=1)
    assert firsts_of_nord.count() >= 1
    assert all(a.pcn <= 400 for a in firsts_of_nord)
    # 5 players a line: « la moitié … arrondi à l'unité supérieure » = 3 places of Nord.
    nord = Award.objects.filter(award_set=award_set, line="N")
    assert sorted(a.place for a in nord)[-1] <= 3


def test_the_results_page_lists_the_replaced_player_apart(replaced, world, client):
    absent, substitute, movement = replaced
    page = client.get(reverse("results:session", args=[movement.session.pk]))
    assert page.status_code == 200
    display = page.context["display"]
    assert display.ranked == 20
    assert absent not in {int(r.person.key) for r in display.general}
    [apart] = display.apart
    assert apart.person.key == str(absent) and apart.other.key == str(substitute)
    html = page.content.decode()
    assert "Forfait" in html and apart.person.name in html


def test_the_replaced_player_keeps_their_feuille_de_route(replaced, world, login):
    absent, _substitute, movement = replaced
    page = login(world.referee).get(reverse("results:sheet", args=[movement.session.pk, absent]))
    assert page.status_code == 200
    sheet = page.context["sheet"]
    assert len(sheet.rows) == 4 and sheet.result.rank is None and sheet.apart.forfeit
    assert 'data-test="sheet-apart"' in page.content.decode()


def test_the_tournament_file_says_the_replaced_player_is_not_ranked(replaced, world, login):
    _absent, substitute, movement = replaced
    response = login(world.referee).get(
        reverse("exchange:session_file", args=[movement.session.pk])
    )
    document = json.loads(response.content)
    players = {p["id"]: p for p in document["players"]}
    replaced_entry = players["N1"]
    assert replaced_entry["rank"] is None and replaced_entry["forfeit"] is True
    assert (replaced_entry["pcn"], replaced_entry["pp"]) == (0, 0)
    ranked = [p for p in document["players"] if p["rank"] is not None]
    [replacement] = document["replacements"]
    assert replacement["player"] == "N1" and replacement["position"] == 2
    assert replacement["licence"] == Registration.objects.get(pk=substitute).licensee.licence_number
    assert replacement["rank"] is not None
    assert len(ranked) + 1 == 20


def test_the_file_imports_back_with_the_replacement(replaced, world):
    """The file carried from the room's laptop to the server keeps the replacement: the
    replaced player is forfeit there too (the room's tournament held on its laptop, not
    here)."""
    absent, substitute, movement = replaced
    played_by_today(movement.session.tournament)
    document = tournament_file_export(movement.session)
    held_elsewhere(movement.session.tournament)
    imported = tournament_file_import(actor=world.club_manager, document=document, club=world.club)
    session = imported.sessions.get()
    licence_of = {
        r.pk: r.licensee.licence_number
        for r in Registration.objects.filter(pk__in=[absent, substitute]).select_related("licensee")
    }
    results = session_results_read(session)
    by_licence = {p.player.licence_number: p for p in results.players}
    assert len(results.players) == 20
    assert licence_of[absent] not in by_licence and licence_of[substitute] in by_licence
    [unranked] = results.unranked
    assert (
        Registration.objects.get(pk=unranked.registration_id).licensee.licence_number
        == (licence_of[absent])
    )
    again = tournament_file_export(session)
    assert [(r["player"], r["position"], r["licence"]) for r in again["replacements"]] == [
        ("N1", 2, licence_of[substitute])
    ]


def test_the_results_pdf_lists_the_replaced_player_apart(replaced):
    absent, _substitute, movement = replaced
    html = results_html(session_display(movement.session))
    name = Registration.objects.get(pk=absent).licensee.full_name
    apart = html.split('data-test="apart"')[1]
    assert name in apart.split("</div>")[0] and "Forfait" in apart


def test_the_workbook_has_a_sheet_of_the_players_not_ranked(replaced):
    absent, _substitute, movement = replaced
    book = load_workbook(BytesIO(results_xlsx(movement.session)), read_only=True)
    ranking = list(book["Classement"].iter_rows(values_only=True))
    assert len(ranking) == 1 + 20
    [_header, row] = list(book["Non classés"].iter_rows(values_only=True))
    name = Registration.objects.get(pk=absent).licensee.full_name
    assert row[0] == name and row[3].startswith("Forfait : remplacé par")


def test_the_rooms_sheets_count_the_replaced_players_sheet(replaced):
    _absent, _substitute, movement = replaced
    display = session_display(movement.session)
    assert display.sheet_count == len(display.sheets()) == 21
    assert room_sheets_request(movement.session).total == 21


# --- replaced during a position, after some of its étuis -----------------------------
# Nord 1 plays the 8 étuis of positions 1 and 2 and the first 3 of position 3 (scored at
# the table when the referee replaces him): 11 étuis of 20. His replacement plays the 9
# others, fewer than half: the place ranks nobody, 19 players are ranked.


@pytest.fixture
def replaced_mid_position(world, login, django_capture_on_commit_callbacks):
    """(replaced player's registration, replacement's registration, movement), the room
    played to the end, every score entered again afterwards (corrections move no étui),
    finished and its awards computed."""
    movement = generate(world, 20)
    session = movement.session
    browser = login(world.referee)
    transition = reverse("tournaments:transition", args=[world.tournament.pk])
    assert browser.post(transition, {"status": Status.RUNNING}).status_code == 302
    movement = advance_to(world, movement, 3)
    place = Place.objects.get(table__movement=movement, table__sequence=3, player_code="N1")
    for etui in place.table.etuis[:3]:
        play_score_set(actor=world.referee, table=place.table, etui=etui, score=56, reason="test")
    substitute = f.LicenseeFactory(club=world.club)
    _post(
        browser,
        "movements:replace",
        session,
        {"spot": N1.key, "licensee": substitute.licence_number},
    )
    movement = advance_to(world, movement, movement.positions)
    enter_all(world, movement, seed=3)
    with django_capture_on_commit_callbacks(execute=True):
        assert browser.post(transition, {"status": Status.FINISHED}).status_code == 302
    return place.registration_id, substitute.registrations.get().pk, movement


def _apart(session) -> list[tuple]:
    return sorted((u.registration_id, u.reason, u.etuis, u.seat_etuis) for u in session.unranked)


def test_each_is_credited_with_the_etuis_they_played(replaced_mid_position):
    absent, substitute, movement = replaced_mid_position
    [session] = tournament_results_read(movement.session.tournament).sessions
    assert _apart(session) == [(absent, "forfeit", 11, 20), (substitute, "short", 9, 20)]
    assert len([p for p in session.players if p.rank is not None]) == 19
    display = session_display(movement.session)
    assert len(display.sheet(absent).rows) == 11
    assert len(display.sheet(substitute).rows) == 9


def test_the_replaced_players_sheet_counts_his_etuis(replaced_mid_position, world, login):
    absent, substitute, movement = replaced_mid_position
    page = login(world.referee).get(reverse("results:sheet", args=[movement.session.pk, absent]))
    assert len(page.context["sheet"].rows) == 11
    name = Registration.objects.get(pk=substitute).licensee.full_name
    assert f"remplacé par {name} après 11 étuis" in page.content.decode()


def test_neither_earns_pcn_or_pp(replaced_mid_position):
    absent, substitute, movement = replaced_mid_position
    award_set = AwardSet.objects.get(tournament=movement.session.tournament)
    assert award_set.state == AwardSet.State.DONE
    assert not Award.objects.filter(registration_id__in=[absent, substitute]).exists()


def test_the_pdf_and_the_workbook_list_both_apart(replaced_mid_position):
    absent, substitute, movement = replaced_mid_position
    names = {pk: Registration.objects.get(pk=pk).licensee.full_name for pk in (absent, substitute)}
    book = load_workbook(BytesIO(results_xlsx(movement.session)), read_only=True)
    assert len(list(book["Classement"].iter_rows(values_only=True))) == 1 + 19
    apart = {row[0]: row[3] for row in list(book["Non classés"].iter_rows(values_only=True))[1:]}
    assert apart[names[absent]] == f"Forfait : remplacé par {names[substitute]} après 11 étuis"
    assert apart[names[substitute]].startswith("Entré en cours de séance : 9 étuis joués sur 20")
    html = results_html(session_display(movement.session))
    listed = html.split('data-test="apart"')[1]
    assert names[absent] in listed and names[substitute] in listed and "après 11 étuis" in listed


def test_the_file_round_trips_the_etuis_of_each(replaced_mid_position, world):
    absent, substitute, movement = replaced_mid_position
    played_by_today(movement.session.tournament)
    document = tournament_file_export(movement.session)
    place = Place.objects.get(table__movement=movement, table__sequence=3, player_code="N1")
    [entry] = document["replacements"]
    assert (entry["player"], entry["position"], entry["from_etui"]) == (
        "N1",
        3,
        place.table.etuis[3],
    )
    held_elsewhere(movement.session.tournament)  # the room's laptop, not here
    imported = tournament_file_import(actor=world.club_manager, document=document, club=world.club)
    session = imported.sessions.get()
    licence_of = dict(
        Registration.objects.filter(pk__in=[absent, substitute]).values_list(
            "pk", "licensee__licence_number"
        )
    )
    apart = [
        (Registration.objects.get(pk=pk).licensee.licence_number, reason, etuis, seat)
        for pk, reason, etuis, seat in _apart(session_results_read(session))
    ]
    assert sorted(apart) == sorted(
        [(licence_of[absent], "forfeit", 11, 20), (licence_of[substitute], "short", 9, 20)]
    )
    [again] = tournament_file_export(session)["replacements"]
    assert (again["player"], again["position"], again["from_etui"]) == ("N1", 3, entry["from_etui"])
