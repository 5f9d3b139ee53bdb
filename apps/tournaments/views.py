"""Club area home and the tournament page: create, show, edit and change its status."""

from copy import copy

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from apps.accounts.permissions import can_use_club_area
from apps.core.pages import (
    area_required,
    confirm_page,
    error_text,
    page_of,
    post_or_back,
    safe_next,
    service_call,
)
from apps.core.panels import panels_for
from apps.federation.forms import LicenseeSearchForm
from apps.federation.permissions import clubs_managed_by
from apps.tournaments import permissions, services
from apps.tournaments.domain.workflow import ORDER, Status, next_statuses
from apps.tournaments.forms import (
    RefereeAssignForm,
    SessionStartForm,
    TournamentCreateForm,
    TournamentForm,
    game_chosen,
)
from apps.tournaments.models import Session, Tournament
from apps.tournaments.selectors import (
    registration_candidates,
    tournament_played,
    with_player_counts,
)

# Button label of each transition, keyed by (current status, target status).
TRANSITION_LABELS = {
    (Status.DRAFT, Status.REGISTRATION_OPEN): gettext_lazy("Open registration"),
    (Status.REGISTRATION_OPEN, Status.DRAFT): gettext_lazy("Back to draft"),
    (Status.REGISTRATION_OPEN, Status.RUNNING): gettext_lazy("Start the tournament"),
    (Status.RUNNING, Status.REGISTRATION_OPEN): gettext_lazy("Back to registration"),
    (Status.RUNNING, Status.FINISHED): gettext_lazy("Finish the tournament"),
    (Status.FINISHED, Status.RUNNING): gettext_lazy("Resume the tournament"),
}
# What reaching a status means, shown on the confirmation page.
STATUS_HINTS = {
    Status.DRAFT: gettext_lazy("The tournament is hidden from the public again."),
    Status.REGISTRATION_OPEN: gettext_lazy(
        "The tournament becomes public and players can be registered."
    ),
    Status.RUNNING: gettext_lazy("Play begins; players can still be added or removed."),
    Status.FINISHED: gettext_lazy(
        "Play is over: registrations are closed. Every line must have a score or be stated "
        "not played."
    ),
}

# --- helpers (also used by the registration and referee pages) --------------------


def _visible(request, pk) -> Tournament:
    return get_object_or_404(permissions.tournaments_for_user(request.user), pk=pk)


def managed_tournament(request, pk) -> Tournament:
    """The tournament if the user may open it (else 404) and manage it (else 403)."""
    tournament = _visible(request, pk)
    if not permissions.can_manage_tournament(request.user, tournament):
        raise PermissionDenied
    return tournament


def tournament_url(tournament) -> str:
    return reverse("tournaments:detail", args=[tournament.pk])


def _status_or_404(value) -> Status:
    try:
        return Status(value)
    except ValueError as exc:
        raise Http404 from exc


def _transition_label(current: Status, target: Status) -> str:
    return TRANSITION_LABELS.get((current, target), Tournament.StatusChoice(target).label)


def transition_buttons(user, tournament) -> list[dict]:
    """The status buttons this user may press, forward steps first. A forward step is the
    page's primary button, except finishing while play runs: the evening's work then is
    the movement and the scores, and finishing is the last thing done."""
    if tournament.frozen:  # a stage whose qualified are named does not resume play
        return []
    current = Status(tournament.status)
    capacities = permissions.tournament_capacities(user, tournament)
    # Only a running tournament's way back can cross played results (the services refuse
    # it from any status).
    played = current == Status.RUNNING and tournament_played(tournament)
    targets = next_statuses(current, capacities, played=played)
    buttons = [
        {
            "status": target.value,
            "label": _transition_label(current, target),
            "backward": (backward := ORDER.index(target) < ORDER.index(current)),
            "primary": not backward and (current, target) != (Status.RUNNING, Status.FINISHED),
        }
        for target in targets
    ]
    return sorted(buttons, key=lambda b: b["backward"])


def registrations_context(user, tournament) -> dict:
    """The registration list of the tournament, its players holding a place and waiting
    (counted from the list itself), and whether the user may change it."""
    registrations = list(
        tournament.registrations.select_related("licensee__club").order_by(
            "waiting", "licensee__last_name", "licensee__first_name"
        )
    )
    waiting = sum(registration.waiting for registration in registrations)
    return {
        "tournament": tournament,
        "registrations": registrations,
        "registered_count": len(registrations) - waiting,
        "waiting_count": waiting,
        "can_register": permissions.can_register_in_tournament(user, tournament),
    }


def waiting_notice(registration) -> str:
    """What the referee or the club is told when a full tournament puts the player on
    its waiting list (empty when they hold a place)."""
    if not registration.waiting:
        return ""
    return _("The tournament is full: %(name)s is on the waiting list.") % {
        "name": registration.licensee.full_name
    }


def search_context(request, tournament) -> dict:
    """The registration search box and its results (licensees the user may register)."""
    search = LicenseeSearchForm(request.GET)
    candidates = registration_candidates(request.user, tournament, search)
    return {"tournament": tournament, "search": search, "candidates": candidates}


# --- club area -------------------------------------------------------------------


@area_required(can_use_club_area)
def club_home(request):
    tournaments = (
        with_player_counts(permissions.tournaments_in_scope(request.user))
        .filter(club__in=clubs_managed_by(request.user))
        .order_by("-date", "name")
    )
    return render(
        request,
        "tournaments/club_home.html",
        {
            "page": page_of(request, tournaments),
            "panels": panels_for("club_home", request.user),
        },
    )


@area_required(can_use_club_area)
def tournament_create(request):
    """The creation form; sent twice (a double click, a reload), it creates one tournament
    and the second answer leads to it."""
    data = request.POST or None
    game = game_chosen(data.get("game") if data else request.GET.get("jeu"))
    form = TournamentCreateForm(data, clubs=clubs_managed_by(request.user), game=game)
    key = form.is_bound and form.is_valid() and form.cleaned_data["request_key"]
    sent = key and Tournament.objects.filter(request_key=key).first()
    if sent and permissions.can_manage_tournament(request.user, sent):
        messages.info(request, _("This tournament was already created by the same form."))
        return redirect(tournament_url(sent))
    if form.is_valid() and (
        created := service_call(
            request,
            services.tournament_create,
            form=form,
            done=_("The tournament is created."),
            actor=request.user,
            **form.cleaned_data,
        )
    ):
        return redirect(tournament_url(created.result))
    return render(
        request,
        "tournaments/tournament_form.html",
        {
            "form": form,
            "title": _("Create a tournament"),
            "cancel_url": reverse("tournaments:club_home"),
            "games": Tournament.Game.choices,
            "game": game,
        },
    )


# --- tournament page -------------------------------------------------------------


def detail(request, pk):
    user = request.user
    tournament = get_object_or_404(
        with_player_counts(permissions.tournaments_for_user(user)).prefetch_related("sessions"),
        pk=pk,
    )
    manage = permissions.can_manage_tournament(user, tournament)
    context = {
        "tournament": tournament,
        "manage": manage,
        "transitions": transition_buttons(user, tournament),
        "time_sessions": permissions.can_set_session_times(user, tournament),
        "panels": panels_for("tournament_detail", user, tournament),
    }
    if permissions.can_oversee_tournament(user, tournament):
        context.update(registrations_context(user, tournament), oversee=True)
        context["referees"] = tournament.referee_assignments.select_related("referee").order_by(
            "referee__last_name", "referee__first_name"
        )
    if manage:
        context["referee_form"] = RefereeAssignForm(tournament=tournament)
        if context.get("can_register"):
            context.update(search_context(request, tournament))
    return render(request, "tournaments/detail.html", context)


@login_required
def tournament_edit(request, pk):
    tournament = managed_tournament(request, pk)
    form = TournamentForm(request.POST or None, instance=copy(tournament))
    if form.is_valid() and service_call(
        request,
        services.tournament_update,
        form=form,
        done=_("The tournament is saved."),
        actor=request.user,
        tournament=tournament,
        **form.cleaned_data,
    ):
        return redirect(tournament_url(tournament))
    return render(
        request,
        "tournaments/tournament_form.html",
        {
            "form": form,
            "tournament": tournament,
            "title": _("Edit the tournament"),
            "cancel_url": tournament_url(tournament),
        },
    )


@login_required
@post_or_back("tournaments:detail")
def session_start(request, pk, session_pk):
    """Set when a session starts, from the tournament's page or the referee room."""
    tournament = _visible(request, pk)
    session = get_object_or_404(Session, pk=session_pk, tournament=tournament)
    form = SessionStartForm(request.POST)
    if not form.is_valid():
        messages.error(request, error_text(ValidationError(form.errors["starts_at"])))
    else:
        services.session_start_set(
            actor=request.user, session=session, starts_at=form.cleaned_data["starts_at"]
        )
        messages.success(
            request, _("Session %(number)s: start time saved.") % {"number": session.number}
        )
    return redirect(safe_next(request, tournament_url(tournament)))


@login_required
def tournament_transition(request, pk):
    """GET: confirm the status change; POST: make it."""
    tournament = _visible(request, pk)
    target = _status_or_404(request.POST.get("status") or request.GET.get("status"))
    back = safe_next(request, tournament_url(tournament))
    if request.method != "POST":
        if not permissions.can_transition_tournament(request.user, tournament, target):
            raise PermissionDenied
        refusals = services.transition_refusals(tournament, target)
        return confirm_page(
            request,
            warnings=refusals,
            blocked=bool(refusals),
            title=_transition_label(Status(tournament.status), target),
            question=_("Move “%(name)s” from “%(old)s” to “%(new)s”?")
            % {
                "name": tournament.name,
                "old": tournament.get_status_display(),
                "new": Tournament.StatusChoice(target).label,
            },
            hint=STATUS_HINTS[target],
            confirm_label=_("Confirm"),
            cancel_url=back,
            fields={"status": target.value, "next": back},
        )
    service_call(
        request,
        services.tournament_transition,
        done=_("The tournament is now “%(status)s”.")
        % {"status": Tournament.StatusChoice(target).label},
        actor=request.user,
        tournament=tournament,
        status=target,
    )
    return redirect(back)
