"""The printouts: PDF bytes, pages per kind for a 7-table session, and the text of route
cards and travellers checked against the regulation's tables (fascicule 3, ch. 3)."""

import re

import pytest
from django.utils.translation import gettext

from apps.movements import services
from apps.movements.models import SeatChoice
from apps.movements.printing import Grid, Printout, printout_render
from apps.movements.selectors import Spot
from apps.tournaments.models import Registration
from tests import factories as f
from tests.builders import advance_to, generate, holders
from tests.pdf import pdf_painted_grids, pdf_text

pytestmark = pytest.mark.django_db

# Route card of player N1 at 7 tables: Nord stays at table 1 and the étuis come down one
# table per position; Nord takes étuis 1, 6, 11, 16, 19, 22 and 25 (« Les étuis »).
N1_AT_7_TABLES = [
    (1, "1-4", "1"), (2, "5-8", "6"), (3, "9-12", "11"), (4, "13-16", "16"),
    (5, "17-20", "19"), (6, "21-24", "22"), (7, "25-28", "25"),
]  # fmt: skip
# « Fiches individuelles Howell 4 tables », JOUEUR N° 2: orientation and table.
PLAYER_2_HOWELL_4 = [("S", 1), ("W", 2), ("S", 3), ("E", 4), ("N", 2)]


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in re.split(r"\s{2,}", line.strip())]


def _card(text: str, heading: str) -> list[str]:
    """The lines from `heading` to the next card's heading (cards one under the other)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith(heading))
    word = heading.split()[0]
    end = next(
        (i for i in range(start + 1, len(lines)) if lines[i].strip().startswith(word)),
        len(lines),
    )
    return lines[start:end]


@pytest.mark.parametrize(
    ("kind", "pages"),
    [
        (Printout.ROUTE_CARDS, 4),  # 28 cards, 8 a page
        (Printout.TABLE_CARDS, 3),  # 7 tables, 3 a page
        (Printout.TRAVELLERS, 7),  # 28 étuis, 4 a page
        (Printout.ROOM_PLAN, 1),
    ],
)
def test_seven_tables_print_on_few_pages(world, kind, pages):
    rendered = printout_render(generate(world, 28), kind)
    assert rendered.pdf.startswith(b"%PDF")
    assert rendered.pages == pages
    assert rendered.filename == f"{kind.value}-seance-1.pdf"


def test_the_route_card_of_nord_1_follows_the_etui_table(world):
    movement = generate(world, 28)
    name = Registration.objects.get(pk=holders(movement, 1)[Spot("Rouge", "N1")]).licensee
    text = pdf_text(printout_render(movement, Printout.ROUTE_CARDS).pdf)
    heading = gettext("Player %(code)s") % {"code": "N1"}
    assert heading in text and name.full_name in text
    north = str(SeatChoice.NORTH.label)
    rows = [_cells(line) for line in text.splitlines()]
    for position, etuis, taken in N1_AT_7_TABLES:
        assert [str(position), north, "1", etuis, taken] in [row[:5] for row in rows]


def test_howell_route_cards_match_the_regulation(world):
    movement = generate(world, 16)
    text = pdf_text(printout_render(movement, Printout.ROUTE_CARDS).pdf)
    # A card's columns: position, orientation, table, étuis, takes, the table's code.
    lines = _card(text, gettext("Player %(code)s") % {"code": "2"})
    rows = [_cells(line) for line in lines]
    seats = [(str(SeatChoice(s).label), str(t)) for s, t in PLAYER_2_HOWELL_4]
    played = [row for row in rows if len(row) == 6 and row[0].isdigit()]
    assert [(cells[1], cells[2]) for cells in played] == seats


def test_travellers_name_the_taker_of_every_play(world):
    movement = generate(world, 28)
    text = pdf_text(printout_render(movement, Printout.TRAVELLERS).pdf)
    for header in ("Taker wins", "Taker fails", "Referee"):
        assert gettext(header) in text
    etui_1 = _card(text, gettext("Étui no. %(etui)s") % {"etui": 1})
    # Étui 1 (taken by Nord) goes down one table per position: tables 1, 7, 6, 5 …
    plays = [_cells(line)[:3] for line in etui_1 if re.match(r"\s*\d+\s{2,}\d+\s", line)]
    assert [(p[0], p[1]) for p in plays] == [
        ("1", "1"), ("2", "7"), ("3", "6"), ("4", "5"), ("5", "4"), ("6", "3"), ("7", "2")
    ]  # fmt: skip
    north_1 = Registration.objects.get(pk=holders(movement, 1)[Spot("Rouge", "N1")])
    assert plays[0][2] == f"N1 {north_1.licensee.full_name}"


def test_a_replacement_gets_a_route_card_with_their_name(world):
    movement = advance_to(world, generate(world, 20), 2)
    substitute = f.LicenseeFactory(last_name="Remplaçant")
    services.player_replace(
        actor=world.referee, movement=movement, spot=Spot("Rouge", "N1"), licensee=substitute
    )
    text = pdf_text(printout_render(movement, Printout.ROUTE_CARDS).pdf)
    assert substitute.full_name in text


def test_the_room_plan_lists_each_seated_player_once_by_name(world):
    movement = generate(world, 39)  # 10 tables: two parallel tournaments, one vacant place
    text = pdf_text(printout_render(movement, Printout.ROOM_PLAN).pdf)
    for section in ("Rouge", "Vert"):
        assert section in text
    names = [r.licensee.full_name for r in world.tournament.registrations.all()]
    assert all(text.count(name) == 1 for name in names)
    found = [line.split("  ")[0].strip() for line in text.splitlines()]
    listed = [name for name in found if name in names]
    assert listed == sorted(names)


def test_grid_columns_fit_their_values_and_cut_long_names():
    grid = Grid.fitted(
        ["Pos.", "Name"], [(1, "DUPONT Jean"), (12, "X" * 40)], right={0}, limits={1: 20}
    )
    assert grid.header == " Pos.  Name" + " " * 17
    assert grid.row((1, "X" * 40)) == "    1  " + "X" * 19 + "… "
    assert "width: 28ch" in grid.css


@pytest.mark.parametrize(
    ("kind", "rules"),
    [
        (Printout.ROUTE_CARDS, 2 * 7),  # two cards abreast, 6 columns each
        (Printout.TABLE_CARDS, 7),  # 6 columns
        (Printout.TRAVELLERS, 7),  # 6 columns, « Arbitre » last
        (Printout.ROOM_PLAN, 6),  # 5 columns
    ],
)
def test_every_reader_draws_the_column_rules(world, kind, rules):
    """pdfium (Chrome, Edge) painted rules drawn with CSS gradients as a black block over
    the travellers' last column, and dropped those of the table cards: the first page holds
    no filled area as large as a cell, and a thin line down each edge of every column."""
    pdf = printout_render(generate(world, 28), kind).pdf
    assert pdf_painted_grids(pdf) == (False, rules)
