"""Score entry pages: who may open and post what, a traveller per étui with its taker
marked, a line saved by htmx (or refused, keeping what was typed), details turned into the
Garde score, the progress per position, the second entry and its mismatches, and queries
that do not grow with the room."""

import json

import pytest
from django.urls import reverse
from django.utils.html import escape

from apps.movements import services as movements
from apps.movements.models import Place
from apps.scoring import services
from apps.scoring.domain.deal import Deal, Poignee, duplicate_score, duplicate_score_reason
from apps.scoring.domain.likelihood import unlikely_score
from apps.scoring.models import Play
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration, Tournament
from tests import factories as f
from tests.builders import advance_to, in_play, table_entry_open, table_of
from tests.factories import register
from tests.personas import PERSONAS
from tests.wording import said

pytestmark = pytest.mark.django_db

RUNNERS = {"federation_staff", "referee"}
READERS = {"club_manager", "zone_manager", "committee_staff"}
HTMX = {"HX-Request": "true"}


def _session(world):
    return world.tournament.sessions.get()


def _url(name, session, *args):
    return reverse(f"scoring:{name}", args=[session.pk, *args])


def _line_url(name, table, etui=1):
    return reverse(f"scoring:{name}", args=[table.movement.session_id, table.pk, etui])


def _field(table, etui, name):
    return f"{table.pk}-{etui}-{name}"


def _post(browser, table, etui=1, *, name="line", htmx=True, **fields):
    data = {_field(table, etui, key): value for key, value in fields.items()}
    data.update({"reason": fields.pop("reason")} if "reason" in fields else {})
    return browser.post(_line_url(name, table, etui), data, headers=HTMX if htmx else {})


@pytest.fixture
def table(world):
    """Table 1 at position 1 of a 5-table session in play: étuis 1 to 4."""
    return table_of(in_play(world), 1, 1)


# --- who sees what ---------------------------------------------------------------


def _pages(session, table):
    return {
        "progress": _url("progress", session),
        "traveller": _url("traveller", session, 1),
        "check": _url("check", session, 1),
        "mismatches": _url("mismatches", session),
        "preview": _line_url("preview", table),
    }


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("page", ["progress", "traveller", "check", "mismatches", "preview"])
def test_pages_for_runners_and_the_progress_for_overseers(world, login, table, persona, page):
    response = login(world.persona(persona)).get(_pages(_session(world), table)[page])
    allowed = persona in RUNNERS or (page == "progress" and persona in READERS)
    assert response.status_code == (200 if allowed else 403)


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("name", ["line", "check_line"])
def test_only_runners_post_lines(world, login, table, persona, name):
    response = _post(login(world.persona(persona)), table, name=name, score="56")
    assert response.status_code == (200 if persona in RUNNERS else 403)
    assert Play.objects.exclude(score=None, check_score=None).exists() is (persona in RUNNERS)


def test_anonymous_visitors_are_sent_to_sign_in(world, client, table):
    for url in _pages(_session(world), table).values():
        response = client.get(url)
        assert response.status_code == 302 and "next=" in response.url


@pytest.mark.parametrize("persona", ["referee", "player", "outsider"])
def test_a_hidden_tournament_gives_not_found(world, login, persona):
    session = world.draft.sessions.get()
    assert login(world.persona(persona)).get(_url("progress", session)).status_code == 404


def test_a_referee_of_another_tournament_enters_nothing(world, login, table):
    other = f.UserFactory()
    f.RoleFactory(user=other)
    assert login(other).get(_url("traveller", _session(world), 1)).status_code == 403
    assert _post(login(other), table, score="56").status_code == 403


def test_readers_see_the_progress_without_entry_links(world, login, table):
    html = login(world.club_manager).get(_url("progress", _session(world))).content.decode()
    assert _url("traveller", _session(world), 1) not in html
    html = login(world.referee).get(_url("progress", _session(world))).content.decode()
    assert _url("traveller", _session(world), 1) in html


def test_the_movement_page_links_to_the_score_entry(world, login, table):
    response = login(world.referee).get(reverse("movements:page", args=[_session(world).pk]))
    assert _url("progress", _session(world)) in response.content.decode()


def test_unknown_etuis_and_lines_give_not_found(world, login, table):
    browser = login(world.referee)
    assert browser.get(_url("traveller", _session(world), 99)).status_code == 404
    assert _post(browser, table, 5, score="56").status_code == 404


# --- the traveller ---------------------------------------------------------------


def test_the_traveller_shows_each_table_with_its_taker(world, login, table):
    response = login(world.referee).get(_url("traveller", _session(world), 2))
    rows = response.context["rows"]
    assert [(r["line"].table.position, r["line"].table.table) for r in rows] == [
        (1, 1),
        (2, 5),
        (3, 4),
        (4, 3),
        (5, 2),
    ]
    html = response.content.decode()
    for row in rows:
        assert row["line"].taker_seat == "W" and row["line"].taker.name in html
    assert html.count('class="seat taker"') == 5
    assert response.context["previous"] == 1 and response.context["next"] == 3
    assert f'id="id_{_field(table, 2, "score")}"' in html and "autofocus" in html


def test_parallel_sections_share_the_traveller(world, login):
    in_play(world, 40, position=1)
    response = login(world.referee).get(_url("traveller", _session(world), 1))
    lines = [row["line"] for row in response.context["rows"]]
    sections = [s["name"] for s in lines[0].table.movement.sections]
    assert len(sections) == 2
    assert [line.table.section for line in lines if line.table.position == 1] == sections
    assert all(f"{name} " in response.content.decode() for name in sections)


def test_the_traveller_shows_what_is_entered(world, login, table):
    services.play_score_set(actor=world.referee, table=table, etui=1, score=-56)
    html = login(world.referee).get(_url("traveller", _session(world), 1)).content.decode()
    assert 'value="-56"' in html


def test_positions_not_in_play_cannot_be_typed_into(world, login):
    in_play(world, position=2)
    response = login(world.referee).get(_url("traveller", _session(world), 1))
    states = [r["line"].in_play for r in response.context["rows"]]
    assert states == [True, True, False, False, False]
    assert response.content.decode().count(" disabled") == 2 * 3


# --- saving a line ---------------------------------------------------------------


def test_enter_saves_the_line_and_signals_the_next_one(world, login, table):
    response = _post(login(world.referee), table, score="56")
    assert response.status_code == 200
    assert Play.objects.get(table=table, etui=1).score == 56
    html = response.content.decode()
    assert html.lstrip().startswith(f'<tbody id="line-{table.pk}-1"') and "<html" not in html
    assert 'data-test="saved"' in html and 'value="56"' in html
    trigger = json.loads(response.headers["HX-Trigger-After-Settle"])
    assert trigger == {"line-saved": {"line": f"{table.pk}-1"}}


@pytest.mark.parametrize(("typed", "stored"), [("+62", 62), ("\u221252", -52), (" -56 ", -56)])
def test_scores_are_read_as_written(world, login, table, typed, stored):
    _post(login(world.referee), table, score=typed)
    assert Play.objects.get().score == stored


def test_a_refused_score_shows_its_reason_and_keeps_the_typed_value(world, login, table):
    response = _post(login(world.referee), table, score="57")
    assert response.status_code == 200 and not Play.objects.exclude(score=None).exists()
    html = response.content.decode()
    assert services.sentence(duplicate_score_reason(57)) in response.content.decode("utf-8")
    assert 'value="57"' in html and 'aria-invalid="true"' in html
    assert "line-refused" in response.headers["HX-Trigger-After-Settle"]


@pytest.mark.parametrize(
    "typed",
    ["5x", "\u0665\u0666", "\uff15\uff16", "5_6", "5 6", "--56", "+-56", "-+56", "56-", "1234567"],
)
def test_a_score_that_is_not_ascii_digits_with_one_sign_is_refused(world, login, table, typed):
    response = _post(login(world.referee), table, score=typed)
    assert said("Type the score as a whole number, for example 56 or -56.") in (
        response.content.decode()
    )
    assert escape(typed) in response.content.decode()
    assert not Play.objects.exists()


@pytest.mark.parametrize(
    "details",
    [
        {"bouts": "\u0662", "points": "44"},
        {"bouts": "2", "points": "\uff14\uff14"},
        {"bouts": "2", "points": "4_4"},
        {"bouts": "2", "points": "44,55"},
        {"bouts": "2", "points": "44", "simple": "\u0661"},
    ],
)
def test_deal_details_take_ascii_digits_only(world, login, table, details):
    response = _post(login(world.referee), table, **details)
    assert 'aria-invalid="true"' in response.content.decode()
    assert not Play.objects.exists()


def test_the_deal_details_give_the_garde_score(world, login, table):
    browser = login(world.referee)
    deal = {"bouts": "2", "points": "44,5", "simple": "1", "petit_au_bout": "taker"}
    preview = browser.get(
        _line_url("preview", table),
        {_field(table, 1, key): value for key, value in deal.items()},
        headers=HTMX,
    )
    expected = duplicate_score(Deal(2, 44.5, poignees=(Poignee.SIMPLE,), petit_au_bout="taker"))
    assert f"= {expected}" in preview.content.decode()
    _post(browser, table, **deal)
    play = Play.objects.get()
    assert play.score == expected and play.deal["points"] == 44.5
    html = browser.get(_url("traveller", _session(world), 1)).content.decode()
    assert f"= {expected}" in html and f'<tr class="deal-row" id="deal-{table.pk}-1">' in html


def test_details_the_cards_do_not_allow_are_refused(world, login, table):
    browser = login(world.referee)
    preview = browser.get(
        _line_url("preview", table),
        {_field(table, 1, "bouts"): "0", _field(table, 1, "points"): "90"},
    )
    assert "Points impossibles" in preview.content.decode()
    response = _post(browser, table, bouts="0", points="90")
    assert "Points impossibles" in response.content.decode()
    assert not Play.objects.exists()


def test_a_score_that_differs_from_the_details_is_refused(world, login, table):
    response = _post(login(world.referee), table, score="80", bouts="2", points="44")
    assert escape(said("The score differs from the deal's details: clear one of them.")) in (
        response.content.decode()
    )
    assert not Play.objects.exists()


def test_a_score_entered_through_the_details_shows_its_number_and_saves_again(world, login, table):
    """The score box shows the details' score (2 bouts, 44 points: Garde made by 3, 56);
    saving the line again, number and details together, keeps the details."""
    browser = login(world.referee)
    _post(browser, table, bouts="2", points="44")
    html = browser.get(_url("traveller", _session(world), 1)).content.decode()
    assert f'name="{_field(table, 1, "score")}"' in html
    assert 'value="56" inputmode="numeric"' in html
    response = _post(browser, table, score="56", bouts="2", points="44")
    assert "line-saved" in response.headers["HX-Trigger-After-Settle"]
    play = Play.objects.get()
    assert (play.score, play.deal["bouts"], play.deal["points"]) == (56, 2, 44)


def test_an_emptied_line_is_cleared_and_an_empty_one_skipped(world, login, table):
    browser = login(world.referee)
    _post(browser, table, score="")
    assert not Play.objects.exists()
    _post(browser, table, score="56")
    response = _post(browser, table, score="")
    assert Play.objects.get().score is None
    assert "line-saved" in response.headers["HX-Trigger-After-Settle"]


def test_once_closed_the_reason_of_the_page_goes_with_the_line(world, login, table):
    browser = login(world.referee)
    _post(browser, table, score="56")
    world.tournament.status = Status.FINISHED
    world.tournament.save()
    page = browser.get(_url("traveller", _session(world), 1)).content.decode()
    assert 'id="entry-reason"' in page
    refused = _post(browser, table, score="62")
    assert said("The results are closed: give a reason for the change.") in (
        refused.content.decode()
    )
    _post(browser, table, score="62", reason="Rature visée")
    assert Play.objects.get().score == 62


def test_without_htmx_the_page_comes_back(world, login, table):
    browser = login(world.referee)
    response = _post(browser, table, score="56", htmx=False)
    assert response.status_code == 302
    assert response.url == _url("traveller", _session(world), 1) + f"#line-{table.pk}-1"
    response = _post(browser, table, score="57", htmx=False)
    assert response.status_code == 400 and 'value="57"' in response.content.decode()


# --- double entry ----------------------------------------------------------------


def test_the_second_entry_screen_hides_the_first_entry(world, login, table):
    services.play_score_set(actor=world.referee, table=table, etui=1, score=-56)
    browser = login(world.referee)
    html = browser.get(_url("check", _session(world), 1)).content.decode()
    assert 'data-test="check-mode"' in html and 'value="-56"' not in html
    response = _post(browser, table, name="check_line", score="-52")
    assert 'data-test="mismatch"' in response.content.decode()
    play = Play.objects.get()
    assert (play.score, play.check_score) == (-56, -52)


def test_an_empty_second_entry_changes_nothing(world, login, table):
    services.play_score_set(actor=world.referee, table=table, etui=1, score=56)
    _post(login(world.referee), table, name="check_line", score="")
    assert Play.objects.get().score == 56


def test_the_mismatches_page_lists_the_lines_that_differ(world, login, table):
    services.play_score_set(actor=world.referee, table=table, etui=1, score=56)
    services.play_check_set(actor=world.referee, table=table, etui=1, score=62)
    services.play_check_set(actor=world.referee, table=table, etui=2, score=50)
    browser = login(world.referee)
    response = browser.get(_url("mismatches", _session(world)))
    assert [(line.etui, line.score, line.check_score) for line in response.context["lines"]] == [
        (1, 56, 62),
        (2, None, 50),
    ]
    progress = browser.get(_url("progress", _session(world)))
    assert progress.context["mismatches"] == 2 and progress.context["checked"] == 2


# --- progress --------------------------------------------------------------------


def test_the_progress_shows_what_is_missing_per_position(world, login):
    movement = in_play(world, position=2)
    services.play_score_set(actor=world.referee, table=table_of(movement, 1, 1), etui=1, score=56)
    response = login(world.committee_staff).get(_url("progress", _session(world)))
    assert (response.context["entered"], response.context["expected"]) == (1, 100)
    assert response.context["first_missing"] == 2
    html = response.content.decode()
    assert "1 / 20" in html and "0 / 20" in html


def test_the_progress_before_the_movement_is_generated(world, login):
    response = login(world.referee).get(_url("progress", _session(world)))
    assert response.status_code == 200 and response.context["movement"] is None


# --- queries ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [20, 28])
@pytest.mark.parametrize(
    ("page", "queries"),
    [
        ("progress", 13),  # with the count of the tables' disagreements
        ("progress with table entry", 9),  # its entries alone: the lines are read once
        ("traveller", 12),
        ("check", 12),
        ("mismatches", 10),
        ("line", 23),
        ("table", 13),
    ],
)
def test_pages_cost_the_same_at_5_and_7_tables(
    world, login, django_assert_max_num_queries, players, page, queries
):
    movement = (table_entry_open if "table entry" in page else in_play)(world, players)
    table = table_of(movement, 1, 1)
    services.play_score_set(actor=world.referee, table=table, etui=1, score=56)
    browser = login(world.referee)
    session = _session(world)
    with django_assert_max_num_queries(queries):
        if page == "line":
            response = _post(browser, table, score="62")
        elif page in {"progress", "mismatches", "progress with table entry"}:
            response = browser.get(_url("progress" if "progress" in page else page, session))
        elif page == "table":
            response = browser.get(_url(page, session, table.pk))
        else:
            response = browser.get(_url(page, session, 1))
    assert response.status_code == 200


# --- entry by table ------------------------------------------------------------------


def test_a_tables_sheet_lists_its_etuis_and_saves_each_line(world, login, table):
    browser = login(world.referee)
    session = _session(world)
    page = browser.get(_url("table", session, table.pk))
    assert page.status_code == 200
    rows = page.context["rows"]
    assert [row["line"].etui for row in rows] == list(table.etuis)
    assert {row["line"].table.pk for row in rows} == {table.pk}
    html = page.content.decode()
    assert 'name="by_table" value="1"' in html
    nxt = page.context["next"]
    assert nxt.position == table.position and nxt.table == table.table + 1
    assert _url("table", session, nxt.pk) in html and page.context["previous"] is None
    etui = table.etuis[1]
    saved = browser.post(
        _line_url("line", table, etui),
        {_field(table, etui, "score"): "56", "by_table": "1"},
        headers=HTMX,
    )
    assert "line-saved" in saved.headers["HX-Trigger-After-Settle"]
    assert f'<td class="num">{etui}</td>' in saved.content.decode()  # the étui, not the table
    assert Play.objects.get(table=table, etui=etui).score == 56


@pytest.mark.parametrize("persona", ["zone_manager", "club_manager", "player", "outsider"])
def test_only_who_enters_scores_opens_a_tables_sheet(world, login, table, persona):
    response = login(world.persona(persona)).get(_url("table", _session(world), table.pk))
    assert response.status_code in (403, 404)


def test_the_progress_links_each_table_with_lines_missing_to_its_sheet(world, login, table):
    html = login(world.referee).get(_url("progress", _session(world))).content.decode()
    assert _url("table", _session(world), table.pk) in html


# --- doubtful lines and the page that follows the room ----------------------------------


def _doubtful_session(world):
    """Étui 1: 56, 62 and -300 (far below, kept after the question); étui 2: 56 and a
    second entry of 62; étui 3: 0 (only a failed announced chelem gives it)."""
    movement = in_play(world)
    for position, score in ((1, 56), (2, 62), (3, -300)):
        table = table_of(movement, 1, position)
        services.play_score_set(actor=world.referee, table=table, etui=1, score=score)
    second = table_of(movement, 2, 1)
    services.play_score_set(actor=world.referee, table=second, etui=2, score=56)
    services.play_check_set(actor=world.referee, table=second, etui=2, score=62)
    zero = table_of(movement, 3, 1)
    services.play_score_set(actor=world.referee, table=zero, etui=3, score=0)
    return movement, table_of(movement, 1, 3), second, zero


def test_the_progress_lists_the_doubtful_lines_with_links_to_correct_them(world, login):
    _movement, far, second, zero = _doubtful_session(world)
    session = _session(world)
    response = login(world.referee).get(_url("progress", session))
    doubtful = [(line.table.pk, line.etui, why) for line, why in response.context["doubtful"]]
    assert doubtful == [
        (far.pk, 1, unlikely_score(-300, [56, 62])),
        (second.pk, 2, ""),
        (zero.pk, 3, unlikely_score(0, [])),
    ]
    html = response.content.decode()
    for table, etui in ((far, 1), (second, 2), (zero, 3)):
        assert f"{_url('traveller', session, etui)}#line-{table.pk}-{etui}" in html
    assert escape(said("second entry %(check)s", check=62)) in html
    assert html.count('data-test="doubtful-line"') == 3
    # Whoever only oversees the tournament reads the list, without the links to correct.
    html = login(world.club_manager).get(_url("progress", session)).content.decode()
    assert html.count('data-test="doubtful-line"') == 3 and 'data-test="correct"' not in html


def test_the_progress_lists_a_score_far_above_the_etuis_others(world, login):
    """560 typed for 56 beside 52 and -70 (issue 42's room): kept after the question, and
    listed as the one far below would be."""
    movement = in_play(world)
    for position, score in ((1, 52), (2, -70), (3, 560)):
        table = table_of(movement, 1, position)
        services.play_score_set(actor=world.referee, table=table, etui=1, score=score)
    response = login(world.referee).get(_url("progress", _session(world)))
    doubtful = [(line.table.pk, line.etui, why) for line, why in response.context["doubtful"]]
    assert doubtful == [(table_of(movement, 1, 3).pk, 1, unlikely_score(560, [52, -70]))]
    assert "au-dessus" in doubtful[0][2]
    assert response.content.decode().count('data-test="doubtful-line"') == 1


def test_likely_lines_are_not_doubtful(world, login, table):
    services.play_score_set(actor=world.referee, table=table, etui=1, score=56)
    services.play_check_set(actor=world.referee, table=table, etui=1, score=56)
    response = login(world.referee).get(_url("progress", _session(world)))
    assert response.context["doubtful"] == []
    assert 'data-test="doubtful"' not in response.content.decode()


def test_the_traveller_shows_both_entries_of_a_line_that_differs(world, login):
    _doubtful_session(world)
    browser = login(world.referee)
    html = browser.get(_url("traveller", _session(world), 2)).content.decode()
    both = said("first entry %(first)s, second entry %(second)s", first=56, second=62)
    assert html.count('data-test="mismatch"') == 1 and escape(both) in html
    # The second entry screen stays blind: it says the line differs, not what the first holds.
    check = browser.get(_url("check", _session(world), 2)).content.decode()
    assert 'data-test="mismatch"' in check and escape(both) not in check


def test_the_progress_page_asks_for_itself_while_the_room_plays(world, login, table):
    browser = login(world.referee)
    url = _url("progress", _session(world))
    html = browser.get(url).content.decode()
    assert f'hx-get="{url}" hx-trigger="every 5s"' in html  # the rate bench/evening.py plays
    services.play_score_set(actor=world.referee, table=table, etui=1, score=56)
    polled = browser.get(url, headers=HTMX)
    fragment = polled.content.decode()
    assert polled.templates[0].name == "scoring/entry/_progress.html"
    assert fragment.startswith('<div id="progress-live"') and "<html" not in fragment
    assert polled.context["entered"] == 1 and 'data-test="entered"' in fragment


def test_the_progress_page_stops_asking_once_play_is_over(world, login, table):
    world.tournament.status = Status.FINISHED
    world.tournament.save(update_fields=["status"])
    html = login(world.referee).get(_url("progress", _session(world))).content.decode()
    assert 'data-test="progress-live"' in html and "hx-trigger" not in html


# --- « Mes scores » ----------------------------------------------------------------------


def test_my_scores_names_each_table_with_its_section(world, login):
    """Parallel sections number their tables alike: « Mes scores » calls a table as the
    room does, « A 3 » (movements.selectors.table_name)."""
    Registration.objects.create(tournament=world.tournament, licensee=world.licensee)
    register(world.tournament, 47)
    session = world.tournament.sessions.get()
    movement = movements.movement_generate(
        actor=world.referee, session=session, tables=12, type="howell", seed=1
    )
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.RUNNING)
    movement = advance_to(world, movement, 1)
    assert len(movement.sections) > 1
    place = Place.objects.select_related("table").get(
        registration__licensee=world.licensee, table__position=1
    )
    response = login(world.player).get(reverse("scoring:my_scores", args=[session.pk]))
    named = f"{place.table.section} {place.table.table}"
    assert {own.table for own in response.context["lines"]} == {named}
    assert f'<td class="num" data-test="my-table">{named}</td>' in response.content.decode()
