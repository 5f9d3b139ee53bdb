"""The homologation pages: each level's inbox (what waits for it, what it sent back, what
is late, filtered by season, club, level), a tournament's homologation with its history,
fees and steps, and the organiser's sending. Every change goes through the services."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from apps.accounts.permissions import roles_of
from apps.approvals import documents, permissions, services
from apps.approvals.domain.chain import (
    ACTION_NAMES,
    LEVEL_PLACES,
    Action,
    Level,
)
from apps.approvals.external import can_receive
from apps.approvals.external_views import correction_form
from apps.approvals.forms import InboxFilterForm
from apps.approvals.models import Homologation, Sending
from apps.approvals.offers import steps_offered
from apps.approvals.selectors import (
    corrections_asked,
    deadlines_of,
    details_corrections,
    ever_sent,
    fees_report,
    inbox_rows,
    resubmissions,
    route_of,
    sendings_readable,
    sent_back_by,
    waiting_for,
    with_alerts,
)
from apps.awards.store import awards_by_registration
from apps.competitions.models import Stage
from apps.core.forms import FrenchDecimalField
from apps.core.pages import (
    confirm_page,
    download,
    form_errors_text,
    safe_next,
    service_call,
)
from apps.core.values import whole_numbers
from apps.federation.domain.seasons import season_of
from apps.federation.models import Committee, Season
from apps.tournaments.domain.indices import GRANTED_INDICES
from apps.tournaments.forms import IndexField
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
        boxes.append(
            {
                "level": level,
                "waiting": f"En attente {LEVEL_PLACES[Level(level)]}",
                "passes_on": level != Level.FEDERATION,  # the federation approves instead
                "rows": rows,
                "late": sum(r.late for r in rows),
            }
        )
    # Every box's alerts read at once: their cost does not grow with the tournaments.
    alerted = iter(with_alerts([row for box in boxes for row in box["rows"]], request.user))
    for box in boxes:
        box["rows"] = [next(alerted) for _row in box["rows"]]
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
            "corrections": inbox_rows(form.filter(corrections_asked(request.user)), today)
            if Level.FEDERATION in levels
            else None,
            "late": late,
            "form": form,
            "scope": permissions.scope_names(request.user),
            "boxes_levels": [level.value for level in levels],
            "can_receive": can_receive(request.user),
        },
    )


def _level_seen(request) -> Level | None:
    """The level the page showed the tournament at, if it says (a form posted twice finds
    the tournament moved on)."""
    try:
        return Level(request.POST.get("level", ""))
    except ValueError:
        return None


def _passed_on_text(sending) -> str:
    count = sending.homologations.count()
    text = ngettext("%(count)s tournament passed on.", "%(count)s tournaments passed on.", count)
    return text % {"count": count}


@login_required
@require_POST
def pass_on(request):
    """Passing on the checked tournaments in one sending, from the inbox (in bulk) or from
    a tournament's page (one, with an optional comment)."""
    ids = whole_numbers(request.POST.getlist("homologation"))
    homologations = list(permissions.homologations_for_user(request.user).filter(pk__in=ids or []))
    if ids is None or len(homologations) != len(set(ids)):
        messages.error(request, _("Choose tournaments from your inbox."))
        return redirect("approvals:inbox")
    service_call(
        request,
        services.homologations_pass_on,
        done=_passed_on_text,
        actor=request.user,
        homologations=homologations,
        expected=_level_seen(request),
        comment=request.POST.get("comment", "")[:1000],
    )
    return redirect(safe_next(request, reverse("approvals:inbox")))


def _homologation(request, pk) -> Homologation:
    homologation = get_object_or_404(permissions.homologations_for_user(request.user), pk=pk)
    return homologation


def _steps_with_changes(homologation: Homologation) -> list[tuple]:
    """The history: each step, with what changed since the previous sending when it is a
    sending again."""
    changes = resubmissions(homologation)
    return [(step, changes.get(step.pk)) for step in homologation.steps.select_related("actor")]


@login_required
def homologation_page(request, pk):
    homologation = _homologation(request, pk)
    rows = inbox_rows([homologation], timezone.localdate())
    # The integrity alerts are for the officers of the chain, not the organiser.
    officer = bool(permissions.inbox_levels(request.user))
    if officer:
        rows = with_alerts(rows, request.user)
    return render(
        request,
        "approvals/homologation.html",
        {
            "homologation": homologation,
            "row": rows[0],
            "steps": _steps_with_changes(homologation),
            "actions": steps_offered(request.user, homologation),
            "officer": officer,
            "may_note": permissions.can_note_alerts(request.user, homologation),
            "stage": Stage.objects.filter(
                tournament_id=homologation.tournament_id, closed_at__isnull=False
            ).first()
            if homologation.tournament_id
            else None,
            "awards": len(awards_by_registration(homologation.tournament))
            if homologation.tournament_id
            else homologation.external_awards.count(),
            "sendings": sendings_readable(request.user, homologation),
            "correction_form": correction_form(request.user, homologation),
            "corrections": details_corrections(homologation) if homologation.external else [],
            "season_name": season_of(homologation.date).name,
        },
    )


@login_required
@require_POST
def homologation_step(request, pk):
    homologation = _homologation(request, pk)
    if request.POST.get("action") == Action.SUBMIT and homologation.external:
        service_call(
            request,
            services.external_resend,
            done=_("The tournament is sent for homologation."),
            actor=request.user,
            homologation=homologation,
        )
        return redirect("approvals:homologation", homologation.pk)
    try:
        action = Action(request.POST.get("action", ""))
    except ValueError:
        messages.error(request, _("Unknown step."))
        return redirect("approvals:homologation", homologation.pk)
    service_call(
        request,
        services.homologation_step,
        done=_("Done: %(step)s.") % {"step": ACTION_NAMES[action]},
        actor=request.user,
        homologation=homologation,
        action=action,
        comment=request.POST.get("comment", "")[:1000],
        expected=_level_seen(request),
    )
    return redirect(safe_next(request, reverse("approvals:homologation", args=[homologation.pk])))


@login_required
@require_POST
def alert_note(request, pk):
    """« Noter pourquoi c'est normal »: the officer the tournament waits for notes why one
    of its integrity alerts is fine; the alert stays, shown as noted."""
    homologation = _homologation(request, pk)
    if not permissions.can_note_alerts(request.user, homologation):
        raise PermissionDenied
    service_call(
        request,
        services.homologation_alert_note,
        done=_("The alert is noted as fine, with your reason."),
        actor=request.user,
        homologation=homologation,
        key=request.POST.get("key", "")[:100],
        reason=request.POST.get("reason", ""),
    )
    return redirect(reverse("approvals:homologation", args=[homologation.pk]) + "#alerts")


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
            question=_("Send “%(name)s” for homologation, %(where)s?")
            % {"name": tournament.name, "where": LEVEL_PLACES[route_of(tournament.pk)[0]]},
            hint=_(
                "The results, the PCN and PP table and the bordereau go with it; the results "
                "can no longer be changed unless it is sent back."
            ),
            confirm_label=_("Send"),
            cancel_url=reverse("tournaments:detail", args=[tournament.pk]),
        )
    submitted = service_call(
        request,
        services.tournament_submit,
        done=_("The tournament is sent for homologation."),
        actor=request.user,
        tournament=tournament,
    )
    if not submitted:
        return redirect("tournaments:detail", tournament.pk)
    return redirect("approvals:homologation", submitted.result.pk)


@login_required
def pcn_table(request, pk):
    homologation = _homologation(request, pk)
    name = f"tableau-pcn-{homologation.pk}.pdf"
    return download(documents.pcn_table_pdf(homologation), "application/pdf", name)


def _sending(request, pk) -> Sending:
    sending = get_object_or_404(Sending.objects.select_related("sent_by"), pk=pk)
    carried = list(
        Homologation.objects.filter(steps__sending=sending)
        .select_related("club__committee", "tournament")
        .distinct()
    )
    if not permissions.can_view_sending(request.user, sending, carried):
        raise PermissionDenied
    return sending


@login_required
def bordereau(request, pk):
    sending = _sending(request, pk)
    name = f"bordereau-{sending.pk}.pdf"
    return download(documents.bordereau_pdf(sending), "application/pdf", name)


@login_required
@require_POST
def fees_received(request, pk):
    sending = _sending(request, pk)
    service_call(
        request,
        services.sending_fees_received,
        done=_("The sending's fees are marked received."),
        actor=request.user,
        sending=sending,
    )
    return redirect("approvals:fees")


class CommitteeRateForm(forms.Form):
    committee = forms.ModelChoiceField(label=_("Committee"), queryset=None)
    rate = FrenchDecimalField(
        label=_("Participation per player (€)"), min_value=0, max_digits=5, decimal_places=2
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["committee"].queryset = Committee.objects.filter(
            pk__in=roles_of(user).committee_ids
        )


@login_required
@require_POST
def committee_rate(request):
    form = CommitteeRateForm(request.POST, user=request.user)
    if not form.fields["committee"].queryset.exists():
        raise PermissionDenied
    if form.is_valid():
        service_call(
            request,
            services.committee_rate_set,
            done=_("The committee's participation is saved."),
            actor=request.user,
            **form.cleaned_data,
        )
    else:
        messages.error(request, form_errors_text(form))
    return redirect("approvals:fees")


@login_required
def fees(request):
    """The fees due and received (« Redevance nationale »), by sending, club, committee and
    zone, over the user's scope and the chosen season."""
    if not permissions.inbox_levels(request.user):
        raise PermissionDenied
    form = InboxFilterForm(request.GET or None, user=request.user)
    homologations = ever_sent(form.filter(permissions.homologations_for_user(request.user)))
    levels = permissions.inbox_levels(request.user)
    report = fees_report(homologations, timezone.localdate(), levels)
    rate_form = CommitteeRateForm(user=request.user)
    return render(
        request,
        "approvals/fees.html",
        {
            "report": report,
            "form": form,
            "rate_form": rate_form if rate_form.fields["committee"].queryset.exists() else None,
        },
    )


class IndexGrantForm(forms.Form):
    index = IndexField(label=_("Index granted"), indices=tuple(GRANTED_INDICES))


@login_required
def grant(request, pk):
    """GET: the form; POST: the committee (1.2) or the federation (1.5) grants the index."""
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    if not permissions.can_grant_index(request.user, tournament):
        raise PermissionDenied
    form = IndexGrantForm(request.POST or None)
    if (
        request.method == "POST"
        and form.is_valid()
        and service_call(
            request,
            services.index_grant,
            form=form,
            done=_("The index is granted."),
            actor=request.user,
            tournament=tournament,
            index=form.cleaned_data["index"],
        )
    ):
        return redirect("tournaments:detail", tournament.pk)
    return render(request, "approvals/grant.html", {"tournament": tournament, "form": form})


class DeadlinesForm(forms.Form):
    season = forms.ModelChoiceField(label=_("Season"), queryset=Season.objects.all())
    previous_year_tables = forms.DateField(
        label=_("Tables of the previous year"), widget=forms.DateInput(attrs={"type": "date"})
    )
    season_tables = forms.DateField(
        label=_("Tables of the season"), widget=forms.DateInput(attrs={"type": "date"})
    )
    season_end = forms.DateField(
        label=_("End of the season"), widget=forms.DateInput(attrs={"type": "date"})
    )


@login_required
def deadlines(request):
    """The seasons' deadlines, set by federation staff."""
    if not roles_of(request.user).federation:
        raise PermissionDenied
    form = DeadlinesForm(request.POST or None)
    if (
        request.method == "POST"
        and form.is_valid()
        and service_call(
            request,
            services.season_deadlines_set,
            form=form,
            done=_("The deadlines are saved."),
            actor=request.user,
            **form.cleaned_data,
        )
    ):
        return redirect("approvals:deadlines")
    seasons = [(season, deadlines_of(season.start)) for season in Season.objects.all()]
    return render(request, "approvals/deadlines.html", {"form": form, "seasons": seasons})
