"""A file of other software as a browser sends it: the sheet of Extar's « Export des
Pcn », and the committee's « Recevoir un fichier FFT » form filled and sent."""

import io

import openpyxl
from django.urls import reverse


def awards_sheet(claims) -> bytes:
    """The Excel sheet of Extar's « Export des Pcn »: (licensee, PCN, PP) per row."""
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.append(["NumLicenceJoueur", "NomJoueur", "Pcn", "Pp"])
    for player, pcn, pp in claims:
        sheet.append([player.licence_number, player.full_name, pcn, pp])
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def external_send(page, base, club, content: bytes, day, *, sessions: str, guests: int = 0):
    page.goto(base + reverse("approvals:external"))
    page.select_option("#id_club", str(club.pk))
    page.fill("#id_name", "Tournoi du jeudi")
    page.fill("#id_date", day.isoformat())
    page.select_option("#id_index", "1")
    page.fill("#id_session_players", sessions)
    page.fill("#id_guests", str(guests))
    page.fill("#id_referee_licence", "7007007")
    page.set_input_files(
        "#id_file",
        {
            "name": "pcn.xlsx",
            "mimeType": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            "buffer": content,
        },
    )
    page.click("[data-test=receive]")
