"""The printed material of a session's movement, one A4 PDF per kind (fascicule 3, ch. 3):
route cards (« fiches individuelles »), table cards, travellers (« fiches ambulantes »)
and the room plan. Each is a Django template rendered by WeasyPrint.

The grids are lines of monospaced text whose column rules are the grid's background, an
SVG of thin filled rectangles: WeasyPrint lays out one line of text several times faster
than a table row of cells, or than a line of cells with borders (three times the time on
150 travellers), and a 150-table room prints 600 route cards and as many travellers. The
rules are not CSS gradients: pdfium (Chrome, Edge) painted those as a black block over
the last column, or not at all, where poppler drew them.
"""

import base64
import unicodedata
from dataclasses import dataclass
from enum import StrEnum
from itertools import accumulate

import segno
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from apps.core.addresses import site_address
from apps.core.pdf import weasy_render
from apps.movements.domain.etuis import etui_dealer, etui_taker
from apps.movements.domain.layout import room_layout
from apps.movements.models import SeatChoice, SessionMovement
from apps.movements.selectors import (
    SeatView,
    TableView,
    movement_tables,
    section_order,
    stored_room,
    table_codes,
)

NAME_WIDTH = 28  # characters of a name column; longer names end with "…"
SEAT_WIDTH = 20  # characters of a seat column of the table cards
RULE_WIDTH = 0.12  # characters of a column rule: 0.6 pt in the grids' 8.5 pt monospace


class Printout(StrEnum):
    """The kinds of printout; the value is the address and file name."""

    ROUTE_CARDS = "fiches-individuelles"
    TABLE_CARDS = "fiches-de-table"
    TRAVELLERS = "fiches-ambulantes"
    ROOM_PLAN = "plan-de-salle"

    @property
    def title(self) -> str:
        return str(TITLES[self])


TITLES = {
    Printout.ROUTE_CARDS: gettext_lazy("Route cards"),
    Printout.TABLE_CARDS: gettext_lazy("Table cards"),
    Printout.TRAVELLERS: gettext_lazy("Travellers"),
    Printout.ROOM_PLAN: gettext_lazy("Room plan"),
}


@dataclass(frozen=True)
class Rendered:
    pdf: bytes
    pages: int
    filename: str


# --- monospaced grids --------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    header: str
    width: int  # characters, padding excluded
    right: bool = False

    def cell(self, value) -> str:
        text = str(value)
        if len(text) > self.width:
            text = text[: self.width - 1] + "…"
        return f" {text.rjust(self.width) if self.right else text.ljust(self.width)} "


class Grid:
    """Columns of monospaced text; `css` sizes the grid and draws the column rules."""

    def __init__(self, columns: list[Column]):
        self.columns = columns

    @classmethod
    def fitted(cls, headers, rows, *, right=(), limits=None) -> "Grid":
        """Columns as wide as their header and widest value, within the limits given."""
        limits = limits or {}
        widths = [len(h) for h in headers]
        for row in rows:
            widths = [max(w, len(str(v))) for w, v in zip(widths, row, strict=True)]
        return cls(
            [
                Column(header, min(width, limits.get(index, width)), index in right)
                for index, (header, width) in enumerate(zip(headers, widths, strict=True))
            ]
        )

    def row(self, values) -> str:
        return "".join(column.cell(v) for column, v in zip(self.columns, values, strict=True))

    @property
    def header(self) -> str:
        return self.row(c.header for c in self.columns)

    @property
    def css(self) -> str:
        """The grid's width and its column rules: a rectangle at each column's right edge
        in an SVG one character per unit wide, stretched over the grid's height (on each
        page the grid spans). WeasyPrint draws it as filled rectangles, which every PDF
        reader paints alike."""
        *edges, width = accumulate(column.width + 2 for column in self.columns)
        rules = "".join(f'<rect x="{edge}" width="{RULE_WIDTH}" height="1"/>' for edge in edges)
        svg = (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} 1" '
            f'preserveAspectRatio="none">{rules}</svg>'
        )
        uri = "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()
        return f"width: {width}ch; background: url({uri}) no-repeat 0 0 / 100% 100%;"


def name_key(name: str) -> str:
    """Sort key of a name: accents do not send « ÉMILE » after « ZOLA »."""
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().casefold()


def seat_name(seat: str) -> str:
    return str(SeatChoice(seat).label)


def player_text(seat: SeatView) -> str:
    return f"{seat.label} {seat.name}".strip()


# --- what each printout shows ----------------------------------------------------


@dataclass(frozen=True)
class TableLink:
    """What opens a table's page on a phone (table entry): its code and its QR code."""

    code: str
    url: str

    @property
    def qr(self) -> str:
        """The QR code of the address, as an SVG data URI."""
        return segno.make(self.url, error="m").svg_data_uri(scale=3, border=2)


def table_links(movement: SessionMovement) -> dict[tuple[str, int], TableLink]:
    """{(section, table): its code and address} for table entry, at the address the room's
    phones reach (SITE_URL), whichever browser asked for the printout."""
    return {
        key: TableLink(code, site_address(reverse("scoring:table_page", args=[code])))
        for key, code in table_codes(movement).items()
    }


def route_cards(movement: SessionMovement, tables: list[TableView], links: dict) -> dict:
    """One card per player, in order of starting table and seat: position, orientation,
    table, étuis played and étuis taken (« jeu attaqué »), and the table's code for table
    entry."""
    cards: dict[tuple[str, str], dict] = {}
    for table in tables:
        for seat in table.seats:
            card = cards.setdefault(
                (table.section, seat.code),
                {"section": table.section, "code": seat.label, "name": "", "lines": []},
            )
            if table.sequence <= movement.first_open_position:
                card["name"] = seat.name
            card["lines"].append(
                (
                    table.position,
                    seat_name(seat.seat),
                    table.table,
                    table.etuis_text,
                    ", ".join(map(str, table.taken_by(seat.seat))) or "—",
                    _link_code(links, table),
                )
            )
    grid = Grid.fitted(
        [_("Pos."), _("Orient."), _("Table"), _("Étuis"), _("Takes"), _("Code")],
        [line for card in cards.values() for line in card["lines"]],
        right={0, 2},
    )
    for card in cards.values():
        card["lines"] = [grid.row(line) for line in card["lines"]]
    return {"grid": grid, "cards": list(cards.values())}


def _link_code(links: dict, table: TableView) -> str:
    link = links.get((table.section, table.table))
    return link.code if link else ""


def table_cards(movement: SessionMovement, tables: list[TableView], links: dict) -> dict:
    """One card per table of each section: its players and étuis at every position, and
    its code and QR code for table entry."""
    cards: dict[tuple[str, int], dict] = {}
    for table in tables:  # they come in section and table order
        card = cards.setdefault(
            (table.section, table.table),
            {
                "section": table.section,
                "table": table.table,
                "link": links.get((table.section, table.table)),
                "rows": [],
            },
        )
        card["rows"].append(table)
    for card in cards.values():
        card["rows"] = [
            (
                (t.position, *(s.label for s in t.seats), t.etuis_text),
                ("", *(s.name for s in t.seats), ""),
            )
            for t in card["rows"]
        ]
    grid = Grid.fitted(
        [_("Pos."), *(seat_name(s) for s in SeatChoice.values), _("Étuis")],
        [line for card in cards.values() for row in card["rows"] for line in row],
        right={0, 5},
        limits=dict.fromkeys(range(1, 5), SEAT_WIDTH),
    )
    for card in cards.values():
        card["rows"] = [f"{grid.row(codes)}\n{grid.row(names)}" for codes, names in card["rows"]]
    return {"grid": grid, "cards": list(cards.values())}


def travellers(movement: SessionMovement, tables: list[TableView], _links: dict) -> dict:
    """One traveller per étui of each section: dealer, taker and one line per play, with
    the columns the referee's staff fill in."""
    sheets: dict[tuple[str, int], dict] = {}
    for table in tables:
        for etui in table.etuis:
            sheet = sheets.setdefault(
                (table.section, etui),
                {
                    "section": table.section,
                    "etui": etui,
                    "dealer": seat_name(etui_dealer(etui)),
                    "taker": seat_name(etui_taker(etui)),
                    "lines": [],
                },
            )
            sheet["lines"].append(
                (table.position, table.table, player_text(table.seat(etui_taker(etui))))
            )
    headers = [_("Pos."), _("Table"), _("Taker"), _("Taker wins"), _("Taker fails"), _("Referee")]
    grid = Grid.fitted(
        headers,
        [(*line, "", "", "") for sheet in sheets.values() for line in sheet["lines"]],
        right={0, 1},
        limits={2: NAME_WIDTH},
    )
    order = section_order(movement)
    ordered = sorted(sheets.values(), key=lambda s: (order[s["section"]], s["etui"]))
    for sheet in ordered:
        sheet["lines"] = [grid.row((*line, "", "", "")) for line in sheet["lines"]]
    return {"grid": grid, "sheets": ordered}


def room_plan(movement: SessionMovement, tables: list[TableView], _links: dict) -> dict:
    """The rows of tables of each section, and every player's first place, by name."""
    first_places = {}
    for table in tables:
        for seat in table.seats:
            if seat.registration and seat.registration.pk not in first_places:
                first_places[seat.registration.pk] = (
                    seat.name,
                    table.section,
                    table.table,
                    f"{seat_name(seat.seat)} ({seat.label})",
                    table.position,
                )
    players = sorted(first_places.values(), key=lambda p: (name_key(p[0]), p))
    grid = Grid.fitted(
        [_("Player"), _("Tournament"), _("Table"), _("Orientation"), _("Position")],
        players,
        right={2, 4},
        limits={0: NAME_WIDTH},
    )
    return {
        "grid": grid,
        "rows": room_layout(stored_room(movement)),
        "players": [grid.row(player) for player in players],
    }


BUILDERS = {
    Printout.ROUTE_CARDS: ("movements/print/route_cards.html", route_cards),
    Printout.TABLE_CARDS: ("movements/print/table_cards.html", table_cards),
    Printout.TRAVELLERS: ("movements/print/travellers.html", travellers),
    Printout.ROOM_PLAN: ("movements/print/room_plan.html", room_plan),
}


# --- rendering -------------------------------------------------------------------


def printout_html(movement: SessionMovement, kind: Printout) -> str:
    """The printout's HTML, for WeasyPrint."""
    template, build = BUILDERS[kind]
    session = movement.session
    return render_to_string(
        template,
        {
            "title": kind.title,
            "tournament": session.tournament,
            "session": session,
            "movement": movement,
            **build(movement, movement_tables(movement), table_links(movement)),
        },
    )


def printout_render(movement: SessionMovement, kind: Printout) -> Rendered:
    document = weasy_render(printout_html(movement, kind))
    return Rendered(
        pdf=document.write_pdf(),
        pages=len(document.pages),
        filename=f"{kind.value}-seance-{movement.session.number}.pdf",
    )
