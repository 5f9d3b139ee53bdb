"""The « bordereau des qualifiés » of a stage, for the committee and the zone: the stage,
its organiser, its date and the stage it qualifies for, its champion and vice-champion,
then the qualified players in ranking order and the replacements listed, each with where
they stand (a withdrawal, and the replacement entered in its place, named), as an A4 PDF
and as a workbook."""

from io import BytesIO

from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from apps.competitions.models import Qualifier, Stage
from apps.core.pdf import weasy_render
from apps.core.spreadsheets import sheet_row, sheet_widths

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _qualifiers(stage: Stage) -> list[Qualifier]:
    return list(
        stage.qualifiers.select_related(
            "licensee__club__committee", "replaces__licensee", "replaced_by__licensee"
        )
    )


def _headers() -> list[str]:
    return [
        _("No."),
        _("Status"),
        _("Rank"),
        _("Licence"),
        _("Name"),
        _("First name"),
        _("Series"),
        _("Club"),
        _("Committee"),
    ]


def _values(number: int, q: Qualifier) -> list:
    licensee = q.licensee
    return [
        number,
        q.situation,
        q.rank,
        licensee.licence_number,
        licensee.last_name.upper(),
        licensee.first_name,
        licensee.series,
        licensee.club.name,
        licensee.club.committee.name,
    ]


def bordereau_pdf(stage: Stage) -> bytes:
    html = render_to_string(
        "competitions/print/bordereau.html",
        {
            "stage": stage,
            "headers": _headers(),
            "rows": [_values(n, q) for n, q in enumerate(_qualifiers(stage), start=1)],
        },
    )
    return weasy_render(html).write_pdf()


def _heading(stage: Stage) -> list[list]:
    """The workbook's first lines, a label and its value each."""
    level = stage.get_level_display()
    return [
        [_("Championship"), str(stage.competition)],
        [_("Stage"), f"{stage.name} ({level})"],
        [_("Organiser"), stage.organiser_name],
        [_("Date"), stage.tournament.date],
        [_("Qualifies for"), stage.next_stage.name if stage.next_stage else "—"],
        [_("Champion"), stage.champion.full_name if stage.champion else "—"],
        [_("Vice-champion"), stage.vice_champion.full_name if stage.vice_champion else "—"],
    ]


def bordereau_xlsx(stage: Stage) -> bytes:
    from openpyxl import Workbook  # only the exports need it

    book = Workbook(write_only=True)
    sheet = book.create_sheet(_("Qualified players"))
    heading = _heading(stage)
    rows = [_values(number, q) for number, q in enumerate(_qualifiers(stage), start=1)]
    sheet_widths(sheet, [*heading, _headers(), *rows])
    for line in heading:
        sheet_row(sheet, line, {1: "DD/MM/YYYY"})
    sheet.append([])
    sheet_row(sheet, _headers())
    for row in rows:
        sheet_row(sheet, row)
    output = BytesIO()
    book.save(output)
    return output.getvalue()
