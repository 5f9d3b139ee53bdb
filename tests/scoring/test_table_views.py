"""Table entry pages: the table's page opened by its code without an account (position,
players, étuis), the posts of Nord and of the checker by htmx or plain forms, each from
their own phone, the referee's switch (per persona), what the referee reads of each
table, the disagreements on the mismatches page, the codes on the printouts, and queries
that do not grow with the room."""

import re

import pytest
from django.contrib.contenttypes.models import ContentType
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from apps.movements import services as movements
from apps.movements.domain.etuis import etui_taker
from apps.movements.domain.model import SEATS
from apps.movements.models import SeatChoice, TableCode
from apps.movements.phones import DEVICE_COOKIE
from apps.movements.printing import Printout, printout_render
from apps.movements.selectors import table_by_code
from apps.scoring import services
from apps.scoring.domain.likelihood import unlikely_score
from apps.scoring.models import Play, TableEntry
from apps.scoring.versions import table_page_version
from tests.builders import in_play, table_at, table_of
from tests.pdf import pdf_text
from tests.personas import PERSONAS
from tests.queries import queries_of
from tests.wording import said

pytestmark = pytest.mark.django_db

RUNNERS = {"federation_staff", "referee"}
HTMX = {"HX-Request": "true"}
SAME_PHONE = (
    "Nord's score was sent from this phone: another player of the table checks it from their "
    "own phone, opened with the table's code."
)
DEVICE_MISSING = (
    "Reload the page on this phone, then try again: it has not opened this page yet, or it "
    "has lost its cookies."
)


def _on(world, players=20):
    movement = in_play(world, players, position=1)
    return movements.movement_table_entry_set(actor=world.referee, movement=movement, enabled=True)


def _code(movement, table=1) -> str:
    return TableCode.objects.get(movement=movement, table=table).code


def _page(client, movement, table=1):
    return client.get(reverse("scoring:table_page", args=[_code(movement, table)]))


def _phone(movement, table=1, client=None) -> Client:
    """A phone that opened the table's page: it holds the table's device token."""
    phone = client or Client()
    assert _page(phone, movement, table).status_code == 200
    return phone


def _post(client, movement, etui, htmx=True, table=1, **data):
    url = reverse("scoring:table_post", args=[_code(movement, table), 1, etui])
    return client.post(url, data, headers=HTMX if htmx else {})


def _first(movement, table=1):
    return table_at(movement.session, table).etuis[0]


# --- the table's page ------------------------------------------------------------


def test_a_code_opens_its_tables_page_without_an_account(world, client):
    movement = _on(world)
    table = table_at(movement.session, 1)
    html = _page(client, movement).content.decode()
    assert said("Position %(position)s", position=1) in html
    for place in table.places.select_related("registration__licensee"):
        assert place.registration.licensee.full_name in html
    for etui in table.etuis:
        assert f'id="etui-{etui}"' in html
    assert 'data-test="send"' in html


def test_the_score_label_names_the_takers_seat_and_nord_who_enters_it(world, client):
    """Étui by étui, the label names the seat the étui gives the taker, not Nord's."""
    movement = _on(world)
    html = _page(client, movement).content.decode()
    takers = set()
    for etui in table_at(movement.session, 1).etuis:
        block = html.split(f'id="etui-{etui}"')[1].split("</article>")[0]
        seat = etui_taker(etui)
        takers.add(seat)
        label = said("Taker's score (%(seat)s) — Nord enters", seat=SeatChoice(seat).label)
        assert escape(label) in block, etui
    assert takers == set(SEATS)


def test_the_phone_header_holds_the_site_name_and_the_help_alone(world, client):
    movement = _on(world)
    html = _page(client, movement).content.decode()
    header = html.split('<header class="topbar compact">')[1].split("</header>")[0]
    assert 'class="brand"' in header
    assert header.count("<a ") == 2  # the site name, the help at its table section
    assert f'href="{reverse("results:help")}#a-la-table" data-test="help"' in header


def test_the_code_is_read_whatever_its_case(world, client):
    movement = _on(world)
    url = reverse("scoring:table_page", args=[_code(movement).lower()])
    assert client.get(url).status_code == 200


def test_an_unknown_code_asks_again(world, client):
    response = client.get(reverse("scoring:table_page", args=["ZZZZZZ"]))
    assert response.status_code == 404
    assert (
        said("Unknown table code: check the code on the table card.") in response.content.decode()
    )


def test_the_code_typed_by_hand_leads_to_the_table(world, client):
    movement = _on(world)
    response = client.get(reverse("scoring:table_code"), {"code": f" {_code(movement).lower()} "})
    assert response.url == reverse("scoring:table_page", args=[_code(movement)])


def test_the_page_says_why_nothing_can_be_entered(world, client):
    movement = in_play(world, position=1)
    html = _page(client, movement).content.decode()
    refusal = said("Table entry is not open for this session: hand the traveller to the referee.")
    assert escape(refusal) in html
    assert 'data-test="send"' not in html


def test_a_phones_poll_tells_why_nothing_can_be_entered_any_more(world, client):
    movement = _on(world)
    url = reverse("scoring:table_page", args=[_code(movement)])
    polled = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert 'data-test="refusal" id="table-refusal" hidden' in polled
    movements.movement_table_entry_set(actor=world.referee, movement=movement, enabled=False)
    polled = client.get(url, headers={"HX-Request": "true"}).content.decode()
    refusal = said("Table entry is not open for this session: hand the traveller to the referee.")
    assert f'id="table-refusal">{escape(refusal)}</p>' in polled


def test_nord_sends_and_east_confirms_by_htmx_from_another_phone(world):
    movement = _on(world)
    etui = _first(movement)
    nord, east = _phone(movement), _phone(movement)
    html = _post(nord, movement, etui, action="send", **{f"e{etui}-score": "-56"}).content.decode()
    assert 'data-state="pending"' in html and 'data-test="confirm-elsewhere"' in html
    assert 'data-test="confirm-E"' not in html  # not on the phone that sent it
    html = _page(east, movement).content.decode()
    assert 'data-test="confirm-E"' in html and 'data-test="confirm-elsewhere"' not in html
    html = _post(east, movement, etui, action="confirm", seat="E", score="-56").content.decode()
    assert 'data-state="recorded"' in html
    assert Play.objects.get(etui=etui, table__table=1).score == -56


def test_the_phone_that_sent_the_score_cannot_confirm_it(world):
    movement = _on(world)
    etui = _first(movement)
    nord = _phone(movement)
    _post(nord, movement, etui, action="send", **{f"e{etui}-score": "56"})
    html = _post(nord, movement, etui, action="confirm", seat="E", score="56").content.decode()
    assert 'data-state="pending"' in html and 'data-test="error"' in html
    assert escape(said(SAME_PHONE)) in html
    assert not Play.objects.exists()
    plain = _post(nord, movement, etui, htmx=False, action="dispute", seat="S", score="-56")
    assert escape(said(SAME_PHONE)) in nord.get(plain.url).content.decode()
    assert TableEntry.objects.get().state == TableEntry.State.PENDING


@pytest.mark.parametrize("htmx", [True, False])
def test_a_phone_without_the_tables_token_sends_nothing(world, client, htmx):
    """A post from a phone that never opened the table's page (or lost its cookies, or
    holds another table's token) is refused: it reloads the page first."""
    movement = _on(world)
    etui = _first(movement)
    _phone(movement, table=2, client=client)
    response = _post(client, movement, etui, htmx=htmx, action="send", **{f"e{etui}-score": "56"})
    assert not TableEntry.objects.exists()
    if htmx:
        assert response.status_code == 403
        assert response.content.decode() == said(DEVICE_MISSING)
    else:
        assert escape(said(DEVICE_MISSING)) in client.get(response.url).content.decode()
    _phone(movement, client=client)  # the page is opened (reloaded): its token is held
    _post(client, movement, etui, action="send", **{f"e{etui}-score": "56"})
    assert TableEntry.objects.get().score == 56


def test_a_forged_device_token_is_no_token(world, client):
    movement = _on(world)
    etui = _first(movement)
    _phone(movement, client=client)
    cookie = client.cookies[DEVICE_COOKIE]
    device, _sep, rest = cookie.value.partition(":")
    client.cookies[DEVICE_COOKIE] = f"other{device}:{rest}"
    response = _post(client, movement, etui, action="send", **{f"e{etui}-score": "56"})
    assert response.status_code == 403 and not TableEntry.objects.exists()


def test_a_plain_form_comes_back_to_the_page_with_its_error(world, client):
    movement = _on(world)
    etui = _first(movement)
    _phone(movement, client=client)
    response = _post(client, movement, etui, htmx=False, action="send", **{f"e{etui}-score": "57"})
    assert response.status_code == 302 and response.url.endswith(f"#etui-{etui}")
    assert not TableEntry.objects.exists()
    html = client.get(response.url).content.decode()
    assert 'class="message error"' in html


def test_a_refused_post_keeps_what_was_typed(world, client):
    movement = _on(world)
    etui = _first(movement)
    _phone(movement, client=client)
    html = _post(client, movement, etui, action="send", **{f"e{etui}-score": "57"}).content.decode()
    assert 'data-test="error"' in html and 'value="57"' in html


def test_a_refused_post_keeps_the_deals_details_typed_not_the_form_kept_blank(world, client):
    """An étui's blank form of the deal's details is kept rendered (per étui and
    language); a form sent back with an error shows what was typed."""
    movement = _on(world)
    etui = _first(movement)
    _phone(movement, client=client)
    blank = _page(client, movement).content.decode()
    grids = re.findall(r'<div class="deal-grid">.*?</div>', blank, re.S)
    assert len(grids) == len(table_at(movement.session, 1).etuis)
    again = _page(client, movement).content.decode()  # the kept forms, the same
    assert re.findall(r'<div class="deal-grid">.*?</div>', again, re.S) == grids
    assert f'name="e{etui}-points"' in blank and 'value="37"' not in blank
    typed = {f"e{etui}-bouts": "9", f"e{etui}-points": "37", f"e{etui}-chelem": "made"}
    html = _post(client, movement, etui, action="send", **typed).content.decode()
    assert 'data-test="error"' in html
    assert 'value="37"' in html and 'value="made" selected' in html
    assert 'value="37"' not in _page(client, movement).content.decode()


# --- an unlikely score: the referee's question, asked of Nord ----------------------

UNLIKELY = "Unlikely score: %(reason)s. Check it with the table, then send it again to confirm it."


def test_an_unlikely_score_asks_nord_then_counts_sent_again_unchanged(world):
    movement = _on(world)
    etui = _first(movement)
    nord = _phone(movement)
    score = {f"e{etui}-score": "0"}
    asked = _post(nord, movement, etui, action="send", **score).content.decode()
    reason = unlikely_score(0, [])
    assert escape(said(UNLIKELY, reason=reason)) in asked and 'data-test="unlikely"' in asked
    assert f'name="e{etui}-confirmed" value="0"' in asked and 'value="0" inputmode' in asked
    assert not TableEntry.objects.exists()
    # Another score typed meanwhile is asked about again, not sent unseen.
    _post(
        nord, movement, etui, action="send", **{f"e{etui}-score": "10", f"e{etui}-confirmed": "0"}
    )
    assert not TableEntry.objects.exists()
    sent = _post(nord, movement, etui, action="send", **score, **{f"e{etui}-confirmed": "0"})
    assert 'data-state="pending"' in sent.content.decode()
    assert TableEntry.objects.get().score == 0


def _scored_elsewhere(world):
    """Table entry at position 3, the first étui scored 56 and 62 at positions 2 and 3."""
    movement = _on(world)
    movements.movement_advance(actor=world.referee, movement=movement, from_position=1)
    movements.movement_advance(actor=world.referee, movement=movement, from_position=2)
    etui = _first(movement)
    for position, other in ((2, 56), (3, 62)):
        Play.objects.create(table=table_of(movement, etui, position), etui=etui, score=other)
    return movement, etui


@pytest.mark.parametrize(
    ("far", "likely"),
    [(-300, -56), (560, 112)],  # a failed Garde, a Garde Sans, among made Gardes: sent
)
def test_a_score_far_below_or_above_the_etuis_others_in_the_room_is_asked_about(world, far, likely):
    movement, etui = _scored_elsewhere(world)
    nord = _phone(movement)
    asked = _post(nord, movement, etui, action="send", **{f"e{etui}-score": str(far)})
    assert escape(said(UNLIKELY, reason=unlikely_score(far, [56, 62]))) in asked.content.decode()
    assert not TableEntry.objects.exists()
    _post(nord, movement, etui, action="send", **{f"e{etui}-score": str(likely)})
    assert TableEntry.objects.get().score == likely


def test_the_deals_details_are_not_asked_about(world):
    """The score the details give is no typing slip: it is sent unasked, as on the
    referee's screen, however far below the étui's others."""
    movement, etui = _scored_elsewhere(world)
    details = {
        f"e{etui}-bouts": "0",
        f"e{etui}-points": "20",
        f"e{etui}-chelem": "announced_failed",
    }
    _post(_phone(movement), movement, etui, action="send", **details)
    sent = TableEntry.objects.get().score
    assert unlikely_score(sent, [56, 62]) is not None  # typed, it would have been asked about


def test_without_the_script_the_question_comes_back_on_the_page(world, client):
    movement = _on(world)
    etui = _first(movement)
    _phone(movement, client=client)
    asked = _post(client, movement, etui, htmx=False, action="send", **{f"e{etui}-score": "-10"})
    assert asked.status_code == 400 and 'data-test="table-page"' in asked.content.decode()
    assert f'name="e{etui}-confirmed" value="-10"' in asked.content.decode()
    sent = _post(
        client,
        movement,
        etui,
        htmx=False,
        action="send",
        **{f"e{etui}-score": "-10", f"e{etui}-confirmed": "-10"},
    )
    assert sent.status_code == 302 and TableEntry.objects.get().score == -10


def test_a_disagreement_reaches_the_referees_mismatches(world, login):
    movement = _on(world)
    etui = _first(movement)
    _post(_phone(movement), movement, etui, action="send", **{f"e{etui}-score": "56"})
    html = _post(_phone(movement), movement, etui, action="dispute", seat="W", score="-56")
    assert 'data-state="disputed"' in html.content.decode()
    page = login(world.referee).get(reverse("scoring:mismatches", args=[movement.session_id]))
    html = page.content.decode()
    assert 'data-test="disagreements"' in html and "-56" in html


def test_the_traveller_shows_both_values_of_a_tables_disagreement_until_settled(world, login):
    movement = _on(world)
    etui = _first(movement)
    _post(_phone(movement), movement, etui, action="send", **{f"e{etui}-score": "56"})
    _post(_phone(movement), movement, etui, action="dispute", seat="W", score="-56")
    referee = login(world.referee)
    url = reverse("scoring:traveller", args=[movement.session_id, etui])
    both = said(
        "Disagreement (Nord: %(nord)s, %(seat)s: %(other)s): the referee settles it.",
        nord=56,
        seat=SeatChoice.WEST.label,
        other=-56,
    )
    html = referee.get(url).content.decode()
    assert html.count('data-test="disagreement"') == 1 and both in html
    check = reverse("scoring:check", args=[movement.session_id, etui])
    assert 'data-test="disagreement"' not in referee.get(check).content.decode()  # typed blind
    table = table_at(movement.session, 1)
    services.play_score_set(actor=world.referee, table=table, etui=etui, score=56)
    assert 'data-test="disagreement"' not in referee.get(url).content.decode()


# --- the referee's side ----------------------------------------------------------


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_the_room_switches_table_entry(world, login, persona):
    movement = in_play(world, position=1)
    url = reverse("scoring:table_entry_switch", args=[movement.session_id])
    response = login(world.persona(persona)).post(url, {"enabled": "1"})
    movement.refresh_from_db()
    assert movement.table_entry is (persona in RUNNERS)
    assert response.status_code == (302 if persona in RUNNERS else 403)


def test_the_switch_turns_table_entry_off_again(world, login):
    movement = _on(world)
    url = reverse("scoring:table_entry_switch", args=[movement.session_id])
    login(world.referee).post(url, {"enabled": "0"})
    movement.refresh_from_db()
    assert not movement.table_entry


def test_the_progress_page_shows_what_each_table_entered(world, login):
    movement = _on(world)
    etui = _first(movement)
    _post(_phone(movement), movement, etui, action="send", **{f"e{etui}-score": "56"})
    html = login(world.referee).get(reverse("scoring:progress", args=[movement.session_id]))
    html = html.content.decode()
    assert 'data-test="table-entry-rows"' in html
    assert said("Switch table entry off") in html


@pytest.mark.parametrize("switched_on", [False, True])
def test_the_progress_page_says_what_two_phones_do_not_guarantee(world, login, switched_on):
    movement = _on(world) if switched_on else in_play(world, position=1)
    page = login(world.referee).get(reverse("scoring:progress", args=[movement.session_id]))
    [paragraph] = re.findall(r'<p data-test="two-phones">(.*?)</p>', page.content.decode())
    assert "cookies" in paragraph and "devient un autre téléphone" in paragraph
    assert "que deux personnes" in paragraph and "vérifié" in paragraph


def _counts(world, read, before=lambda movement: None) -> list[int]:
    """The queries of read(movement) in a 5-table and a 7-table room."""
    counts = []
    for players in (20, 28):
        movement = _on(world, players - world.tournament.registrations.count())
        before(movement)
        counts.append(queries_of(lambda movement=movement: read(movement)))
        movement.delete()
    return counts


@pytest.mark.parametrize("polled", [False, True])
def test_the_table_page_costs_the_same_in_any_room(world, client, polled):
    """The page, and its étuis polled by each phone of the room (no more queries)."""

    def page(movement):
        url = reverse("scoring:table_page", args=[_code(movement)])
        return client.get(url, headers=HTMX if polled else {})

    small, big = _counts(world, page)
    assert small == big
    if polled:
        assert small <= _counts(world, lambda movement: _page(client, movement))[0]


@pytest.mark.parametrize("polled", [False, True])
def test_the_progress_page_with_table_entry_costs_the_same_in_any_room(world, login, polled):
    """The page, and its changing part polled while the room plays (no more queries)."""
    browser = login(world.referee)

    def send(movement):
        etui = _first(movement)
        _post(_phone(movement), movement, etui, action="send", **{f"e{etui}-score": "56"})

    def progress(movement, polled=polled):
        url = reverse("scoring:progress", args=[movement.session_id])
        return browser.get(url, headers=HTMX if polled else {})

    small, big = _counts(world, progress, send)
    assert small == big
    if polled:
        assert small <= _counts(world, lambda movement: progress(movement, False), send)[0]


def test_a_post_from_the_table_costs_the_same_few_queries_in_any_room(world):
    """Every post reads its code once, writes in one transaction and reads back its one
    étui (a typed score also reads the étui's other scores, to ask about an unlikely one):
    a 150-table room posts as cheaply as a 5-table one."""
    ContentType.objects.get_for_models(Play, TableEntry)  # the audit's, kept per process
    posts = []

    def send_then_confirm(movement):
        etui = _first(movement)
        score = {f"e{etui}-score": "56"}
        nord, east = _phone(movement), _phone(movement)
        sent = queries_of(lambda: _post(nord, movement, etui, action="send", **score))
        confirmed = queries_of(
            lambda: _post(east, movement, etui, action="confirm", seat="E", score="56")
        )
        posts.append((sent, confirmed))
        assert Play.objects.get(table__movement=movement, etui=etui).score == 56

    _counts(world, lambda movement: None, send_then_confirm)
    (small_send, small_confirm), (big_send, big_confirm) = posts
    assert (small_send, small_confirm) == (big_send, big_confirm)
    assert small_send <= 13 and small_confirm <= 17, posts


# --- printouts -------------------------------------------------------------------


def test_table_cards_carry_the_code_and_route_cards_each_tables_code(world):
    movement = _on(world)
    codes = TableCode.objects.filter(movement=movement).values_list("code", flat=True)
    cards = pdf_text(printout_render(movement, Printout.TABLE_CARDS).pdf)
    assert all(code in cards for code in codes)
    route = pdf_text(printout_render(movement, Printout.ROUTE_CARDS).pdf)
    assert all(code in route for code in codes)


def test_the_page_polls_its_etuis_and_the_position_in_play(world, client):
    """htmx (the page's script, every TABLE_POLL_SECONDS) gets the étuis alone, with the
    position in play the page compares with its own."""
    movement = _on(world)
    page = _page(client, movement).content.decode()
    assert 'data-position="1"' in page and 'data-poll-ms="15000"' in page
    url = reverse("scoring:table_page", args=[_code(movement)])
    polled = client.get(url, headers=HTMX)
    fragment = polled.content.decode()
    assert polled.templates[0].name == "scoring/table/_etuis.html"
    assert 'data-position="1"' in fragment and "<html" not in fragment
    assert fragment.count('data-test="etui-') == len(table_at(movement.session, 1).etuis)
    movements.movement_advance(actor=world.referee, movement=movement, from_position=1)
    assert 'data-position="2"' in client.get(url, headers=HTMX).content.decode()
    assert (
        client.get(reverse("scoring:table_page", args=["ZZZZZZ"]), headers=HTMX).status_code == 404
    )


def test_the_help_says_a_score_is_confirmed_from_another_phone(client, db):
    html = client.get(reverse("results:help")).content.decode()
    section = html[html.index('id="a-la-table"') :]
    section = section[: section.index("</section>")]
    assert "depuis son propre téléphone" in section
    assert "ne peut ni le confirmer ni le contester" in section
    assert "Un téléphone qui a déjà ouvert sa table" in section
    assert "la même question que sur l'écran de l'arbitre" in section
    assert "se mettent à jour d'eux-mêmes" in section


# --- polls of an unchanged page ------------------------------------------------------


def _etag(phone, movement, htmx=False):
    url = reverse("scoring:table_page", args=[_code(movement)])
    response = phone.get(url, headers=HTMX if htmx else {})
    assert response.status_code == 200
    return response["ETag"]


def _polled(phone, movement, etag, htmx=False):
    url = reverse("scoring:table_page", args=[_code(movement)])
    return phone.get(url, headers={"If-None-Match": etag, **(HTMX if htmx else {})})


@pytest.mark.parametrize("htmx", [False, True])
def test_an_unchanged_table_page_is_answered_not_modified(world, htmx):
    movement = _on(world)
    phone = _phone(movement)
    etag = _etag(phone, movement, htmx)
    unchanged = _polled(phone, movement, etag, htmx)
    assert unchanged.status_code == 304 and unchanged.content == b""
    assert "no-cache" in unchanged["Cache-Control"] and DEVICE_COOKIE in unchanged.cookies


def test_the_table_page_changes_with_each_step_of_an_etui_and_of_the_room(world):
    movement = _on(world)
    nord, checker = _phone(movement), _phone(movement)
    etui = _first(movement)
    seen = {_etag(checker, movement)}

    def changed():
        etag = _etag(checker, movement)
        assert etag not in seen
        seen.add(etag)

    _post(nord, movement, etui, action="send", **{f"e{etui}-score": "56"})
    changed()  # Nord's score waits for a confirmation
    _post(checker, movement, etui, action="confirm", seat="E", score="56")
    changed()  # recorded
    services.play_score_set(
        actor=world.referee, table=table_at(movement.session, 1), etui=etui, score=62, reason="x"
    )
    changed()  # the referee corrected the line
    movements.movement_table_entry_set(actor=world.referee, movement=movement, enabled=False)
    changed()  # table entry closed


def test_each_phone_has_its_own_version_of_the_table_page(world):
    """The phone that sent Nord's score is told so; another one is offered to confirm."""
    movement = _on(world)
    nord, checker = _phone(movement), _phone(movement)
    etui = _first(movement)
    _post(nord, movement, etui, action="send", **{f"e{etui}-score": "56"})
    code = table_by_code(_code(movement))
    assert table_page_version(code, "nord's") != table_page_version(code, "another")
    assert _polled(checker, movement, _etag(nord, movement)).status_code == 200
