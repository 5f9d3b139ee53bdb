"""The chain's documents (fascicule 3, ch. 5, « Transmission »): the bordereau
d'accompagnement of a sending — its tournaments, players and fees — and a tournament's
PCN table, as A4 PDFs."""

from django.template.loader import render_to_string

from apps.approvals.domain.fees import Fees
from apps.approvals.models import Homologation, Sending
from apps.approvals.selectors import fee_lines
from apps.awards.store import awards_done
from apps.core.pdf import weasy_render


def bordereau_pdf(sending: Sending) -> bytes:
    """The sending's tournaments, their players and the fees it kept when it was sent; a
    tournament sent again to the same level is listed with the sending that counted its
    fees, and adds nothing to the total."""
    carried = Homologation.objects.filter(steps__sending=sending).distinct()
    lines = [
        line
        for line in fee_lines(carried.values_list("pk", flat=True))
        if line.step.sending_id == sending.pk
    ]
    homologations = {h.pk: h for h in carried.select_related("club__committee__zone")}
    html = render_to_string(
        "approvals/print/bordereau.html",
        {
            "sending": sending,
            "lines": [(homologations[line.step.homologation_id], line) for line in lines],
            "total": sum((line.fees for line in lines if line.counts), Fees()),
        },
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
