"""The chain's documents (fascicule 3, ch. 5, « Transmission »): the bordereau
d'accompagnement of a sending — its tournaments, players and fees — and a tournament's
PCN table, as A4 PDFs."""

from django.template.loader import render_to_string
from django.utils import timezone

from apps.approvals.domain.fees import Fees
from apps.approvals.models import Homologation, Sending
from apps.approvals.selectors import inbox_rows
from apps.awards.store import awards_done
from apps.core.pdf import weasy_render


def bordereau_pdf(sending: Sending) -> bytes:
    """The sending's tournaments (each once, as it went up), their players and fees."""
    homologations = Homologation.objects.filter(steps__sending=sending).distinct()
    rows = inbox_rows(homologations.select_related("club__committee__zone"), timezone.localdate())
    html = render_to_string(
        "approvals/print/bordereau.html",
        {"sending": sending, "rows": rows, "total": sum((r.fees for r in rows), Fees())},
    )
    return weasy_render(html).write_pdf()


def pcn_table_pdf(homologation: Homologation) -> bytes:
    """The tournament's PCN and PP, player by player, with the reasons."""
    if homologation.tournament_id:
        awards = [
            (a.licensee.licence_number, a.licensee.full_name, a.pcn, a.pp, a.reason)
            for a in awards_done()
            .filter(award_set__tournament_id=homologation.tournament_id)
            .select_related("licensee")
            .order_by("-pcn", "-pp")
        ]
    else:
        awards = [
            (a.licensee.licence_number, a.licensee.full_name, a.pcn, a.pp, "")
            for a in homologation.external_awards.select_related("licensee").order_by("-pcn")
        ]
    html = render_to_string(
        "approvals/print/pcn_table.html", {"homologation": homologation, "awards": awards}
    )
    return weasy_render(html).write_pdf()
