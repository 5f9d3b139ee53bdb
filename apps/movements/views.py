"""The movement page of a session: the grid per position, its generation, the referee's
changes (each confirmed before it is made) and the printouts.

Referees assigned to the tournament and federation staff run the movement; whoever
oversees the tournament (club managers, committee and zone staff) reads it and prints it.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from apps.core.pages import confirm_page, post_or_back, service_call
from apps.movements import selectors, services
from apps.movements.forms import (
    LateArrivalForm,
    MovementGenerateForm,
    PlayerReplaceForm,
    PlayersSwapForm,
)
from apps.movements.models import SessionMovement
from apps.movements.printing import Printout, printout_render
from apps.tournaments import permissions
from apps.tournaments.pages import session_page

CONFIRMED = "confirmed"


def _movement(session) -> SessionMovement:
    return get_object_or_404(SessionMovement.objects.select_related("session"), session=session)


def page_url(session) -> str:
    return reverse("movements:page", args=[session.pk])


def _resubmitted(form) -> dict:
    """The posted values of a form, to post again from the confirmation page."""
    fields = {name: form.data.get(name, "") for name in form.fields}
    return {**fields, CONFIRMED: "1"}


def _selected_position(request, movement) -> int:
    try:
        chosen = int(request.GET.get("position", ""))
    except ValueError:
        chosen = 0
    if 1 <= chosen <= movement.positions:
        return chosen
    return movement.first_open_position


def _change_forms(movement, spots, bound: dict) -> dict:
    def form(name, form_class):
        return bound.get(name) or form_class(spots=spots, tournament=movement.session.tournament)

    forms = {
        "late_form": form("late", LateArrivalForm),
        "replace_form": form("replace", PlayerReplaceForm),
    }
    if not movement.started:
        forms["swap_form"] = form("swap", PlayersSwapForm)
    return forms


def _page(request, session, *, bound=None, status=200):
    """The movement page; `bound` holds a form posted with errors, shown in place."""
    bound = bound or {}
    user = request.user
    movement = selectors.session_movement(session)
    can_run = permissions.can_run_movement(user, session.tournament)
    context = {"session": session, "tournament": session.tournament, "movement": movement}
    context["can_run"] = can_run
    if movement:
        sequence = _selected_position(request, movement)
        context.update(
            sequence=sequence,
            sections=selectors.movement_grid(movement, sequence),
            position_tabs=selectors.position_numbers(movement),
            printouts=[(kind.title, kind.value) for kind in Printout],
        )
        if request.htmx and request.htmx.target == "grid":
            return render(request, "movements/_grid.html", context)
        if can_run:
            context.update(
                _change_forms(movement, selectors.movement_spots(movement), bound),
                unseated=selectors.registrations_unseated(movement),
            )
    if can_run and not (movement and movement.started):
        context["check"] = selectors.session_check(session)
        context["generate_form"] = bound.get("generate") or MovementGenerateForm(
            initial=_generate_initial(movement, context["check"])
        )
    return render(request, "movements/page.html", context, status=status)


def _generate_initial(movement, check) -> dict:
    if movement is None:
        return {"tables": check.tables}
    return {"tables": movement.tables, "type": movement.requested_type, "method": movement.method}


@login_required
def movement_page(request, pk):
    return _page(request, session_page(request, pk, permissions.can_view_movement))


@login_required
def movement_check(request, pk):
    """htmx: what the tables asked for leave missing, or why no movement fits."""
    session = session_page(request, pk, permissions.can_run_movement)
    form = MovementGenerateForm(request.GET)
    form.is_valid()
    names = ("tables", "type", "positions", "variant")
    request_values = {name: form.cleaned_data.get(name) for name in names}
    request_values["type"] = request_values["type"] or ""
    request_values["variant"] = request_values["variant"] or ""
    return render(
        request,
        "movements/_check.html",
        {"check": selectors.session_check(session, **request_values)},
    )


@login_required
@post_or_back("movements:page")
def movement_generate(request, pk):
    session = session_page(request, pk, permissions.can_run_movement)
    form = MovementGenerateForm(request.POST)
    if form.is_valid():
        if selectors.session_movement(session) and CONFIRMED not in request.POST:
            return confirm_page(
                request,
                title=_("Regenerate the movement"),
                question=_("Replace the movement and the seating of session %(number)s?")
                % {"number": session.number},
                hint=_(
                    "Every player is seated again: print the route cards, table cards "
                    "and travellers again."
                ),
                confirm_label=_("Regenerate"),
                cancel_url=page_url(session),
                fields=_resubmitted(form),
            )
        if service_call(
            request,
            services.movement_generate,
            done=_("The movement is generated and the players are seated."),
            actor=request.user,
            session=session,
            **form.cleaned_data,
        ):
            return redirect(page_url(session))
    return _page(request, session, bound={"generate": form}, status=400)


@login_required
@post_or_back("movements:page")
def movement_advance(request, pk):
    session = session_page(request, pk, permissions.can_run_movement)
    movement = _movement(session)
    try:
        current = int(request.POST.get("from_position", ""))
    except ValueError:
        messages.error(request, _("The page was out of date: look before going on."))
        return redirect(f"{page_url(session)}?position={movement.first_open_position}")
    following = current + 1
    if CONFIRMED not in request.POST:
        return confirm_page(
            request,
            warnings=services.advance_warnings_of(movement),
            title=_("Next position"),
            question=_("Put position %(position)s in play?") % {"position": following},
            hint=_("Positions in play or played can no longer be swapped or reseated."),
            confirm_label=_("Confirm"),
            cancel_url=page_url(session),
            fields={CONFIRMED: "1", "from_position": current},
        )
    advanced = service_call(
        request,
        services.movement_advance,
        done=_("Position %(position)s is in play.") % {"position": following},
        actor=request.user,
        movement=movement,
        from_position=current,
    )
    movement = advanced.result if advanced else movement
    return redirect(f"{page_url(session)}?position={movement.first_open_position}")


# --- referee changes -------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    name: str
    form_class: type
    service: Callable
    title: str
    question: str  # formatted with the chosen labels
    done: str
    consequence: str = ""  # what the change means for the results, said before it is made


def _labels(form) -> dict:
    """The label of every chosen place, and the licensee's name, for the messages."""
    labels = {}
    for name, field in form.fields.items():
        value = form.cleaned_data.get(name)
        if hasattr(field, "choices") and value is not None:
            labels[name] = dict(field.choices)[value.key]
    if form.cleaned_data.get("licensee"):
        labels["licensee"] = form.cleaned_data["licensee"].full_name
    return labels


def _change(request, pk, change: Change):
    session = session_page(request, pk, permissions.can_run_movement)
    movement = _movement(session)
    form = change.form_class(
        request.POST, spots=selectors.movement_spots(movement), tournament=session.tournament
    )
    if form.is_valid():
        labels = _labels(form)
        if CONFIRMED not in request.POST:
            return confirm_page(
                request,
                title=change.title,
                question=change.question % labels,
                hint=" ".join(
                    [
                        _(
                            "The change applies from position %(position)s on; positions "
                            "already played keep their players."
                        )
                        % {"position": movement.first_open_position},
                        *([str(change.consequence)] if change.consequence else []),
                    ]
                ),
                confirm_label=change.title,
                cancel_url=page_url(session),
                fields=_resubmitted(form),
            )
        if service_call(
            request,
            change.service,
            done=change.done % labels,
            actor=request.user,
            movement=movement,
            **form.cleaned_data,
        ):
            return redirect(page_url(session))
    return _page(request, session, bound={change.name: form}, status=400)


CHANGES = {
    "swap": Change(
        "swap",
        PlayersSwapForm,
        services.players_swap,
        gettext_lazy("Swap two places"),
        gettext_lazy("Swap %(first)s and %(second)s?"),
        gettext_lazy("Swapped: %(first)s and %(second)s."),
    ),
    "late": Change(
        "late",
        LateArrivalForm,
        services.late_arrival_seat,
        gettext_lazy("Seat a late arrival"),
        gettext_lazy("Seat %(licensee)s in %(spot)s?"),
        gettext_lazy("%(licensee)s is seated in %(spot)s."),
    ),
    "replace": Change(
        "replace",
        PlayerReplaceForm,
        services.player_replace,
        gettext_lazy("Replace a player"),
        gettext_lazy("Declare %(spot)s forfeit and replace them by %(licensee)s?"),
        gettext_lazy("%(licensee)s replaces %(spot)s."),
        gettext_lazy(
            "The replaced player is forfeit: not ranked in this session and without PCN "
            "or PP. The substitute is ranked on their own étuis if they play at least half "
            "of the session."
        ),
    ),
}


@login_required
@post_or_back("movements:page")
def movement_change(request, pk, change):
    """Swap, late arrival or replacement: confirm, then make the change."""
    return _change(request, pk, CHANGES[change])


# --- printouts -------------------------------------------------------------------


@login_required
def movement_printout(request, pk, kind):
    session = session_page(request, pk, permissions.can_view_movement)
    try:
        kind = Printout(kind)
    except ValueError as exc:
        raise Http404 from exc
    rendered = printout_render(_movement(session), kind)
    response = HttpResponse(rendered.pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{rendered.filename}"'
    return response
