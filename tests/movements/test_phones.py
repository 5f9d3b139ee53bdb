"""Phones opening tables and sheets by their codes (apps.movements.phones): wrong codes are
counted per address, table entry and the other games' sheets alike, and past the limit the
address is refused with 429, Retry-After and a French message, for every code; a phone
holding the code's device token is never throttled, so a club room behind one address is
never locked out; the referee's own pages are never throttled."""

import time

import pytest
from django.test import Client
from django.urls import reverse

from apps.games import services as games
from apps.games.models import BeloteMatch
from apps.movements import services as movements
from apps.movements.models import TableCode
from apps.scoring.models import Play, TableEntry
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests import factories as f
from tests.builders import in_play, table_at
from tests.factories import register
from tests.wording import said

pytestmark = pytest.mark.django_db

ROOM, ELSEWHERE = "203.0.113.7", "198.51.100.20"
LIMIT = 3
HTMX = {"HX-Request": "true"}
THROTTLED = (
    "Too many wrong codes from this connection: try again in %(minutes)s minutes. A phone "
    "that has already opened its table or its sheet keeps working."
)


@pytest.fixture(autouse=True)
def limit(settings):
    settings.PHONE_CODE_MAX_FAILURES = LIMIT
    settings.PHONE_CODE_FAILURE_WINDOW_SECONDS = 15 * 60


@pytest.fixture
def movement(world):
    """A 5-table session at position 1 with table entry on."""
    movement = in_play(world, position=1)
    return movements.movement_table_entry_set(actor=world.referee, movement=movement, enabled=True)


@pytest.fixture
def match(world):
    """A running belote tournament's first match, with its sheet's code."""
    tournament = f.TournamentFactory(game=Tournament.Game.BELOTE, status=Status.RUNNING)
    f.RefereeAssignmentFactory(tournament=tournament, referee=world.referee)
    register(tournament, 4)
    games.belote_rounds_draw(actor=world.referee, tournament=tournament, pairing="round_robin")
    return BeloteMatch.objects.filter(tournament=tournament).order_by("round", "table").first()


def _code(movement, table=1) -> str:
    return TableCode.objects.get(movement=movement, table=table).code


def _table(code: str) -> str:
    return reverse("scoring:table_page", args=[code])


def _phone(ip=ROOM) -> Client:
    return Client(REMOTE_ADDR=ip)


def _wrong_codes(count=LIMIT, ip=ROOM) -> None:
    phone = _phone(ip)
    for n in range(count):
        assert phone.get(_table(f"ZZZZZ{n}")).status_code == 404


def _throttled(response) -> bool:
    return response.status_code == 429 and response["Retry-After"] == str(15 * 60)


def test_wrong_codes_are_counted_per_address_then_every_code_is_refused(movement):
    right = _table(_code(movement))
    _wrong_codes(LIMIT - 1)
    assert _phone().get(right).status_code == 200  # under the limit
    _wrong_codes(1)
    refused = _phone().get(right)
    assert _throttled(refused)
    assert said(THROTTLED, minutes=15) in refused.content.decode()
    assert 'data-test="table-page"' not in refused.content.decode()
    assert _phone(ELSEWHERE).get(right).status_code == 200  # another address is not counted


def test_right_codes_are_not_counted(movement):
    phone = _phone()
    for _ in range(LIMIT * 2):
        assert phone.get(_table(_code(movement))).status_code == 200
    assert Client(REMOTE_ADDR=ROOM).get(_table(_code(movement, 2))).status_code == 200


def test_table_and_sheet_codes_typed_or_in_the_address_count_together(movement, match):
    phone = _phone()
    phone.get(reverse("scoring:table_code"), {"code": "zzzzz1"})
    phone.get(reverse("games:sheet_code"), {"code": "ZZZZZ2"})
    phone.get(reverse("games:sheet", args=["ZZZZZ3"]))
    for url in (_table(_code(movement)), reverse("games:sheet", args=[match.code])):
        assert _throttled(_phone().get(url))


def test_each_way_in_by_code_answers_429_while_throttled(movement, match):
    code, etui = _code(movement), table_at(movement.session, 1).etuis[0]
    _wrong_codes()
    phone = _phone()
    typed = phone.get(reverse("scoring:table_code"), {"code": code})
    assert _throttled(typed) and said(THROTTLED, minutes=15) in typed.content.decode()
    polled = phone.get(_table(code), headers=HTMX)
    assert _throttled(polled) and said(THROTTLED, minutes=15) in polled.content.decode()
    post = reverse("scoring:table_post", args=[code, 1, etui])
    sent = phone.post(post, {"action": "send", f"e{etui}-score": "56"}, headers=HTMX)
    assert _throttled(sent) and sent.content.decode() == said(THROTTLED, minutes=15)
    assert _throttled(phone.post(post, {"action": "send", f"e{etui}-score": "56"}))
    sheet = match.code
    assert _throttled(phone.get(reverse("games:sheet_code"), {"code": sheet}))
    assert _throttled(phone.get(reverse("games:sheet", args=[sheet])))
    assert _throttled(phone.post(reverse("games:sheet_line", args=[sheet]), {}))
    assert _throttled(phone.post(reverse("games:sheet_confirm", args=[sheet]), {}))
    assert not TableEntry.objects.exists()


def test_a_phone_holding_its_tables_token_is_never_throttled(movement):
    """The room's phones opened their tables before someone behind the same address typed
    wrong codes: they go on entering scores; a phone without the token waits."""
    code, etui = _code(movement), table_at(movement.session, 1).etuis[0]
    nord, east = _phone(), _phone()
    for phone in (nord, east):
        assert phone.get(_table(code)).status_code == 200
    _wrong_codes()
    assert _throttled(_phone().get(_table(code)))
    assert nord.get(_table(code)).status_code == 200
    assert nord.get(_table(code), headers=HTMX).status_code == 200  # the page's poll
    post = reverse("scoring:table_post", args=[code, 1, etui])
    assert (
        nord.post(post, {"action": "send", f"e{etui}-score": "56"}, headers=HTMX).status_code == 200
    )
    east.post(post, {"action": "confirm", "seat": "E", "score": "56"}, headers=HTMX)
    assert Play.objects.get(table__movement=movement, etui=etui).score == 56
    assert _throttled(nord.get(_table(_code(movement, 2))))  # its own table's token only


def test_a_phone_holding_its_sheets_token_is_never_throttled(match):
    phone = _phone()
    assert phone.get(reverse("games:sheet", args=[match.code])).status_code == 200
    _wrong_codes()
    assert phone.get(reverse("games:sheet", args=[match.code])).status_code == 200
    assert _throttled(_phone().get(reverse("games:sheet", args=[match.code])))


def test_the_address_is_let_in_again_once_the_window_has_passed(movement, settings):
    settings.PHONE_CODE_FAILURE_WINDOW_SECONDS = 1
    _wrong_codes()
    assert _phone().get(_table(_code(movement))).status_code == 429
    time.sleep(1.5)
    assert _phone().get(_table(_code(movement))).status_code == 200


def test_the_referee_enters_and_corrects_from_a_throttled_address(world, movement, login):
    """The referee's pages take no code: from the room's throttled address the referee
    enters a line and corrects one a table confirmed."""
    code, table = _code(movement), table_at(movement.session, 1)
    nord, east = _phone(), _phone()
    first, second = table.etuis[:2]
    for phone in (nord, east):
        phone.get(_table(code))
    post = reverse("scoring:table_post", args=[code, 1, first])
    nord.post(post, {"action": "send", f"e{first}-score": "56"}, headers=HTMX)
    east.post(post, {"action": "confirm", "seat": "E", "score": "56"}, headers=HTMX)
    _wrong_codes()
    referee = login(world.referee)
    for etui, score in ((first, "-80"), (second, "62")):
        url = reverse("scoring:line", args=[movement.session_id, table.pk, etui])
        response = referee.post(url, {f"{table.pk}-{etui}-score": score}, REMOTE_ADDR=ROOM)
        assert response.status_code in (200, 302)
    scores = dict(Play.objects.filter(table=table).values_list("etui", "score"))
    assert (scores[first], scores[second]) == (-80, 62)
