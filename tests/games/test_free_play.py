"""Free-play tarot through its services and pages: a round's tables drawn (reproducibly),
deals written on a table's sheet (refused when they do not fit it), the last one taken
off, an evening of two tables of 5 over two rounds summing to zero with its standings,
the room's referees only, and the pages per persona."""

import pytest
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from apps.core.models import AuditLog
from apps.games import services
from apps.games.models import FreeDeal, FreeTable
from apps.games.selectors import free_rounds, free_standings_of
from apps.scoring.domain.deal import Deal
from apps.tournaments.models import Tournament
from tests.games.conftest import running
from tests.pdf import pdf_text, spaceless
from tests.personas import PERSONAS
from tests.wording import said

pytestmark = pytest.mark.django_db

OVERSEERS = {"federation_staff", "zone_manager", "committee_staff", "club_manager", "referee"}
RUNNERS = {"federation_staff", "referee"}
GARDE = Deal(2, 45, "garde", 5)  # made by 4: 58 a defender


@pytest.fixture
def evening(world):
    return running(world, Tournament.Game.FREE_TAROT, 10)


def _tables(world, evening, seed=7):
    return services.free_round_draw(actor=world.referee, tournament=evening, seed=seed)


def _players(table):
    return [seat.registration for seat in table.seats.order_by("order")]


def test_ten_players_sit_at_two_tables_of_five_drawn_from_a_seed(world, evening):
    tables = _tables(world, evening)
    assert [t.seats.count() for t in tables] == [5, 5]
    first = [r.pk for table in tables for r in _players(table)]
    again = [r.pk for table in _tables(world, evening) for r in _players(table)]
    assert first == again  # the same seed, the same seats (round 2)
    assert {t.round for t in FreeTable.objects.filter(tournament=evening)} == {1, 2}
    kind = ContentType.objects.get_for_model(FreeTable)
    assert AuditLog.objects.filter(action="create", content_type=kind).count() == 4


def test_an_evening_of_two_tables_of_five_sums_to_zero(world, evening):
    for _round in range(2):
        for table in _tables(world, evening, seed=_round):
            a, b, c, d, _e = _players(table)
            services.free_deal_add(actor=world.referee, table=table, taker=a, partner=b, deal=GARDE)
            services.free_deal_add(
                actor=world.referee,
                table=table,
                taker=c,
                partner=None,
                deal=Deal(1, 50, "garde", 5),
            )
            services.free_deal_add(actor=world.referee, table=table, taker=d, partner=a, deal=GARDE)
    views = [view for _number, tables in free_rounds(evening) for view in tables]
    assert len(views) == 4
    for view in views:
        assert all(sum(line.values()) == 0 for line in view.sheet.lines)
        assert sum(view.sheet.totals.values()) == 0
    table = views[0]
    a, b, c, d, e = (str(p.pk) for p in table.players)
    # Garde made by 4 (58): taker 116, partner 58, defenders -58; taker alone failed by 1
    # (52): -208 and +52 to each of four; then d with a as partner.
    assert table.sheet.totals == {a: 116 + 52 + 58, b: 58 + 52 - 58, c: -58 - 208 - 58,
                                  d: -58 + 52 + 116, e: -58 + 52 - 58}  # fmt: skip
    standings = free_standings_of(evening)
    assert sum(s.total for s, _r in standings) == 0 and len(standings) == 10
    assert all(s.tables == 2 for s, _r in standings)
    assert [s.total for s, _r in standings] == sorted(
        (s.total for s, _r in standings), reverse=True
    )


def test_a_deal_that_does_not_fit_the_table_is_refused(world, evening):
    table, other = _tables(world, evening)
    stranger = _players(other)[0]
    with pytest.raises(ValidationError, match="ne joue pas"):
        services.free_deal_add(
            actor=world.referee, table=table, taker=stranger, partner=None, deal=GARDE
        )
    with pytest.raises(ValidationError, match="se joue à 4"):
        services.free_deal_add(
            actor=world.referee,
            table=table,
            taker=_players(table)[0],
            partner=None,
            deal=Deal(2, 45),
        )
    assert not FreeDeal.objects.exists()


def test_only_the_last_deal_is_taken_off(world, evening):
    table = _tables(world, evening)[0]
    taker = _players(table)[0]
    first = services.free_deal_add(
        actor=world.referee, table=table, taker=taker, partner=None, deal=GARDE
    )
    services.free_deal_add(actor=world.referee, table=table, taker=taker, partner=None, deal=GARDE)
    with pytest.raises(ValidationError):
        services.free_deal_delete(actor=world.referee, deal=first)
    services.free_deal_delete(actor=world.referee, deal=table.deals.order_by("number").last())
    assert list(table.deals.values_list("number", flat=True)) == [1]


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_the_rooms_referees_write(world, evening, persona):
    user = world.persona(persona)
    if persona in RUNNERS:
        table = services.free_round_draw(actor=user, tournament=evening)[0]
        services.free_deal_add(
            actor=user, table=table, taker=_players(table)[0], partner=None, deal=GARDE
        )
        return
    with pytest.raises(PermissionDenied):
        services.free_round_draw(actor=user, tournament=evening)
    table = _tables(world, evening)[0]
    with pytest.raises(PermissionDenied):
        services.free_deal_add(
            actor=user, table=table, taker=_players(table)[0], partner=None, deal=GARDE
        )


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_pages_per_persona(world, login, evening, persona):
    table = _tables(world, evening)[0]
    browser = login(world.persona(persona))
    for url in (
        reverse("games:free", args=[evening.pk]),
        reverse("games:free_table", args=[table.pk]),
    ):
        response = browser.get(url)
        assert response.status_code == (200 if persona in OVERSEERS else 403)
        if persona in OVERSEERS:
            form = 'data-test="deal-form"' in response.content.decode()
            assert form == (persona in RUNNERS and "tables" in url)


def test_the_referee_writes_a_deal_through_the_form(world, login, evening):
    table = _tables(world, evening)[0]
    players = _players(table)
    browser = login(world.referee)
    url = reverse("games:free_deal_add", args=[table.pk])
    data = {"number": "1", "taker": players[0].pk, "partner": players[1].pk, "contract": "garde",
            "bouts": "2", "points": "45"}  # fmt: skip
    assert browser.post(url, data).status_code == 302
    html = browser.get(reverse("games:free_table", args=[table.pk])).content.decode()
    assert ">116<" in html and ">-58<" in html
    refused = browser.post(url, {**data, "bouts": "", "points": ""})
    assert refused.status_code == 400
    assert (
        said("Give the taker's bouts and points.").replace("'", "&#x27;")
        in refused.content.decode()
    )
    assert FreeDeal.objects.count() == 1


def test_the_tournament_page_leads_to_the_free_play_page(world, login, evening):
    html = (
        login(world.referee).get(reverse("tournaments:detail", args=[evening.pk])).content.decode()
    )
    assert reverse("games:free", args=[evening.pk]) in html


def test_the_round_assignments_print(world, login, evening):
    table = _tables(world, evening)[0]
    response = login(world.referee).get(reverse("games:free_pdf", args=[evening.pk]))
    text = spaceless(pdf_text(response.content))
    assert spaceless(said("Round %(number)s", number=1)) in text
    assert all(spaceless(p.licensee.full_name) in text for p in _players(table))
    assert (
        login(world.outsider).get(reverse("games:free_pdf", args=[evening.pk])).status_code == 403
    )
