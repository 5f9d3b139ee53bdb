"""The federation's file of a tournament's awards (fascicule 3, ch. 5, « Déclaration »:
the « 0Tableaux.xls » mask of the FFT's Aurore base): one row per awarded player, columns
NumLicenceJoueur, NomJoueur, Pcn, Pp."""

from io import BytesIO

from apps.awards.store import awards_done
from apps.core.spreadsheets import sheet_row
from apps.tournaments.models import Tournament

HEADERS = ["NumLicenceJoueur", "NomJoueur", "Pcn", "Pp"]
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def award_file_xlsx(tournament: Tournament) -> bytes:
    from openpyxl import Workbook  # only the exports need it

    book = Workbook(write_only=True)
    sheet = book.create_sheet("Pcn")
    sheet_row(sheet, HEADERS)
    awards = (
        awards_done()
        .filter(award_set__tournament=tournament)
        .select_related("licensee")
        .order_by("-pcn", "-pp", "licensee__last_name", "licensee__first_name")
    )
    for award in awards:
        licensee = award.licensee
        sheet_row(
            sheet,
            [
                licensee.licence_number,
                f"{licensee.last_name.upper()} {licensee.first_name}",
                award.pcn,
                award.pp,
            ],
        )
    output = BytesIO()
    book.save(output)
    return output.getvalue()


def award_file_name(tournament: Tournament) -> str:
    return f"pcn-{tournament.date:%Y%m%d}-{tournament.pk}.xlsx"
