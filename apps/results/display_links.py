"""The room display's secret link on the referee's room page: shown per session, made
(or made anew) with a button, revoked after a confirmation (apps.results.services)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from apps.core.pages import confirm_page
from apps.results import services
from apps.results.models import DisplayLink
from apps.results.permissions import can_share_room_display
from apps.tournaments.models import Tournament
from apps.tournaments.pages import session_page

CONFIRMED = "confirmed"


def display_links_panel(user, tournament: Tournament) -> dict | None:
    """The referee room's panel: each session's link, if it has one."""
    if not tournament.duplicate or not can_share_room_display(user, tournament):
        return None
    sessions = sorted(tournament.sessions.all(), key=lambda session: session.number)
    links = DisplayLink.objects.filter(session__tournament=tournament)
    links = {link.session_id: link for link in links}
    return {
        "template": "results/_display_links.html",
        "display_links": [(session, links.get(session.pk)) for session in sessions],
    }


def _room(session) -> str:
    return reverse("tournaments:referee_room", args=[session.tournament_id]) + "#display-links"


@login_required
@require_POST
def display_link_create(request, pk):
    session = session_page(request, pk, can_share_room_display)
    services.display_link_create(actor=request.user, session=session)
    messages.success(request, _("A new projector link is ready; any previous one no longer works."))
    return redirect(_room(session))


@login_required
@require_POST
def display_link_revoke(request, pk):
    session = session_page(request, pk, can_share_room_display)
    if CONFIRMED not in request.POST:
        return confirm_page(
            request,
            title=_("Revoke the projector link"),
            question=_("Revoke the projector link of session %(number)s?")
            % {"number": session.number},
            hint=_("A screen showing the room display through this link stops being updated."),
            confirm_label=_("Revoke"),
            cancel_url=_room(session),
            fields={CONFIRMED: "1"},
        )
    services.display_link_revoke(actor=request.user, session=session)
    messages.success(request, _("The projector link is revoked."))
    return redirect(_room(session))
