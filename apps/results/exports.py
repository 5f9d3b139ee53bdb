"""A session's results to take away (fascicule 3, ch. 1): a PDF of the classements général
and alterné and of every étui's topage, and an Excel workbook with a ranking sheet and an
étuis sheet. Both show the results as entered so far."""

from io import BytesIO

from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from apps.core.numbers import decimals_rounded
from apps.core.pdf import weasy_render
from apps.core.spreadsheets import sheet_row
from apps.movements.printing import NAME_WIDTH, Grid, seat_name
from apps.results.awards_shown import AwardsShown, awards_shown
from apps.results.printing import penalty_lines, percent, ruling_text, score_text
from apps.results.selectors import Apart, EtuiLine, Ranked, SessionDisplay, session_display
from apps.tournaments.models import Session

PERCENT_PLACES = 2
PERCENT_FORMAT = "0.00"


# --- PDF -------------------------------------------------------------------------


def _awards_of(session: Session) -> AwardsShown | None:
    """The tournament's awards (PCN and PP are the tournament's, whatever its sessions)."""
    awards = awards_shown(session.tournament)
    return awards if awards.columns else None


def _award_values(awards: AwardsShown | None, row: Ranked) -> tuple:
    if awards is None:
        return ()
    award = awards.of(row.person.registration_id)
    return (award.pcn, award.pp or "") if award else ("", "")


def _ranking_rows(rows: list[Ranked], alternate: bool, awards: AwardsShown | None) -> list[tuple]:
    return [
        (
            (row.result.rank_alternate if alternate else row.result.rank) or "—",
            row.person.name,
            row.person.licence,
            row.line_name,
            percent(row.result.attack),
            percent(row.result.defence),
            percent(row.result.overall),
            percent(row.result.penalty),
            percent(row.result.final),
            row.result.tops,
            *_award_values(awards, row),
        )
        for row in rows
    ]


def _ranking_grid(rows: list[tuple], awards: AwardsShown | None) -> Grid:
    headers = [_("Rank"), _("Name"), _("Licence"), _("Line"), _("Att."), _("Def.")]
    headers += [_("Overall percentage"), _("Pen."), _("Final"), _("Tops")]
    if awards is not None:
        headers += [_("PCN"), _("PP")]
    right = {0, *range(4, len(headers))}
    return Grid.fitted(headers, rows, right=right, limits={1: NAME_WIDTH})


def _etui_cells(display: SessionDisplay, line: EtuiLine) -> tuple:
    play = line.note.play
    cells = (play.position, play.table, line.taker.name, score_text(play.score))
    cells += (percent(line.note.taker_note), percent(line.note.defence_note))
    return (play.section, *cells) if display.sections else cells


def _etui_grid(display: SessionDisplay, rows: list[tuple]) -> Grid:
    headers = [_("Pos."), _("Table"), _("Taker"), _("Score"), _("Taker note"), _("Defence note")]
    right, limits = {0, 1, 3, 4, 5}, {2: NAME_WIDTH}
    if display.sections:
        headers = [_("Tournament"), *headers]
        right, limits = {i + 1 for i in right}, {3: NAME_WIDTH}
    return Grid.fitted(headers, rows, right=right, limits=limits)


def results_html(display: SessionDisplay) -> str:
    awards = _awards_of(display.session)
    general = _ranking_rows(display.general, False, awards)
    alternate = _ranking_rows(display.alternate, True, awards) if display.has_alternate else []
    ranking = _ranking_grid(general + alternate, awards)
    etuis = display.etuis()
    cells = {sheet.etui: [_etui_cells(display, line) for line in sheet.lines] for sheet in etuis}
    etui_grid = _etui_grid(display, [row for rows in cells.values() for row in rows])
    session = display.session
    return render_to_string(
        "results/print/results.html",
        {
            "title": _("Results"),
            "tournament": session.tournament,
            "session": session,
            "display": display,
            "ranking": ranking,
            "rankings": [
                (_("General ranking"), [ranking.row(row) for row in general]),
                *(
                    [(_("Alternate ranking"), [ranking.row(r) for r in alternate])]
                    if alternate
                    else []
                ),
            ],
            "penalties": [
                (row.person.name, row.person.licence, penalty_lines(row.penalties))
                for row in display.general
                if row.penalties
            ],
            "etui_grid": etui_grid,
            "etuis": [
                {
                    "sheet": sheet,
                    "lines": [
                        (etui_grid.row(row), ruling_text(line.ruling) if line.ruling else "")
                        for row, line in zip(cells[sheet.etui], sheet.lines, strict=True)
                    ],
                }
                for sheet in etuis
            ],
        },
    )


def results_pdf(session: Session) -> bytes:
    """The session's rankings and topage sheets as an A4 PDF."""
    return weasy_render(results_html(session_display(session))).write_pdf()


# --- Excel -----------------------------------------------------------------------


def apart_reason(row: Apart) -> str:
    """Why a player is not ranked, as the pages say it."""
    return render_to_string("results/_apart_reason.html", {"row": row}).strip()


RANKING_HEADERS = [
    gettext_lazy("Rank"),
    gettext_lazy("Alternate rank"),
    gettext_lazy("Name"),
    gettext_lazy("Licence"),
    gettext_lazy("Club"),
    gettext_lazy("Line"),
    gettext_lazy("Attack percentage"),
    gettext_lazy("Defence percentage"),
    gettext_lazy("Overall percentage"),
    gettext_lazy("Penalty"),
    gettext_lazy("Final percentage"),
    gettext_lazy("Tops"),
    gettext_lazy("Penalty reasons"),
]
ETUI_HEADERS = [
    gettext_lazy("Étui"),
    gettext_lazy("Tournament"),
    gettext_lazy("Position"),
    gettext_lazy("Table"),
    gettext_lazy("Taker"),
    gettext_lazy("Licence"),
    gettext_lazy("Taker's seat"),
    gettext_lazy("Score"),
    gettext_lazy("Taker note"),
    gettext_lazy("Defence note"),
    gettext_lazy("Adjustment"),
]
RANKING_PERCENTS = range(6, 11)  # the columns shown with two decimals
ETUI_PERCENTS = range(8, 10)


def _append(sheet, values: list, percent_columns: range) -> None:
    """A row whose percentage columns hold and show two decimals, rounded as the pages
    round them."""
    values = [
        decimals_rounded(value, PERCENT_PLACES) if index in percent_columns else value
        for index, value in enumerate(values)
    ]
    sheet_row(sheet, values, dict.fromkeys(percent_columns, PERCENT_FORMAT))


def _ranking_values(row: Ranked, awards: AwardsShown | None) -> list:
    result, who = row.result, row.person
    return [
        result.rank,
        result.rank_alternate,
        who.name,
        who.licence,
        who.club,
        row.line_name,
        result.attack,
        result.defence,
        result.overall,
        result.penalty,
        result.final,
        result.tops,
        row.penalty_reasons or None,
        *_award_values(awards, row),
    ]


def _etui_values(line: EtuiLine) -> list:
    play = line.note.play
    return [
        play.etui,
        play.section,
        play.position,
        play.table,
        line.taker.name,
        line.taker.licence,
        seat_name(play.taker_seat),
        play.score,
        line.note.taker_note,
        line.note.defence_note,
        ruling_text(line.ruling) if line.ruling else None,
    ]


def results_xlsx(session: Session) -> bytes:
    """The session's results as a workbook: the ranking (general order, with the
    alternate place, the penalties' reasons) and every play of every étui with its notes
    and, for an adjusted play, its adjustment."""
    from openpyxl import Workbook  # only the exports need it

    display = session_display(session)
    book = Workbook(write_only=True)
    ranking = book.create_sheet(_("Ranking"))
    awards = _awards_of(session)
    award_headers = [_("PCN"), _("PP")] if awards is not None else []
    sheet_row(ranking, [str(header) for header in RANKING_HEADERS] + award_headers)
    for row in display.general:
        _append(ranking, _ranking_values(row, awards), RANKING_PERCENTS)
    if display.apart:
        apart = book.create_sheet(_("Not ranked"))
        sheet_row(apart, [_("Name"), _("Licence"), _("Club"), _("Reason")])
        for row in display.apart:
            who = row.person
            sheet_row(apart, [who.name, who.licence, who.club, apart_reason(row)])
    etuis = book.create_sheet(_("Étuis"))
    sheet_row(etuis, [str(header) for header in ETUI_HEADERS])
    for sheet in display.etuis():
        for line in sheet.lines:
            _append(etuis, _etui_values(line), ETUI_PERCENTS)
    output = BytesIO()
    book.save(output)
    return output.getvalue()
