"""The homologation pages: each level's inbox (what waits for it, what it sent back, what
is late, filtered by season, club, level), a tournament's homologation with its history,
fees and steps, and the organiser's sending. Every change goes through the services."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from apps.approvals import permissions, services
from apps.approvals.domain.chain import ACTION_NAMES, MOVES, REASONED, Action, Level
from apps.approvals.forms import InboxFilterForm
from apps.approvals.models import Homologation
from apps.approvals.selectors import inbox_rows, sent_back_by, waiting_for
from apps.core.pages import confirm_page, error_text
from apps.results.awards import awards_by_registration
from apps.tournaments.models import Tournament


@login_required
def inbox(request):
    """What waits for each of the user's levels, what they sent back, what is late."""
    levels = permissions.inbox_levels(request.user)
    if not levels:
        raise PermissionDenied
    form = InboxFilterForm(request.GET or None, user=request.user)
    today = timezone.localdate()
    boxes = []
    for level in levels:
        rows = inbox_rows(form.filter(waiting_for(request.user, level)), today)
        boxes.append({"level": level, "rows": rows, "late": sum(r.late for r in rows)})
    late = [
        row
        for row in inbox_rows(
            form.filter(
                permissions.homologations_for_user(request.user).exclude(level=Level.APPROVED)
            ),
            today,
        )
        if row.late
    ]
    return render(
        request,
        "approvals/inbox.html",
        {
            "boxes": boxes,
            "sent_back": inbox_rows(form.filter(sent_back_by(request.user)), today),
            "late": late,
            "form": form,
            "scope": permissions.scope_names(request.user),
        },
    )


@login_required
@require_POST
def pass_on(request):
    """Bulk passing-on of the checked tournaments, in one sending."""
    ids = request.POST.getlist("homologation")
    homologations = list(permissions.homologations_for_user(request.user).filter(pk__in=ids))
    if len(homologations) != len(set(ids)):
        messages.error(request, _("Choose tournaments from your inbox."))
        return redirect("approvals:inbox")
    try:
        sending = services.homologations_pass_on(actor=request.user, homologations=homologations)
    except ValidationError as exc:
        messages.error(request, error_text(exc))
    else:
        messages.success(
            request,
            _("%(count)s tournaments passed on.") % {"count": sending.homologations.count()},
        )
    return redirect("approvals:inbox")


def _homologation(request, pk) -> Homologation:
    homologation = get_object_or_404(permissions.homologations_for_user(request.user), pk=pk)
    return homologation


def _steps_for(user, homologation: Homologation) -> list[dict]:
    """The steps the user may take here: the chain's, for their level, except passing on
    (from the inbox) and submitting (from the tournament)."""
    steps = []
    for (level, action), (_next, who) in MOVES.items():
        if level != homologation.level or action in (Action.SUBMIT, Action.PASS_ON):
            continue
        deciding = action in (Action.ACCEPT_CORRECTION, Action.REFUSE_CORRECTION)
        if deciding != bool(homologation.correction_reason) and level == Level.APPROVED:
            continue
        if permissions.can_act_as(user, homologation, who):
            steps.append(
                {"action": action, "name": ACTION_NAMES[action], "reason": action in REASONED}
            )
    return steps


@login_required
def homologation_page(request, pk):
    homologation = _homologation(request, pk)
    rows = inbox_rows([homologation], timezone.localdate())
    return render(
        request,
        "approvals/homologation.html",
        {
            "homologation": homologation,
            "row": rows[0],
            "steps": homologation.steps.select_related("actor"),
            "actions": _steps_for(request.user, homologation),
            "awards": len(awards_by_registration(homologation.tournament))
            if homologation.tournament_id
            else homologation.external_awards.count(),
        },
    )


@login_required
@require_POST
def homologation_step(request, pk):
    homologation = _homologation(request, pk)
    try:
        action = Action(request.POST.get("action", ""))
    except ValueError:
        messages.error(request, _("Unknown step."))
        return redirect("approvals:homologation", homologation.pk)
    try:
        services.homologation_step(
            actor=request.user,
            homologation=homologation,
            action=action,
            comment=request.POST.get("comment", "")[:1000],
        )
    except ValidationError as exc:
        messages.error(request, error_text(exc))
    else:
        messages.success(request, _("Done: %(step)s.") % {"step": ACTION_NAMES[action]})
    return redirect("approvals:homologation", homologation.pk)


@login_required
def submit(request, pk):
    """GET: confirm; POST: send the finished tournament to its committee."""
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    if not permissions.can_submit(request.user, tournament):
        raise PermissionDenied
    if request.method != "POST":
        return confirm_page(
            request,
            title=_("Send for homologation"),
            question=_("Send “%(name)s” to the committee for homologation?")
            % {"name": tournament.name},
            hint=_(
                "The results, the PCN and PP table and the bordereau go to the committee; "
                "the results can no longer be changed unless it is sent back."
            ),
            confirm_label=_("Send"),
            cancel_url=reverse("tournaments:detail", args=[tournament.pk]),
        )
    try:
        homologation = services.tournament_submit(actor=request.user, tournament=tournament)
    except ValidationError as exc:
        messages.error(request, error_text(exc))
        return redirect("tournaments:detail", tournament.pk)
    messages.success(request, _("The tournament is sent for homologation."))
    return redirect("approvals:homologation", homologation.pk)
